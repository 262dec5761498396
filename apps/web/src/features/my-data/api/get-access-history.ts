import { type AccessHistoryResponse, MY_DATA_BASE, MY_DATA_PATHS } from "@portal/domain";
import { useInfiniteQuery } from "@tanstack/react-query";
import { getJson } from "../../../lib/http";

/** The first page, or the page after the one whose nextCursor this is. */
export function accessHistoryUrl(after?: string): string {
  const url = `${MY_DATA_BASE}${MY_DATA_PATHS.accessHistory}`;
  return after === undefined ? url : `${url}?${new URLSearchParams({ after }).toString()}`;
}

/** GET {MY_DATA_BASE}/access-history?after=…: one page of who read or changed the member's data. */
export function getAccessHistory(url: string): Promise<AccessHistoryResponse> {
  return getJson<AccessHistoryResponse>(url);
}

/** The access history, newest first, a page at a time ("Load more" appends the next). */
export function useAccessHistory() {
  return useInfiniteQuery({
    queryKey: ["my-data", "access-history"],
    queryFn: ({ pageParam }) => getAccessHistory(accessHistoryUrl(pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}
