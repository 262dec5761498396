import { activationRequestSchema, passwordResetCompletionSchema } from "@portal/domain";
import { z } from "zod";
import { CONFIRM_PASSWORD_MISSING, DATE_OF_BIRTH_MISSING, PASSWORDS_DIFFER } from "./messages";

// The forms validate with the very schemas the server checks the calls with (the contracts);
// typing the password twice is the only rule of the form alone.

const confirmPassword = z.string().min(1, CONFIRM_PASSWORD_MISSING);
const passwordsMatch = (values: { password: string; confirmPassword: string }) =>
  values.password === values.confirmPassword;

export const activationFormSchema = activationRequestSchema
  .safeExtend({ confirmPassword })
  .refine(passwordsMatch, { path: ["confirmPassword"], error: PASSWORDS_DIFFER });

export const passwordResetFormSchema = passwordResetCompletionSchema
  .safeExtend({ confirmPassword })
  .refine(passwordsMatch, { path: ["confirmPassword"], error: PASSWORDS_DIFFER });

/**
 * The contract's date rule has no words of its own for a missing date (an empty date input fails
 * its format check); this parse-time message fills that gap without changing the schema, and yields
 * to every message the schema does give.
 */
export const registrationParseOptions = {
  error: (issue: { path?: PropertyKey[] | undefined; code?: string | undefined }) =>
    issue.path?.[0] === "dateOfBirth" && issue.code === "invalid_format" ? DATE_OF_BIRTH_MISSING : undefined,
};
