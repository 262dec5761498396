import { type BulkActionBody, type BulkActionResponse, CONSOLE_BASE } from "@portal/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { consoleKeys } from "../../../api/console/console-keys";
import { postJson } from "../../../lib/http";

export const BULK_ACTION_URL = `${CONSOLE_BASE}/conversations/bulk`;

/**
 * POST {CONSOLE_BASE}/conversations/bulk (supervisors): assigns (or unassigns) or closes up to
 * BULK_ACTION_MAX conversations at once; the answer says which changed and which did not.
 */
export function bulkAction(body: BulkActionBody): Promise<BulkActionResponse> {
  return postJson<BulkActionResponse>(BULK_ACTION_URL, body);
}

export function useBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkAction,
    // The queue's rows and counts, and any query page cached, change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleKeys.all }),
  });
}
