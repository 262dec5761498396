import { zodResolver } from "@hookform/resolvers/zod";
import { ACCOUNT_MESSAGES, accountTokenSchema, USERNAME_RULE } from "@portal/domain";
import { useForm } from "react-hook-form";
import { TextField } from "../../../components/form-fields/text-field";
import { LoadingStatus } from "../../../components/spinner/spinner";
import { paths } from "../../../config/paths";
import { useActivateAccount } from "../api/activate-account";
import { useAccountLinkState } from "../api/check-account-link";
import { accountCallFailure } from "../utils/account-call-failure";
import { activationFormSchema } from "../utils/form-schemas";
import { FAILURE_MESSAGES } from "../utils/messages";
import { AccountPage } from "./account-page";
import { FailureAlert } from "./failure-alert";
import { FieldHint } from "./field-hint";
import { LinkInvalidPanel } from "./link-invalid-panel";
import { NewPasswordFields } from "./new-password-fields";
import { OutcomePanel } from "./outcome-panel";
import { SubmitButton } from "./submit-button";

/**
 * First-time registration, step 2, behind the mailed link: the member chooses a username and a
 * password. `token` is the link's last part.
 */
export function ActivateAccountPage({ token }: { token: string }) {
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    trigger,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(activationFormSchema),
    mode: "all",
    // The token is a form value without a field, so the contract's schema checks the whole request.
    defaultValues: { token, username: "", password: "", confirmPassword: "" },
  });
  const activation = useActivateAccount();
  // Asked when the page opens: a used or expired link is said before anything is typed.
  const link = useAccountLinkState({ token, purpose: "ACTIVATION" });
  const failure = activation.error ? accountCallFailure(activation.error, FAILURE_MESSAGES.activate) : null;

  const send = handleSubmit(({ username, password }) =>
    activation.mutate(
      { token, username, password },
      {
        onError: (error) => {
          if (accountCallFailure(error, "").kind !== "username-taken") return;
          setError("username", { message: ACCOUNT_MESSAGES.usernameTaken }, { shouldFocus: true });
        },
      },
    ),
  );

  // A link cut short in the mail client is no use: say so at once rather than after the form.
  const linkState = link.data;
  if (
    !accountTokenSchema.safeParse(token).success ||
    failure?.kind === "link-invalid" ||
    (linkState !== undefined && linkState !== "VALID")
  ) {
    return (
      <AccountPage heading="Create your log-in">
        <LinkInvalidPanel askAgainHref={paths.register.getHref()} state={linkState} />
      </AccountPage>
    );
  }
  // Until the link is known to work, no form: the check takes a moment. Should it fail, the form
  // shows, and sending it says what is wrong with the link.
  if (link.isPending) {
    return (
      <AccountPage heading="Create your log-in">
        <LoadingStatus label="Checking your link..." />
      </AccountPage>
    );
  }
  return (
    <AccountPage heading="Create your log-in">
      {activation.isSuccess ? (
        <OutcomePanel
          tone="success"
          message={ACCOUNT_MESSAGES.activated}
          next={{ to: paths.login.getHref(), label: "Log in" }}
        />
      ) : (
        <>
          <p>Choose the username and the password you will log in with.</p>
          <form noValidate aria-label="Create your log-in" onSubmit={send}>
            <TextField
              label="Username"
              autoComplete="username"
              required
              registration={register("username")}
              error={errors.username}
              labelAddon={(id) => <FieldHint id={id}>{USERNAME_RULE}</FieldHint>}
            />
            <NewPasswordFields
              passwordLabel="Password"
              confirmLabel="Confirm password"
              password={register("password", {
                // Once typed, the second password is checked again whenever the first one changes.
                onChange: () => getValues("confirmPassword") !== "" && trigger("confirmPassword"),
              })}
              confirmPassword={register("confirmPassword")}
              errors={errors}
            />
            {failure?.kind === "alert" ? <FailureAlert message={failure.message} /> : null}
            <SubmitButton label="Create my log-in" pending={activation.isPending} />
          </form>
        </>
      )}
    </AccountPage>
  );
}
