import {
  QUEUE_ASSIGNEE_FILTERS,
  QUEUE_SEARCH_MAX_LENGTH,
  QUEUE_SORTS,
  QUEUE_STATUS_FILTERS,
  type QueueSort,
  SERVER_ORIGINS,
  type ServerOrigin,
} from "@portal/domain";

// The queue's address: its filters, order and search as the address bar keeps them. The desk's queue
// reads and writes it; the console's menu links back to the queue as it was last shown.

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
