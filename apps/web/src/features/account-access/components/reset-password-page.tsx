import { zodResolver } from "@hookform/resolvers/zod";
import { ACCOUNT_MESSAGES, accountTokenSchema } from "@portal/domain";
import { useForm } from "react-hook-form";
import { LoadingStatus } from "../../../components/spinner/spinner";
import { paths } from "../../../config/paths";
import { useAccountLinkState } from "../api/check-account-link";
import { useCompletePasswordReset } from "../api/complete-password-reset";
import { accountCallFailure } from "../utils/account-call-failure";
import { passwordResetFormSchema } from "../utils/form-schemas";
import { FAILURE_MESSAGES } from "../utils/messages";
import { AccountPage } from "./account-page";
import { FailureAlert } from "./failure-alert";
import { LinkInvalidPanel } from "./link-invalid-panel";
import { NewPasswordFields } from "./new-password-fields";
import { OutcomePanel } from "./outcome-panel";
import { SubmitButton } from "./submit-button";

/**
 * A forgotten password, step 2, behind the mailed link: the new password. The server also ends the
 * member's other sessions and mails them that the password changed. `token` is the link's last part.
 */
export function ResetPasswordPage({ token }: { token: string }) {
  const {
    register,
    handleSubmit,
    getValues,
    trigger,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(passwordResetFormSchema),
    mode: "all",
    // The token is a form value without a field, so the contract's schema checks the whole request.
    defaultValues: { token, password: "", confirmPassword: "" },
  });
  const completion = useCompletePasswordReset();
  // Asked when the page opens: a used or expired link is said before anything is typed.
  const link = useAccountLinkState({ token, purpose: "PASSWORD_RESET" });
  const failure = completion.error
    ? accountCallFailure(completion.error, FAILURE_MESSAGES.resetPassword)
    : null;

  // A link cut short in the mail client is no use: say so at once rather than after the form.
  const linkState = link.data;
  if (
    !accountTokenSchema.safeParse(token).success ||
    failure?.kind === "link-invalid" ||
    (linkState !== undefined && linkState !== "VALID")
  ) {
    return (
      <AccountPage heading="Choose a new password">
        <LinkInvalidPanel askAgainHref={paths.forgotPassword.getHref()} state={linkState} />
      </AccountPage>
    );
  }
  // Until the link is known to work, no form: the check takes a moment. Should it fail, the form
  // shows, and sending it says what is wrong with the link.
  if (link.isPending) {
    return (
      <AccountPage heading="Choose a new password">
        <LoadingStatus label="Checking your link..." />
      </AccountPage>
    );
  }
  return (
    <AccountPage heading="Choose a new password">
      {completion.isSuccess ? (
        <OutcomePanel
          tone="success"
          message={ACCOUNT_MESSAGES.passwordChanged}
          next={{ to: paths.login.getHref(), label: "Log in" }}
        />
      ) : (
        <>
          <p>
            Choose the new password you will log in with. Everywhere else you are logged in will be logged
            out.
          </p>
          <form
            noValidate
            aria-label="Choose a new password"
            onSubmit={handleSubmit(({ password }) => completion.mutate({ token, password }))}
          >
            <NewPasswordFields
              passwordLabel="New password"
              confirmLabel="Confirm new password"
              password={register("password", {
                // Once typed, the second password is checked again whenever the first one changes.
                onChange: () => getValues("confirmPassword") !== "" && trigger("confirmPassword"),
              })}
              confirmPassword={register("confirmPassword")}
              errors={errors}
            />
            {failure?.kind === "alert" ? <FailureAlert message={failure.message} /> : null}
            <SubmitButton label="Set new password" pending={completion.isPending} />
          </form>
        </>
      )}
    </AccountPage>
  );
}
