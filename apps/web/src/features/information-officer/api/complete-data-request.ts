import type { completeDataRequestSchema, DataRequest } from "@portal/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { consoleKeys } from "../../../api/console/console-keys";
import { postJson } from "../../../lib/http";
import { dataRequestUrl } from "./get-data-requests";

export type CompleteDataRequest = z.input<typeof completeDataRequestSchema>;

/** POST {CONSOLE_BASE}/data-requests/{requestId}/complete (200): answered; 409 when it already is. */
export function completeDataRequest(requestId: number, body: CompleteDataRequest): Promise<DataRequest> {
  return postJson<DataRequest>(`${dataRequestUrl(requestId)}/complete`, body);
}

export function useCompleteDataRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, outcome }: { requestId: number; outcome: string }) =>
      completeDataRequest(requestId, { outcome }),
    // It leaves the open list for the completed one; after a 409 the list shows where it is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: consoleKeys.dataRequests }),
  });
}
