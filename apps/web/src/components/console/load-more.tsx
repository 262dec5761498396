import { ErrorAlert } from "../alert/alert";
import { Spinner } from "../spinner/spinner";

/** What LoadMore needs of an infinite query (TanStack Query's useInfiniteQuery result). */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The console's "Load more" under a keyset-paged list: the button while there is a next page, its
 * progress in a polite status, and an alert when a page could not be loaded. `what` names the rows
 * ("queries", "staff log-ins").
 */
export function LoadMore({ query, what }: { query: PagedQuery; what: string }) {
  return (
    <>
      {query.isFetchNextPageError ? (
        <ErrorAlert>More {what} could not be loaded. Please try again.</ErrorAlert>
      ) : null}
      {query.hasNextPage ? (
        <div className="d-flex align-items-center gap-2">
          <button
            type="button"
            className="btn btn-outline-primary"
            onClick={() => query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            Load more
          </button>
          <span role="status" aria-live="polite">
            {query.isFetchingNextPage ? <Spinner size="sm" label={`Loading more ${what}...`} /> : null}
          </span>
        </div>
      ) : null}
    </>
  );
}
