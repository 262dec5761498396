import type { QueueResponse } from "@portal/domain";
import { type InfiniteData, skipToken, useQuery } from "@tanstack/react-query";
import { consoleKeys } from "../../../api/console/console-keys";
import { DEFAULT_QUEUE_FILTERS, type QueueFilters } from "../../../lib/console/queue-address";
import { useQueue } from "../api/get-queue";

/**
 * The conversation after `currentReference` in the queue's rows as they were shown: the row after
 * it, or the first other row when it is not among them (opened from elsewhere); null when there
 * is no other row loaded, or no queue was shown.
 */
export function nextConversationIn(
  data: InfiniteData<QueueResponse> | undefined,
  currentReference: number,
): number | null {
  const rows = data?.pages.flatMap((page) => page.queries) ?? [];
  const at = rows.findIndex(
    (row) => row.referenceNumber === currentReference || row.latestReferenceNumber === currentReference,
  );
  const next = at === -1 ? rows.find((row) => row.referenceNumber !== currentReference) : rows[at + 1];
  return next?.referenceNumber ?? null;
}

/**
 * For "Send and go to next": the reference number of the conversation after this one in the queue
 * the agent last saw (the queue page records its filters under consoleKeys.queueShown), or null.
 * Reads the cache only and never asks the server: the rows are the ones the agent saw, even once a
 * reply has made them stale, so closing this conversation does not change which comes next. While
 * the page is open, the cached queue is kept (its observer is disabled, so it is never refetched).
 */
export function useNextConversation(currentReference: number): number | null {
  const shown = useQuery<QueueFilters>({
    queryKey: consoleKeys.queueShown,
    queryFn: skipToken,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const queue = useQueue(shown.data ?? DEFAULT_QUEUE_FILTERS, { enabled: false });
  return shown.data === undefined ? null : nextConversationIn(queue.data, currentReference);
}
