import { categoryLabel, formatDate, type QueueRow } from "@portal/domain";
import { Link } from "react-router";
import { consolePaths } from "../utils/console-paths";
import { ORIGIN_LABELS, personName, STATUS_LABELS, subCategoryLabel } from "../utils/labels";
import { DueDate } from "./due-date";

interface QueueTableProps {
  rows: readonly QueueRow[];
  /** While other filters load: the rows shown are the previous ones. */
  busy: boolean;
}

/** The queue: one row per query (an update is its own row), linked to its query page. */
export function QueueTable({ rows, busy }: QueueTableProps) {
  return (
    <div className="table-responsive">
      <table className="table table-hover align-middle caption-top" aria-busy={busy || undefined}>
        <caption>Queries, the soonest reply due first</caption>
        <thead>
          <tr>
            <th scope="col">Reference</th>
            <th scope="col">Member</th>
            <th scope="col">Category</th>
            <th scope="col">Origin</th>
            <th scope="col">Logged</th>
            <th scope="col">Reply due</th>
            <th scope="col">Assigned to</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.referenceNumber}>
              <th scope="row">
                <Link to={consolePaths.query(row.referenceNumber)}>{row.referenceNumber}</Link>
                {row.parentReferenceNumber === null ? null : (
                  <div className="small fw-normal text-body-secondary">
                    Update to {row.parentReferenceNumber}
                  </div>
                )}
              </th>
              <td>
                {personName(row.member)}
                <div className="small text-body-secondary">
                  {row.member.membershipNumber ?? "No membership number"}
                </div>
              </td>
              <td>
                {categoryLabel(row.category)}
                {row.subCategory ? (
                  <div className="small text-body-secondary">
                    {subCategoryLabel(row.category, row.subCategory)}
                  </div>
                ) : null}
              </td>
              <td>{ORIGIN_LABELS[row.origin]}</td>
              <td className="text-nowrap">{formatDate(row.dateLogged)}</td>
              <td className="text-nowrap">
                <DueDate replyDueOn={row.replyDueOn} overdue={row.overdue} />
              </td>
              <td>
                {row.assignedTo ? (
                  personName(row.assignedTo)
                ) : (
                  <span className="text-body-secondary">Unassigned</span>
                )}
              </td>
              <td>{STATUS_LABELS[row.status]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
