import { type LoginForm, VALIDATION_MESSAGES } from "@portal/domain";

export type LoginFormErrors = Partial<Record<keyof LoginForm, string>>;

/**
 * The login form as loginFormSchema (@portal/domain) reads it: the username trimmed, both fields
 * required, with the schema's messages. Written out rather than parsed with the schema: the login
 * screen is the first, and its download would otherwise carry zod; login-form-check.test.ts holds
 * the two to the same answers for any input.
 */
export function checkLoginForm(form: LoginForm): { values: LoginForm; errors: LoginFormErrors } {
  const values = { username: form.username.trim(), password: form.password };
  const errors: LoginFormErrors = {};
  if (values.username.length < 1) errors.username = VALIDATION_MESSAGES.username;
  if (values.password.length < 1) errors.password = VALIDATION_MESSAGES.password;
  return { values, errors };
}
