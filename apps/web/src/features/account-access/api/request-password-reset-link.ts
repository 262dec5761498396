import { ACCOUNT_PATHS, type AccountMessage, type PasswordResetRequest } from "@portal/domain";
import { useMutation } from "@tanstack/react-query";
import { postAccountCall } from "./post-account-call";

/**
 * POST /wsg/password-reset (202): a username or an e-mail address; the portal mails a single-use
 * reset link when it knows it. The answer is the same either way.
 */
export function requestPasswordResetLink(request: PasswordResetRequest): Promise<AccountMessage> {
  return postAccountCall(ACCOUNT_PATHS.passwordReset, request);
}

export function useRequestPasswordResetLink() {
  return useMutation({ mutationFn: requestPasswordResetLink });
}
