import type { LoginForm as LoginFormValues, SessionInfo } from "@portal/domain";
import { type ChangeEvent, type FocusEvent, type FormEvent, useId, useRef, useState } from "react";
import { ErrorAlert } from "../../../components/alert/alert";
import { Spinner } from "../../../components/spinner/spinner";
import { isHttpError } from "../../../lib/http";
import { useLogin } from "../api/login";
import { checkLoginForm } from "../utils/login-form-check";

/** The gateway's own message (requirements §8: the login alert shows the returned message), else the HTTP error. */
function loginErrorMessage(error: Error): string {
  if (isHttpError(error) && typeof error.body?.message === "string" && error.body.message !== "") {
    return error.body.message;
  }
  return error.message;
}

type FieldName = keyof LoginFormValues;
const FIELD_NAMES: readonly FieldName[] = ["username", "password"];

interface FieldProps {
  name: FieldName;
  label: string;
  type: "text" | "password";
  autoComplete: string;
  error: string | undefined;
  inputRef: (input: HTMLInputElement | null) => void;
  onCheck: (event: ChangeEvent<HTMLInputElement> | FocusEvent<HTMLInputElement>) => void;
}

function Field({ name, label, type, autoComplete, error, inputRef, onCheck }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        className={`form-control${error ? " is-invalid" : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-required="true"
        onChange={onCheck}
        onBlur={onCheck}
      />
      {error ? (
        <div id={errorId} className="invalid-feedback">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** The form's values as the browser holds them (a password manager may have filled them in). */
function readValues(form: HTMLFormElement): LoginFormValues {
  const data = new FormData(form);
  const text = (name: FieldName) => {
    const value = data.get(name);
    return typeof value === "string" ? value : "";
  };
  return { username: text("username"), password: text("password") };
}

/** Login screen form (requirements §2, §5): username and password, both required. */
export function LoginForm({ onSuccess }: { onSuccess: (session: SessionInfo) => void }) {
  // A field's message shows once it was left or changed, and every field's once the form is sent;
  // then it follows what is typed. (Checked by hand, not with a form library: this is the first
  // screen, and its download stays small.)
  const [values, setValues] = useState<LoginFormValues>({ username: "", password: "" });
  const [checked, setChecked] = useState<ReadonlySet<FieldName>>(() => new Set());
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});
  const loginMutation = useLogin({ onSuccess });
  const sending = loginMutation.isPending;
  const allErrors = checkLoginForm(values).errors;
  const shownError = (name: FieldName) => (checked.has(name) ? allErrors[name] : undefined);

  const check = (event: ChangeEvent<HTMLInputElement> | FocusEvent<HTMLInputElement>) => {
    const { form, name } = event.currentTarget;
    const field = FIELD_NAMES.find((candidate) => candidate === name);
    if (!form || field === undefined) return;
    setValues(readValues(form));
    setChecked((before) => (before.has(field) ? before : new Set([...before, field])));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const current = readValues(event.currentTarget);
    setValues(current);
    setChecked(new Set(FIELD_NAMES));
    const { values: checkedValues, errors } = checkLoginForm(current);
    const first = FIELD_NAMES.find((name) => errors[name] !== undefined);
    if (first === undefined) {
      loginMutation.mutate(checkedValues);
      return;
    }
    // The first field to put right gets the focus, so a keyboard or screen-reader user is taken there.
    inputs.current[first]?.focus();
  };

  const fieldProps = (name: FieldName) => ({
    name,
    error: shownError(name),
    inputRef: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onCheck: check,
  });

  return (
    <form noValidate onSubmit={submit}>
      {loginMutation.isError ? <ErrorAlert>{loginErrorMessage(loginMutation.error)}</ErrorAlert> : null}
      <Field label="Username" type="text" autoComplete="username" {...fieldProps("username")} />
      <Field label="Password" type="password" autoComplete="current-password" {...fieldProps("password")} />
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? <Spinner size="sm" label="Logging in..." className="me-2" /> : null}
        Log in
      </button>
    </form>
  );
}
