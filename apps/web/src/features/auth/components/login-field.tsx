import type { LoginForm as LoginFormValues } from "@portal/domain";
import { type ChangeEvent, type FocusEvent, useId } from "react";

// The username and password fields of the login screen and of the log-in-again dialog, and how the
// form's values are read: one field, so both carry the same labels, error wiring and autocomplete.

export type LoginFieldName = keyof LoginFormValues;
export const LOGIN_FIELD_NAMES: readonly LoginFieldName[] = ["username", "password"];

interface LoginFieldProps {
  name: LoginFieldName;
  label: string;
  type: "text" | "password";
  autoComplete: string;
  error: string | undefined;
  inputRef: (input: HTMLInputElement | null) => void;
  onCheck: (event: ChangeEvent<HTMLInputElement> | FocusEvent<HTMLInputElement>) => void;
}

export function LoginField({ name, label, type, autoComplete, error, inputRef, onCheck }: LoginFieldProps) {
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
export function readLoginValues(form: HTMLFormElement): LoginFormValues {
  const data = new FormData(form);
  const text = (name: LoginFieldName) => {
    const value = data.get(name);
    return typeof value === "string" ? value : "";
  };
  return { username: text("username"), password: text("password") };
}
