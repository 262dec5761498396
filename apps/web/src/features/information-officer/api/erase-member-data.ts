import type { DataRequest } from "@portal/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { consoleKeys } from "../../../api/console/console-keys";
import { postJson } from "../../../lib/http";
import { dataRequestUrl, replaceDataRequest } from "./get-data-requests";

/**
 * POST {CONSOLE_BASE}/data-requests/{requestId}/erasure (200, deletion requests): removes the
 * member's queries, replies, attachments and documents not under a legal hold; the request comes
 * back with its erasure report.
 */
export function eraseMemberData(requestId: number): Promise<DataRequest> {
  return postJson<DataRequest>(`${dataRequestUrl(requestId)}/erasure`, {});
}

export function useEraseMemberData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseMemberData,
    // The request stays where it is shown, with its report, even if the server has completed it:
    // asking the open list again could take the report off the screen before it was read.
    onSuccess: (request) => replaceDataRequest(queryClient, request),
    onError: () => queryClient.invalidateQueries({ queryKey: consoleKeys.dataRequests }),
  });
}
