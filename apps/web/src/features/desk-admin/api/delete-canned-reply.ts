import { useMutation, useQueryClient } from "@tanstack/react-query";
import { consoleKeys } from "../../../api/console/console-keys";
import { cannedReplyUrl } from "../../../api/console/get-canned-replies";
import { apiFetch } from "../../../lib/http";

/** DELETE {CONSOLE_BASE}/canned-replies/{id} (supervisors; 204). */
export async function deleteCannedReply(id: number): Promise<void> {
  await apiFetch(cannedReplyUrl(id), { method: "DELETE", headers: { Accept: "application/json" } });
}

export function useDeleteCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCannedReply,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleKeys.cannedReplies }),
  });
}
