import type { CannedReply, CannedReplyBody } from "@portal/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { consoleKeys } from "../../../api/console/console-keys";
import { cannedReplyUrl } from "../../../api/console/get-canned-replies";
import { apiFetch } from "../../../lib/http";

/** PUT {CONSOLE_BASE}/canned-replies/{id} (supervisors): the canned reply as changed. */
export async function updateCannedReply(id: number, body: CannedReplyBody): Promise<CannedReply> {
  const response = await apiFetch(cannedReplyUrl(id), {
    method: "PUT",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  return (await response.json()) as CannedReply;
}

export function useUpdateCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CannedReplyBody }) => updateCannedReply(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleKeys.cannedReplies }),
  });
}
