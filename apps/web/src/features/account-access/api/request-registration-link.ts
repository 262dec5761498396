import { ACCOUNT_PATHS, type AccountMessage, type RegistrationRequest } from "@portal/domain";
import { useMutation } from "@tanstack/react-query";
import { postAccountCall } from "./post-account-call";

/**
 * POST /wsg/registration (202): a member on the register proves who they are and names an address
 * held for them; the portal mails a single-use activation link. The answer is the same whether or
 * not anyone matched.
 */
export function requestRegistrationLink(request: RegistrationRequest): Promise<AccountMessage> {
  return postAccountCall(ACCOUNT_PATHS.registration, request);
}

export function useRequestRegistrationLink() {
  return useMutation({ mutationFn: requestRegistrationLink });
}
