import { categoryLabel, type QueueRow } from "@portal/domain";
import { Link } from "react-router";
import { consolePaths } from "../../../lib/console/console-paths";
import { formatDateTime, personName } from "../../../lib/console/labels";
import { STATUS_LABELS, subCategoryLabel, waitingOnText } from "../utils/labels";
import { DueDate } from "./due-date";
import type { QueueSelection } from "./queue-table";
import { SearchExcerpt } from "./queue-table";

interface QueueListProps {
  rows: readonly QueueRow[];
  /** While other filters load: the rows shown are the previous ones. */
  busy: boolean;
  /** What the order is, as the table's caption says it. */
  caption: string;
  selection?: QueueSelection | undefined;
}

/**
 * The queue on a phone: the table's rows one under another, each value named as its column
 * heading would name it, as the member's open queries are on a phone. Nine columns do not fit
 * 390 px, and a table restyled as blocks loses its table semantics in some browsers.
 */
export function QueueList({ rows, busy, caption, selection }: QueueListProps) {
  return (
    <>
      <p className="small text-body-secondary mb-2">{caption}</p>
      <ul className="list-unstyled console-queue-list" aria-label="Queries" aria-busy={busy || undefined}>
        {rows.map((row) => (
          <li key={row.referenceNumber} className="border-top pt-3 pb-2" data-reference={row.referenceNumber}>
            {selection ? (
              <div className="form-check mb-2">
                <input
                  id={`queue-select-${row.referenceNumber}`}
                  type="checkbox"
                  className="form-check-input"
                  checked={selection.selected.has(row.referenceNumber)}
                  onChange={(event) => selection.onToggle(row.referenceNumber, event.target.checked)}
                />
                <label className="form-check-label" htmlFor={`queue-select-${row.referenceNumber}`}>
                  {`Select ${row.referenceNumber}`}
                </label>
              </div>
            ) : null}
            <dl className="row mb-0">
              <dt className="col-5 small text-body-secondary">Reference</dt>
              <dd className="col-7 mb-1">
                <Link to={consolePaths.query(row.referenceNumber)}>{row.referenceNumber}</Link>
                {row.latestReferenceNumber === row.referenceNumber ? null : (
                  <span className="small text-body-secondary"> (latest {row.latestReferenceNumber})</span>
                )}
              </dd>
              <dt className="col-5 small text-body-secondary">Reply due</dt>
              <dd className="col-7 mb-1">
                <DueDate replyDueOn={row.replyDueOn} overdue={row.overdue} />
              </dd>
              <dt className="col-5 small text-body-secondary">Status</dt>
              <dd className="col-7 mb-1">
                {STATUS_LABELS[row.status]}, {waitingOnText(row)}
              </dd>
              <dt className="col-5 small text-body-secondary">Member</dt>
              <dd className="col-7 mb-1 text-break">
                {personName(row.member)}
                <span className="small text-body-secondary">
                  {" "}
                  ({row.member.membershipNumber ?? "no membership number"})
                </span>
              </dd>
              <dt className="col-5 small text-body-secondary">Category</dt>
              <dd className="col-7 mb-1">
                {categoryLabel(row.category)}
                {row.subCategory ? `: ${subCategoryLabel(row.category, row.subCategory)}` : ""}
              </dd>
              <dt className="col-5 small text-body-secondary">Last message</dt>
              <dd className="col-7 mb-1">
                {formatDateTime(row.lastMessageAt)} ({row.messageCount})
              </dd>
              <dt className="col-5 small text-body-secondary">Assigned to</dt>
              <dd className="col-7 mb-1">{row.assignedTo ? personName(row.assignedTo) : "Unassigned"}</dd>
              {row.excerpt ? (
                <>
                  <dt className="col-5 small text-body-secondary">Found</dt>
                  <dd className="col-7 mb-1 text-break">
                    <SearchExcerpt parts={row.excerpt} />
                  </dd>
                </>
              ) : null}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
