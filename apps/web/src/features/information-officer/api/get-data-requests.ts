import {
  CONSOLE_BASE,
  DATA_REQUEST_STATUSES,
  type DataRequest,
  type DataRequestsResponse,
  INFORMATION_OFFICER_PATHS,
} from "@portal/domain";
import { type InfiniteData, type QueryClient, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { consoleKeys, NO_STORE } from "../../../api/console/console-keys";
import { getJson } from "../../../lib/http";

export type { DataRequest };
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];

export const DATA_REQUESTS_URL = `${CONSOLE_BASE}${INFORMATION_OFFICER_PATHS.dataRequests}`;

/** The address of one request (its complete and erasure actions are below it). */
export function dataRequestUrl(requestId: number): string {
  return `${DATA_REQUESTS_URL}/${requestId}`;
}

/** The status shown from the address bar; anything unknown there shows the open requests. */
export function readDataRequestStatus(value: string | null): DataRequestStatus {
  return DATA_REQUEST_STATUSES.includes(value as DataRequestStatus) ? (value as DataRequestStatus) : "OPEN";
}

/** GET {CONSOLE_BASE}/data-requests?status=&after=: a page of members' requests about their data. */
export function getDataRequests(status: DataRequestStatus, after?: number): Promise<DataRequestsResponse> {
  const params = new URLSearchParams({ status });
  if (after !== undefined) params.set("after", String(after));
  return getJson<DataRequestsResponse>(`${DATA_REQUESTS_URL}?${params.toString()}`, NO_STORE);
}

export function useDataRequests(status: DataRequestStatus) {
  return useInfiniteQuery({
    queryKey: [...consoleKeys.dataRequests, status],
    queryFn: ({ pageParam }) => getDataRequests(status, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

/** Puts the server's new copy of one request in every cached list, where it is, without asking again. */
export function replaceDataRequest(queryClient: QueryClient, request: DataRequest): void {
  queryClient.setQueriesData<InfiniteData<DataRequestsResponse>>(
    { queryKey: consoleKeys.dataRequests },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          requests: page.requests.map((shown) => (shown.requestId === request.requestId ? request : shown)),
        })),
      },
  );
}

/** GET {CONSOLE_BASE}/data-requests?status=OPEN&member=: a member's open access requests (an archive's grounds). */
export async function getOpenAccessRequests(entityNumber: number): Promise<DataRequest[]> {
  const params = new URLSearchParams({ status: "OPEN", member: String(entityNumber) });
  const response = await getJson<DataRequestsResponse>(`${DATA_REQUESTS_URL}?${params.toString()}`, NO_STORE);
  return response.requests.filter((request) => request.kind === "ACCESS");
}

export function useOpenAccessRequests(entityNumber: number, enabled = true) {
  return useQuery({
    queryKey: [...consoleKeys.dataRequests, "member", entityNumber],
    queryFn: () => getOpenAccessRequests(entityNumber),
    enabled,
  });
}
