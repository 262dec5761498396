import { useSearchParams } from "react-router";
import { ErrorAlert } from "../../../components/alert/alert";
import { LoadingStatus } from "../../../components/spinner/spinner";
import { type QueueFilters, queueFilterParams, readQueueFilters, useQueue } from "../api/get-queue";
import { LoadMore } from "./load-more";
import { PageHeading } from "./page-heading";
import { QueueFilterControls, QueueSearch } from "./queue-filters";
import { QueueTable } from "./queue-table";

/** The queue (#/console): every member's queries, filtered, searched and paged. */
export function QueuePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readQueueFilters(searchParams);
  const queue = useQueue(filters);
  // Kept in the address, so coming back from a query page shows the same queue.
  const change = (next: Partial<QueueFilters>) =>
    setSearchParams(queueFilterParams({ ...filters, ...next }), { replace: true });

  const pages = queue.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.queries);
  const counts = pages[0]?.counts;

  return (
    <section>
      <PageHeading>Queries</PageHeading>
      <QueueSearch value={filters.search} onSearch={(search) => change({ search })} />
      <QueueFilterControls filters={filters} counts={counts} onChange={change} />
      {queue.isPending ? <LoadingStatus label="Loading queries..." /> : null}
      {queue.isError && queue.data === undefined ? (
        <>
          <ErrorAlert>The queries could not be loaded. Please try again.</ErrorAlert>
          <button type="button" className="btn btn-outline-primary mb-3" onClick={() => queue.refetch()}>
            Try again
          </button>
        </>
      ) : null}
      {queue.isSuccess && rows.length === 0 ? (
        <p className="text-body-secondary">No queries match these filters.</p>
      ) : null}
      {rows.length > 0 ? <QueueTable rows={rows} busy={queue.isPlaceholderData} /> : null}
      <LoadMore query={queue} what="queries" />
    </section>
  );
}
