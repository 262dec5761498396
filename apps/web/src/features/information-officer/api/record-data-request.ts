import type { DataRequest, RecordDataRequest } from "@portal/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { consoleKeys } from "../../../api/console/console-keys";
import { postJson } from "../../../lib/http";
import { DATA_REQUESTS_URL } from "./get-data-requests";

/**
 * POST {CONSOLE_BASE}/data-requests (201): a member's request about their data, received by mail,
 * phone or at the counter; the server sets when it is due. 404 for an unknown member.
 */
export function recordDataRequest(body: RecordDataRequest): Promise<DataRequest> {
  return postJson<DataRequest>(DATA_REQUESTS_URL, body);
}

export function useRecordDataRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordDataRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleKeys.dataRequests }),
  });
}
