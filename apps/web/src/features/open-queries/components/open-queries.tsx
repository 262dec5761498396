import { ERROR_MESSAGES } from "@portal/domain";
import { useId } from "react";
import { ErrorAlert } from "../../../components/alert/alert";
import { LoadingStatus } from "../../../components/spinner/spinner";
import { useOpenQueries } from "../api/get-open-queries";
import { OpenQueriesTable } from "./open-queries-table";

/**
 * "Your open queries" (requirements §2, §4): loading, then the table or the §8 alert. A member with no open
 * query sees nothing at all: the spec hides the table, and a title over nothing would only puzzle.
 */
export function OpenQueries({ origin }: { origin: string }) {
  const openQueries = useOpenQueries(origin);
  const titleId = useId();
  if (openQueries.isSuccess && openQueries.data.length === 0) return null;

  return (
    <section className="card mb-4" aria-labelledby={titleId}>
      <div className="card-body">
        <h2 className="card-title h4" id={titleId}>
          Your open queries
        </h2>
        {openQueries.isPending ? <LoadingStatus label="Loading your open queries..." /> : null}
        {openQueries.isError ? (
          <ErrorAlert className="mb-0">{ERROR_MESSAGES.openQueriesLoad}</ErrorAlert>
        ) : null}
        {openQueries.isSuccess ? (
          <OpenQueriesTable queries={openQueries.data} origin={origin} labelledBy={titleId} />
        ) : null}
      </div>
    </section>
  );
}
