import { ACCOUNT_PATHS, type AccountMessage, type PasswordResetCompletion } from "@portal/domain";
import { useMutation } from "@tanstack/react-query";
import { postAccountCall } from "./post-account-call";

/**
 * POST /wsg/password-reset/complete (200): with the mailed token, the new password. The server ends
 * the member's other sessions and mails them that the password changed. Fails with
 * ACCOUNT_LINK_INVALID for an unknown, used or expired link.
 */
export function completePasswordReset(request: PasswordResetCompletion): Promise<AccountMessage> {
  return postAccountCall(ACCOUNT_PATHS.passwordResetComplete, request);
}

export function useCompletePasswordReset() {
  return useMutation({ mutationFn: completePasswordReset });
}
