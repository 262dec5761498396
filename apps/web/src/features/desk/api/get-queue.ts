import { CONSOLE_BASE, type QueueResponse } from "@portal/domain";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { consoleKeys, NO_STORE } from "../../../api/console/console-keys";
import { type QueueFilters, queueSort } from "../../../lib/console/queue-address";
import { getJson } from "../../../lib/http";

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
