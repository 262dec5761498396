import { zodResolver } from "@hookform/resolvers/zod";
import { ACCOUNT_MESSAGES, passwordResetRequestSchema } from "@portal/domain";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { TextField } from "../../../components/form-fields/text-field";
import { paths } from "../../../config/paths";
import { useRequestPasswordResetLink } from "../api/request-password-reset-link";
import { accountCallAlert } from "../utils/account-call-failure";
import { FAILURE_MESSAGES } from "../utils/messages";
import { AccountPage } from "./account-page";
import { FailureAlert } from "./failure-alert";
import { OutcomePanel } from "./outcome-panel";
import { SubmitButton } from "./submit-button";

/**
 * A forgotten password, step 1: a username or an e-mail address; a single-use link to set a new
 * password is mailed when the portal knows it. The answer is the same either way.
 */
export function ForgotPasswordPage() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(passwordResetRequestSchema),
    mode: "all",
    defaultValues: { login: "" },
  });
  const reset = useRequestPasswordResetLink();
  const failureMessage = reset.error ? accountCallAlert(reset.error, FAILURE_MESSAGES.sendLink) : null;

  return (
    <AccountPage heading="Forgot your password?">
      {reset.isSuccess ? (
        <OutcomePanel
          tone="success"
          message={ACCOUNT_MESSAGES.resetLinkSent}
          next={{ to: paths.login.getHref(), label: "Back to log in" }}
        />
      ) : (
        <>
          <p>
            Give your username or your email address. We will send a link to the address we hold for you,
            where you choose a new password. The link works once, for a short time.
          </p>
          <form
            noValidate
            aria-label="Forgot your password?"
            onSubmit={handleSubmit((values) => reset.mutate(values))}
          >
            <TextField
              label="Username or email address"
              autoComplete="username"
              required
              registration={register("login")}
              error={errors.login}
            />
            {failureMessage ? <FailureAlert message={failureMessage} /> : null}
            <SubmitButton label="Send me a link" pending={reset.isPending} />
          </form>
          <p className="mt-4 mb-0">
            Remembered it? <Link to={paths.login.getHref()}>Log in</Link>
          </p>
        </>
      )}
    </AccountPage>
  );
}
