import { type LoginForm as LoginFormValues, type SessionInfo, VALIDATION_MESSAGES } from "@portal/domain";
import { type ChangeEvent, type FocusEvent, type FormEvent, lazy, Suspense, useRef, useState } from "react";
import { ErrorAlert } from "../../../components/alert/alert";
import { Spinner } from "../../../components/spinner/spinner";
import { useTranslate } from "../../../i18n/translate";
import { isHttpError } from "../../../lib/http";
import { useLogin } from "../api/login";
import { loginMessages } from "../login.messages";
import { checkLoginForm } from "../utils/login-form-check";
import { LOGIN_FIELD_NAMES, LoginField, type LoginFieldName, readLoginValues } from "./login-field";

// Only a local staff log-in ever needs these steps (and their schemas): a chunk of their own,
// fetched after the password was accepted, never part of a member's first load.
const SecondFactorEnrolmentStep = lazy(async () => ({
  default: (await import("./second-factor-steps")).SecondFactorEnrolmentStep,
}));
const SecondFactorCodeStep = lazy(async () => ({
  default: (await import("./second-factor-steps")).SecondFactorCodeStep,
}));

/** The gateway's own message (requirements §8: the login alert shows the returned message), else the HTTP error. */
function loginErrorMessage(error: Error): string {
  if (isHttpError(error) && typeof error.body?.message === "string" && error.body.message !== "") {
    return error.body.message;
  }
  return error.message;
}

/** A field's message from checkLoginForm (the domain's English) in the member's language. */
function translatedFieldError(error: string | undefined, t: ReturnType<typeof useTranslate>["t"]) {
  if (error === VALIDATION_MESSAGES.username) return t(loginMessages.usernameRequired);
  if (error === VALIDATION_MESSAGES.password) return t(loginMessages.passwordRequired);
  return error;
}

export type SecondFactorStep = "enrol" | "code";

/** Login screen form (requirements §2, §5): username and password, both required. */
export function LoginForm({
  onSuccess,
  onSecondFactorStep,
}: {
  onSuccess: (session: SessionInfo) => void;
  /** A staff log-in's second-factor step began (or ended, null): the screen around it is worded for staff. */
  onSecondFactorStep?: (step: SecondFactorStep | null) => void;
}) {
  // A field's message shows once it was left or changed, and every field's once the form is sent;
  // then it follows what is typed. (Checked by hand, not with a form library: this is the first
  // screen, and its download stays small.)
  const [values, setValues] = useState<LoginFormValues>({ username: "", password: "" });
  const [checked, setChecked] = useState<ReadonlySet<LoginFieldName>>(() => new Set());
  const inputs = useRef<Partial<Record<LoginFieldName, HTMLInputElement | null>>>({});
  // A local staff log-in's right password may owe a second factor: its step replaces the form.
  const [secondFactor, setSecondFactorState] = useState<SecondFactorStep | null>(null);
  const setSecondFactor = (step: SecondFactorStep | null) => {
    setSecondFactorState(step);
    onSecondFactorStep?.(step);
  };
  const loginMutation = useLogin({ onSuccess, onSecondFactor: setSecondFactor });
  const sending = loginMutation.isPending;
  const { t } = useTranslate();
  const allErrors = checkLoginForm(values).errors;
  const shownError = (name: LoginFieldName) => (checked.has(name) ? allErrors[name] : undefined);

  const check = (event: ChangeEvent<HTMLInputElement> | FocusEvent<HTMLInputElement>) => {
    const { form, name } = event.currentTarget;
    const field = LOGIN_FIELD_NAMES.find((candidate) => candidate === name);
    if (!form || field === undefined) return;
    setValues(readLoginValues(form));
    setChecked((before) => (before.has(field) ? before : new Set([...before, field])));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const current = readLoginValues(event.currentTarget);
    setValues(current);
    setChecked(new Set(LOGIN_FIELD_NAMES));
    const { values: checkedValues, errors } = checkLoginForm(current);
    const first = LOGIN_FIELD_NAMES.find((name) => errors[name] !== undefined);
    if (first === undefined) {
      loginMutation.mutate(checkedValues);
      return;
    }
    // The first field to put right gets the focus, so a keyboard or screen-reader user is taken there.
    inputs.current[first]?.focus();
  };

  const fieldProps = (name: LoginFieldName) => ({
    name,
    error: translatedFieldError(shownError(name), t),
    inputRef: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onCheck: check,
  });

  if (secondFactor) {
    const restart = () => {
      loginMutation.reset();
      setSecondFactor(null);
    };
    return (
      <Suspense fallback={<Spinner size="sm" label="Loading the next step..." />}>
        {secondFactor === "enrol" ? (
          <SecondFactorEnrolmentStep onSuccess={onSuccess} onRestart={restart} />
        ) : (
          <SecondFactorCodeStep onSuccess={onSuccess} onRestart={restart} />
        )}
      </Suspense>
    );
  }

  return (
    <form noValidate onSubmit={submit}>
      {loginMutation.isError ? <ErrorAlert>{loginErrorMessage(loginMutation.error)}</ErrorAlert> : null}
      <LoginField
        label={t(loginMessages.username)}
        type="text"
        autoComplete="username"
        {...fieldProps("username")}
      />
      <LoginField
        label={t(loginMessages.password)}
        type="password"
        autoComplete="current-password"
        {...fieldProps("password")}
      />
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? <Spinner size="sm" label={t(loginMessages.loggingIn)} className="me-2" /> : null}
        {t(loginMessages.logIn)}
      </button>
    </form>
  );
}
