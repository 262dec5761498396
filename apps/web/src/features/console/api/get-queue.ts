import {
  CONSOLE_BASE,
  QUEUE_ASSIGNEE_FILTERS,
  QUEUE_STATUS_FILTERS,
  type QueueResponse,
  SERVER_ORIGINS,
  type ServerOrigin,
} from "@portal/domain";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { getJson } from "../../../lib/http";
import { consoleKeys, NO_STORE } from "./console-keys";

export type QueueStatusFilter = (typeof QUEUE_STATUS_FILTERS)[number];
export type QueueAssigneeFilter = (typeof QUEUE_ASSIGNEE_FILTERS)[number];

/** The queue's filters and search, as the address bar keeps them. */
export interface QueueFilters {
  status: QueueStatusFilter;
  origin: ServerOrigin | "";
  category: string;
  assigned: QueueAssigneeFilter;
  overdue: boolean;
  search: string;
}

export const DEFAULT_QUEUE_FILTERS: QueueFilters = {
  status: "OPEN",
  origin: "",
  category: "",
  assigned: "ANYONE",
  overdue: false,
  search: "",
};

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

/** The filters in the address bar; anything unknown there falls back to the default. */
export function readQueueFilters(search: URLSearchParams): QueueFilters {
  return {
    status: oneOf(QUEUE_STATUS_FILTERS, search.get("status"), DEFAULT_QUEUE_FILTERS.status),
    origin: oneOf<ServerOrigin | "">(SERVER_ORIGINS, search.get("origin"), ""),
    category: (search.get("category") ?? "").slice(0, 64),
    assigned: oneOf(QUEUE_ASSIGNEE_FILTERS, search.get("assigned"), DEFAULT_QUEUE_FILTERS.assigned),
    overdue: search.get("overdue") === "true",
    search: (search.get("search") ?? "").slice(0, 100),
  };
}

/** The filters as address-bar parameters: only those that differ from the default. */
export function queueFilterParams(filters: QueueFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status !== DEFAULT_QUEUE_FILTERS.status) params.set("status", filters.status);
  if (filters.origin) params.set("origin", filters.origin);
  if (filters.category) params.set("category", filters.category);
  if (filters.assigned !== DEFAULT_QUEUE_FILTERS.assigned) params.set("assigned", filters.assigned);
  if (filters.overdue) params.set("overdue", "true");
  if (filters.search.trim()) params.set("search", filters.search.trim());
  return params;
}

/** GET {CONSOLE_BASE}/queries with the filters, the search and the cursor of the previous page. */
export function queueUrl(filters: QueueFilters, after?: string): string {
  const params = new URLSearchParams({ status: filters.status, assigned: filters.assigned });
  if (filters.origin) params.set("origin", filters.origin);
  if (filters.category) params.set("category", filters.category);
  if (filters.overdue) params.set("overdue", "true");
  if (filters.search.trim()) params.set("search", filters.search.trim());
  if (after) params.set("after", after);
  return `${CONSOLE_BASE}/queries?${params.toString()}`;
}

export function getQueue(url: string): Promise<QueueResponse> {
  return getJson<QueueResponse>(url, NO_STORE);
}

/** The queue, one page at a time ("Load more" appends the next); the soonest due first. */
export function useQueue(filters: QueueFilters) {
  return useInfiniteQuery({
    queryKey: [...consoleKeys.queue, filters],
    queryFn: ({ pageParam }) => getQueue(queueUrl(filters, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // While other filters load, the last rows and counts stay on screen instead of a blank table.
    placeholderData: keepPreviousData,
  });
}
