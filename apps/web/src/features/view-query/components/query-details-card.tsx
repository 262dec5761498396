import { categoryLabel, type QueryView, type ReplyStatus } from "@portal/domain";
import type { ReactNode } from "react";
import { ReplyExpectedBy } from "../../../components/reply-expected-by/reply-expected-by";
import { formatSchemeDate } from "../../../config/scheme-time-zone";
import { useMediaQuery, WIDE_SCREEN_QUERY } from "../../../lib/use-media-query";

/**
 * "View your query": its reference number, then Category, Query details and Date (yyyy-MM-dd), when
 * a reply is expected, then the attachments.
 */
export function QueryDetailsCard({
  query,
  replyStatus,
  children,
}: {
  query: QueryView;
  /** Where its answer stands, as the page decided it once (the reply button and notes follow it too). */
  replyStatus: ReplyStatus;
  children?: ReactNode;
}) {
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  return (
    <section className="card mb-3" aria-labelledby="view-query-title">
      <div className="card-body">
        <h2 className="h4 card-title" id="view-query-title">
          View your query
        </h2>
        {/* The number to quote when calling or writing about it, and the one an update refers to. */}
        <p className="mb-2">
          Reference number: <strong>{query.referenceNumber}</strong>
        </p>
        {query.parentReferenceNumber == null ? null : (
          <p className="mb-2">
            An update to query {query.parentReferenceNumber}; the whole conversation is below.
          </p>
        )}
        {wide ? (
          <div className="table-responsive">
            <table className="table align-middle">
              <caption className="visually-hidden">Query {query.referenceNumber}</caption>
              <thead>
                <tr>
                  <th scope="col">Category</th>
                  <th scope="col">Query details</th>
                  <th scope="col">Date</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>{categoryLabel(query.category)}</td>
                  <td className="text-break">{query.queryDetail}</td>
                  <td className="text-nowrap">{formatSchemeDate(query.dateLogged)}</td>
                </tr>
              </tbody>
            </table>
          </div>
        ) : (
          // One query on a phone: its values one under another, not a table squeezed into three columns.
          <dl className="mb-3">
            <dt>Category</dt>
            <dd>{categoryLabel(query.category)}</dd>
            <dt>Query details</dt>
            <dd className="text-break">{query.queryDetail}</dd>
            <dt>Date</dt>
            <dd>{formatSchemeDate(query.dateLogged)}</dd>
          </dl>
        )}
        <ReplyExpectedBy status={replyStatus} referenceNumber={query.referenceNumber} />
        {children}
      </div>
    </section>
  );
}
