import { skipToken, useQuery } from "@tanstack/react-query";
import { consoleKeys } from "../../api/console/console-keys";
import { consolePaths } from "./console-paths";
import { type QueueFilters, queueFilterParams } from "./queue-address";

/**
 * The queue's address with the filters, order and search the queue page last showed (it records
 * them under consoleKeys.queueShown): "Queries" goes back to the same queue, not to the default.
 */
export function useShownQueueHref(): string {
  const shown = useQuery<QueueFilters>({
    queryKey: consoleKeys.queueShown,
    queryFn: skipToken,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return consolePaths.queue(shown.data ? queueFilterParams(shown.data) : undefined);
}
