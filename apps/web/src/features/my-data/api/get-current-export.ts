import {
  type CurrentExportResponse,
  type DataExportStatus,
  MY_DATA_BASE,
  MY_DATA_PATHS,
} from "@portal/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "../../../lib/http";

export const CURRENT_EXPORT_URL = `${MY_DATA_BASE}${MY_DATA_PATHS.currentExport}`;

/** How often the page asks again while an archive is being prepared. */
export const EXPORT_POLL_MS = 2_000;

/** The statuses in which the worker is still writing the archive. */
export function isBeingPrepared(status: DataExportStatus | undefined): boolean {
  return status === "QUEUED" || status === "RUNNING";
}

/** GET {MY_DATA_BASE}/exports/current: the newest archive (or none), and when another may be asked for. */
export function getCurrentExport(): Promise<CurrentExportResponse> {
  return getJson<CurrentExportResponse>(CURRENT_EXPORT_URL);
}

export const currentExportQueryKey = ["my-data", "current-export"] as const;

export function currentExportQueryOptions() {
  return queryOptions({
    queryKey: currentExportQueryKey,
    queryFn: getCurrentExport,
    // Polls only while the archive is being prepared: its progress, then its being ready, show
    // without a reload; once it is ready, failed or gone nothing changes until the member acts.
    refetchInterval: (query) => (isBeingPrepared(query.state.data?.export?.status) ? EXPORT_POLL_MS : false),
  });
}

export function useCurrentExport() {
  return useQuery(currentExportQueryOptions());
}
