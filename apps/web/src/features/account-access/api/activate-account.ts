import { ACCOUNT_PATHS, type AccountMessage, type ActivationRequest } from "@portal/domain";
import { useMutation } from "@tanstack/react-query";
import { postAccountCall } from "./post-account-call";

/**
 * POST /wsg/registration/activate (200): with the mailed token, the member's chosen username and
 * password. Fails with ACCOUNT_LINK_INVALID (unknown, used or expired link) or USERNAME_TAKEN.
 */
export function activateAccount(request: ActivationRequest): Promise<AccountMessage> {
  return postAccountCall(ACCOUNT_PATHS.activation, request);
}

export function useActivateAccount() {
  return useMutation({ mutationFn: activateAccount });
}
