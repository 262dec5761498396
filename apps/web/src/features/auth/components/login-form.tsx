import { zodResolver } from "@hookform/resolvers/zod";
import { type LoginForm as LoginFormValues, loginFormSchema, type SessionInfo } from "@portal/domain";
import { useId } from "react";
import { type FieldError, type UseFormRegisterReturn, useForm } from "react-hook-form";
import { ErrorAlert } from "../../../components/alert/alert";
import { Spinner } from "../../../components/spinner/spinner";
import { isHttpError } from "../../../lib/http";
import { useLogin } from "../api/login";

/** The gateway's own message (requirements §8: the login alert shows the returned message), else the HTTP error. */
function loginErrorMessage(error: Error): string {
  if (isHttpError(error) && typeof error.body?.message === "string" && error.body.message !== "") {
    return error.body.message;
  }
  return error.message;
}

interface FieldProps {
  label: string;
  type: "text" | "password";
  autoComplete: string;
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
}

function Field({ label, type, autoComplete, registration, error }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        className={`form-control${error ? " is-invalid" : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-required="true"
        {...registration}
      />
      {error ? (
        <div id={errorId} className="invalid-feedback">
          {error.message}
        </div>
      ) : null}
    </div>
  );
}

/** Login screen form (requirements §2, §5): username and password, both required. */
export function LoginForm({ onSuccess }: { onSuccess: (session: SessionInfo) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    // Validate on change and on blur, so a message appears once a field was touched or changed;
    // submitting validates (and so marks) every field.
    mode: "all",
    defaultValues: { username: "", password: "" },
  });
  const loginMutation = useLogin({ onSuccess });
  const sending = loginMutation.isPending;

  return (
    <form noValidate onSubmit={handleSubmit((values) => loginMutation.mutate(values))}>
      {loginMutation.isError ? <ErrorAlert>{loginErrorMessage(loginMutation.error)}</ErrorAlert> : null}
      <Field
        label="Username"
        type="text"
        autoComplete="username"
        registration={register("username")}
        error={errors.username}
      />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        registration={register("password")}
        error={errors.password}
      />
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? <Spinner size="sm" label="Logging in..." className="me-2" /> : null}
        Log in
      </button>
    </form>
  );
}
