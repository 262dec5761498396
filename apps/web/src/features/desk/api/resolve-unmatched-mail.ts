import type { LinkUnmatchedMail, LinkUnmatchedMailResponse } from "@portal/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { postJson } from "../../../lib/http";
import { UNMATCHED_MAILS_URL, unmatchedMailKeys } from "./get-unmatched-mails";

/** POST …/{mailId}/link: recorded in the conversation (or as the member's new query), acknowledged to the member. */
export function linkUnmatchedMail(
  mailId: number,
  target: LinkUnmatchedMail,
): Promise<LinkUnmatchedMailResponse> {
  return postJson<LinkUnmatchedMailResponse>(`${UNMATCHED_MAILS_URL}/${mailId}/link`, target);
}

/** POST …/{mailId}/discard (204): off the list, its raw mail deleted. */
export function discardUnmatchedMail(mailId: number): Promise<void> {
  return postJson(`${UNMATCHED_MAILS_URL}/${mailId}/discard`, {});
}

export function useLinkUnmatchedMail(mailId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: LinkUnmatchedMail) => linkUnmatchedMail(mailId, target),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unmatchedMailKeys.all }),
  });
}

export function useDiscardUnmatchedMail(mailId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => discardUnmatchedMail(mailId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unmatchedMailKeys.all }),
  });
}
