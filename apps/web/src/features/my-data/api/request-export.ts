import { type CurrentExportResponse, type DataExport, MY_DATA_BASE, MY_DATA_PATHS } from "@portal/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/http";
import { currentExportQueryKey } from "./get-current-export";

/**
 * POST {MY_DATA_BASE}/exports (no body): 202 with the queued archive. 409 when one is already being
 * prepared, 429 when one was asked for within the day; both with a sentence for the member.
 */
export async function requestExport(): Promise<DataExport> {
  // apiFetch adds the anti-forgery header, as for every unsafe request of the app.
  const response = await apiFetch(`${MY_DATA_BASE}${MY_DATA_PATHS.exports}`, {
    method: "POST",
    headers: { Accept: "application/json" },
  });
  return (await response.json()) as DataExport;
}

export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestExport,
    onSuccess: (queued) => {
      // The queued archive shows (and polling starts) at once; the refetch then brings the new
      // nextAllowedAt, which only the server knows.
      queryClient.setQueryData<CurrentExportResponse>(currentExportQueryKey, (current) => ({
        export: queued,
        nextAllowedAt: current?.nextAllowedAt ?? null,
      }));
    },
    // Refused too: a 409's archive in preparation, or a 429's limit, is then what the page shows.
    onSettled: () => queryClient.invalidateQueries({ queryKey: currentExportQueryKey }),
  });
}
