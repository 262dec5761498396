import {
  type CurrentExportResponse,
  type DataExport,
  MY_DATA_BASE,
  MY_DATA_PATHS,
  type RequestExportBody,
} from "@portal/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { postJson } from "../../../lib/http";
import { currentExportQueryKey } from "./get-current-export";

/**
 * POST {MY_DATA_BASE}/exports with the member's password (asked again: the archive is all their
 * data): 202 with the queued archive. 403 PASSWORD_REQUIRED or PASSWORD_INCORRECT for the password;
 * 409 when one is already being prepared, 429 when one was asked for within the day (or after too
 * many wrong passwords); those with a sentence for the member.
 */
export async function requestExport(currentPassword: string): Promise<DataExport> {
  // postJson goes through apiFetch, which adds the anti-forgery header as for every unsafe request.
  const body: RequestExportBody = { currentPassword };
  return postJson<DataExport>(`${MY_DATA_BASE}${MY_DATA_PATHS.exports}`, body);
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
