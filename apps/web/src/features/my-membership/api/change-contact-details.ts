import type { ContactDetailsUpdate, MemberDetails } from "@portal/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { memberDetailsQueryOptions, memberDetailsUrl } from "../../../api/get-member-details";
import { useAppConfig } from "../../../config/app-config";
import { postJson } from "../../../lib/http";

/**
 * POST {MEMBER_DETAILS_BASE}/member-details/: the member's complete new set of e-mail addresses,
 * phone numbers and addresses, with the password asked again (the addresses are how a log-in is
 * recovered). Answers the details as they now stand; 403 PASSWORD_REQUIRED or PASSWORD_INCORRECT
 * for the password, 429 after too many wrong ones.
 */
export async function changeContactDetails(
  base: string,
  details: ContactDetailsUpdate,
): Promise<MemberDetails> {
  // postJson goes through apiFetch, which adds the anti-forgery header as for every unsafe request.
  return postJson<MemberDetails>(`${base}/member-details/`, details);
}

export function useChangeContactDetails() {
  const { memberDetailsBase } = useAppConfig();
  const queryClient = useQueryClient();
  const { queryKey } = memberDetailsQueryOptions(memberDetailsUrl(memberDetailsBase));
  return useMutation({
    mutationFn: (details: ContactDetailsUpdate) => changeContactDetails(memberDetailsBase, details),
    // The answer is the details the page shows (and the query form prefills from): no refetch needed.
    onSuccess: (details) => queryClient.setQueryData(queryKey, details),
  });
}
