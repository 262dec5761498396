import type { CannedReply, CannedReplyBody } from "@portal/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { consoleKeys } from "../../../api/console/console-keys";
import { CANNED_REPLIES_URL } from "../../../api/console/get-canned-replies";
import { postJson } from "../../../lib/http";

/** POST {CONSOLE_BASE}/canned-replies (supervisors): the new canned reply. */
export function createCannedReply(body: CannedReplyBody): Promise<CannedReply> {
  return postJson<CannedReply>(CANNED_REPLIES_URL, body);
}

export function useCreateCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCannedReply,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleKeys.cannedReplies }),
  });
}
