import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { TextField } from "../../../components/form-fields/text-field";
import { PasswordRules } from "./password-rules";

interface NewPasswordFieldsProps {
  passwordLabel: string;
  confirmLabel: string;
  password: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { password?: FieldError | undefined; confirmPassword?: FieldError | undefined };
}

/** A new password with its rules up front, then the same password again. */
export function NewPasswordFields({
  passwordLabel,
  confirmLabel,
  password,
  confirmPassword,
  errors,
}: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        required
        registration={password}
        error={errors.password}
        labelAddon={(descriptionId) => <PasswordRules id={descriptionId} />}
      />
      <TextField
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
        required
        registration={confirmPassword}
        error={errors.confirmPassword}
      />
    </>
  );
}
