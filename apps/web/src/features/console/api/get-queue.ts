import {
  CONSOLE_BASE,
  QUEUE_ASSIGNEE_FILTERS,
  QUEUE_SEARCH_MAX_LENGTH,
  QUEUE_SORTS,
  QUEUE_STATUS_FILTERS,
  type QueueResponse,
  type QueueSort,
  SERVER_ORIGINS,
  type ServerOrigin,
} from "@portal/domain";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { getJson } from "../../../lib/http";
import { consoleKeys, NO_STORE } from "./console-keys";

export type QueueStatusFilter = (typeof QUEUE_STATUS_FILTERS)[number];
export type QueueAssigneeFilter = (typeof QUEUE_ASSIGNEE_FILTERS)[number];

/** The queue's filters, order and search, as the address bar keeps them. */
export interface QueueFilters {
  status: QueueStatusFilter;
  origin: ServerOrigin | "";
  category: string;
  assigned: QueueAssigneeFilter;
  overdue: boolean;
  /** Only open conversations waiting on the member (answered, not closed). */
  waiting: boolean;
  /** The order chosen; null for the tab's own (defaultQueueSort). */
  sort: QueueSort | null;
  search: string;
}

export const DEFAULT_QUEUE_FILTERS: QueueFilters = {
  status: "OPEN",
  origin: "",
  category: "",
  assigned: "ANYONE",
  overdue: false,
  waiting: false,
  sort: null,
  search: "",
};

/** The server's own order for a tab: the soonest due first on the open tab, else the newest message. */
export function defaultQueueSort(status: QueueStatusFilter): QueueSort {
  return status === "OPEN" ? "due" : "-latest";
}

/** The order the queue is in: the one chosen, or the tab's own. */
export function queueSort(filters: QueueFilters): QueueSort {
  return filters.sort ?? defaultQueueSort(filters.status);
}

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

/** The filters in the address bar; anything unknown there falls back to the default. */
export function readQueueFilters(search: URLSearchParams): QueueFilters {
  const status = oneOf(QUEUE_STATUS_FILTERS, search.get("status"), DEFAULT_QUEUE_FILTERS.status);
  const sort = oneOf<QueueSort | "">(QUEUE_SORTS, search.get("sort"), "");
  return {
    status,
    origin: oneOf<ServerOrigin | "">(SERVER_ORIGINS, search.get("origin"), ""),
    category: (search.get("category") ?? "").slice(0, 64),
    assigned: oneOf(QUEUE_ASSIGNEE_FILTERS, search.get("assigned"), DEFAULT_QUEUE_FILTERS.assigned),
    overdue: search.get("overdue") === "true",
    waiting: search.get("waiting") === "true",
    // The tab's own order is no choice: the same queue has one address and one cache entry.
    sort: sort === "" || sort === defaultQueueSort(status) ? null : sort,
    search: (search.get("search") ?? "").slice(0, QUEUE_SEARCH_MAX_LENGTH),
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
  if (filters.waiting) params.set("waiting", "true");
  if (filters.sort !== null && filters.sort !== defaultQueueSort(filters.status)) {
    params.set("sort", filters.sort);
  }
  if (filters.search.trim()) params.set("search", filters.search.trim());
  return params;
}

/** GET {CONSOLE_BASE}/queries with the filters, the order, the search and the previous page's cursor. */
export function queueUrl(filters: QueueFilters, after?: string): string {
  const params = new URLSearchParams({
    status: filters.status,
    assigned: filters.assigned,
    sort: queueSort(filters),
  });
  if (filters.origin) params.set("origin", filters.origin);
  if (filters.category) params.set("category", filters.category);
  if (filters.overdue) params.set("overdue", "true");
  if (filters.waiting) params.set("waiting", "true");
  if (filters.search.trim()) params.set("search", filters.search.trim());
  if (after) params.set("after", after);
  return `${CONSOLE_BASE}/queries?${params.toString()}`;
}

/** Where one queue (filters, order and search) is cached. */
export function queueKey(filters: QueueFilters) {
  return [...consoleKeys.queue, filters] as const;
}

export function getQueue(url: string): Promise<QueueResponse> {
  return getJson<QueueResponse>(url, NO_STORE);
}

/** How often the queue shown is asked again, so new queries come in without a reload. */
export const QUEUE_REFRESH_MS = 30_000;

/**
 * The queue, one page at a time ("Load more" appends the next), in the order asked for. `enabled`:
 * false to read what is cached without asking the server (the next conversation after a reply).
 * `refresh`: asked again every QUEUE_REFRESH_MS while the window is in front (the queue page).
 */
export function useQueue(
  filters: QueueFilters,
  { enabled = true, refresh = false }: { enabled?: boolean; refresh?: boolean } = {},
) {
  return useInfiniteQuery({
    queryKey: queueKey(filters),
    queryFn: ({ pageParam }) => getQueue(queueUrl(filters, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    enabled,
    refetchInterval: refresh ? QUEUE_REFRESH_MS : false,
    // While other filters load, the last rows and counts stay on screen instead of a blank table.
    placeholderData: keepPreviousData,
  });
}
