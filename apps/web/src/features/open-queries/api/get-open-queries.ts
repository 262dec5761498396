import {
  OPEN_QUERIES_DAYS_AGO,
  QUERY_STATUS_OPEN,
  type QueryListItem,
  type QueryListResponse,
  toServerOrigin,
} from "@portal/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAppConfig } from "../../../config/app-config";
import { getJson } from "../../../lib/http";

/** The list URL of requirements §7: the last 7 days, status OPEN, for the server origin of the route. */
export function openQueriesUrl(smartInquiryBase: string, routeOrigin: string): string {
  const search = new URLSearchParams({
    daysAgo: String(OPEN_QUERIES_DAYS_AGO),
    status: QUERY_STATUS_OPEN,
    origin: toServerOrigin(routeOrigin),
  });
  return `${smartInquiryBase}/member-queries?${search.toString()}`;
}

/** GET {SMART_INQUIRY_BASE}/member-queries: the member's open queries, newest first. */
export async function getOpenQueries(url: string): Promise<QueryListItem[]> {
  const response = await getJson<QueryListResponse>(url);
  return response.queries;
}

/** Every open-queries list is cached below this key, so logging a query can refresh them all. */
export const openQueriesKeyRoot = ["open-queries"] as const;

export function openQueriesQueryOptions(url: string) {
  return queryOptions({
    // Keyed by URL: the base path and the origin both change what is listed.
    queryKey: [...openQueriesKeyRoot, url],
    queryFn: () => getOpenQueries(url),
    // Fresh for a moment: the list the router fetched while contact-us downloaded is not fetched a
    // second time as the page mounts. Coming back to the page later still asks again.
    staleTime: 2_000,
  });
}

export function useOpenQueries(routeOrigin: string) {
  const { smartInquiryBase } = useAppConfig();
  return useQuery(openQueriesQueryOptions(openQueriesUrl(smartInquiryBase, routeOrigin)));
}
