import { zodResolver } from "@hookform/resolvers/zod";
import { ACCOUNT_MESSAGES, registrationRequestSchema } from "@portal/domain";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { TextField } from "../../../components/form-fields/text-field";
import { paths } from "../../../config/paths";
import { useRequestRegistrationLink } from "../api/request-registration-link";
import { accountCallAlert } from "../utils/account-call-failure";
import { registrationParseOptions } from "../utils/form-schemas";
import { FAILURE_MESSAGES } from "../utils/messages";
import { AccountPage } from "./account-page";
import { FailureAlert } from "./failure-alert";
import { FieldHint } from "./field-hint";
import { OutcomePanel } from "./outcome-panel";
import { SubmitButton } from "./submit-button";

/**
 * First-time registration, step 1: a member on the register proves who they are and names an
 * address the scheme holds for them; a single-use link to choose a log-in is mailed there. The
 * answer never says whether the details matched anyone.
 */
export function RegisterPage() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(registrationRequestSchema, registrationParseOptions),
    // As the other forms: a message once a field was touched or changed; submitting marks them all.
    mode: "all",
    defaultValues: { membershipNumber: "", identityNumber: "", dateOfBirth: "", email: "" },
  });
  const registration = useRequestRegistrationLink();
  const failureMessage = registration.error
    ? accountCallAlert(registration.error, FAILURE_MESSAGES.sendLink)
    : null;

  return (
    <AccountPage heading="Register">
      {registration.isSuccess ? (
        <OutcomePanel
          tone="success"
          message={ACCOUNT_MESSAGES.registrationLinkSent}
          next={{ to: paths.login.getHref(), label: "Back to log in" }}
        />
      ) : (
        <>
          <p>
            Members of the scheme who do not have a log-in yet can make one here. Tell us who you are and give
            an email address we hold for you: we will send a link to it where you choose a username and a
            password. The link works once, for a short time.
          </p>
          {/* On failure nothing is reset: the details stay for another try. */}
          <form
            noValidate
            aria-label="Register"
            onSubmit={handleSubmit((values) => registration.mutate(values))}
          >
            <TextField
              label="Membership number"
              autoComplete="off"
              required
              registration={register("membershipNumber")}
              error={errors.membershipNumber}
              labelAddon={(id) => <FieldHint id={id}>As on your membership card.</FieldHint>}
            />
            <TextField
              label="ID or passport number"
              autoComplete="off"
              required
              registration={register("identityNumber")}
              error={errors.identityNumber}
            />
            <TextField
              label="Date of birth"
              type="date"
              autoComplete="bday"
              required
              registration={register("dateOfBirth")}
              error={errors.dateOfBirth}
            />
            <TextField
              label="Email address"
              type="email"
              autoComplete="email"
              required
              registration={register("email")}
              error={errors.email}
              labelAddon={(id) => <FieldHint id={id}>The address the scheme holds for you.</FieldHint>}
            />
            {failureMessage ? <FailureAlert message={failureMessage} /> : null}
            <SubmitButton label="Send me a link" pending={registration.isPending} />
          </form>
          <p className="mt-4 mb-0">
            Already have a log-in? <Link to={paths.login.getHref()}>Log in</Link>
          </p>
        </>
      )}
    </AccountPage>
  );
}
