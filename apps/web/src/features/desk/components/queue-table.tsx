import { categoryLabel, type QueueRow, type QueueSort, type SearchExcerptPart } from "@portal/domain";
import { type Ref, useEffect, useRef } from "react";
import { Link } from "react-router";
import { consolePaths } from "../../../lib/console/console-paths";
import { formatDateTime, personName } from "../../../lib/console/labels";
import { QUEUE_SORT_CAPTIONS, STATUS_LABELS, subCategoryLabel, waitingOnText } from "../utils/labels";
import { DueDate } from "./due-date";

/** A supervisor's choice of rows for the bulk actions; agents have none. */
export interface QueueSelection {
  selected: ReadonlySet<number>;
  onToggle: (referenceNumber: number, selected: boolean) => void;
  /** Every row on the page, or none. */
  onToggleAll: (selected: boolean) => void;
}

interface QueueTableProps {
  rows: readonly QueueRow[];
  /** While other filters load: the rows shown are the previous ones. */
  busy: boolean;
  sort: QueueSort;
  onSort: (sort: QueueSort) => void;
  selection?: QueueSelection | undefined;
  /** The table, for the shortcuts that move between its rows. */
  tableRef?: Ref<HTMLTableElement>;
}

type SortColumn = "due" | "latest";

/** A column's order once its header is pressed: its first order, or the other way round. */
function nextSort(column: SortColumn, current: QueueSort): QueueSort {
  if (column === "due") return current === "due" ? "-due" : "due";
  return current === "-latest" ? "latest" : "-latest";
}

function ariaSort(column: SortColumn, current: QueueSort): "ascending" | "descending" | undefined {
  if (current === column) return "ascending";
  if (current === `-${column}`) return "descending";
  return undefined;
}

interface SortHeaderProps {
  column: SortColumn;
  label: string;
  sort: QueueSort;
  onSort: (sort: QueueSort) => void;
}

/** A column header whose button orders the queue by it (the ARIA sortable table: aria-sort on the th). */
function SortHeader({ column, label, sort, onSort }: SortHeaderProps) {
  const order = ariaSort(column, sort);
  return (
    <th scope="col" aria-sort={order} className="text-nowrap">
      <button
        type="button"
        className="btn btn-link p-0 fw-semibold text-nowrap"
        onClick={() => onSort(nextSort(column, sort))}
      >
        {label}
        <span aria-hidden="true">{order === "ascending" ? " ▲" : order === "descending" ? " ▼" : " ↕"}</span>
      </button>
    </th>
  );
}

/** Where a word search found the conversation, the words found marked; always as text, never HTML. */
export function SearchExcerpt({ parts }: { parts: readonly SearchExcerptPart[] }) {
  return (
    <span className="small">
      {parts.map((part, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: an excerpt's parts are fixed, in order.
        part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </span>
  );
}

/** "Select all on this page": checked when every row is, mixed when some are. */
function SelectAll({ rows, selection }: { rows: readonly QueueRow[]; selection: QueueSelection }) {
  const box = useRef<HTMLInputElement>(null);
  const chosen = rows.filter((row) => selection.selected.has(row.referenceNumber)).length;
  const all = rows.length > 0 && chosen === rows.length;
  useEffect(() => {
    if (box.current) box.current.indeterminate = chosen > 0 && !all;
  }, [chosen, all]);
  return (
    <input
      ref={box}
      type="checkbox"
      className="form-check-input"
      aria-label="Select all on this page"
      checked={all}
      onChange={(event) => selection.onToggleAll(event.target.checked)}
    />
  );
}

/**
 * The queue: one row per conversation (a member's query and its updates), linked to its page. The
 * "Due" and "Last message" headers order it; a word search adds where the words were found.
 */
export function QueueTable({ rows, busy, sort, onSort, selection, tableRef }: QueueTableProps) {
  const withExcerpts = rows.some((row) => row.excerpt !== null);
  return (
    <div className="table-responsive">
      <table
        ref={tableRef}
        className="table table-hover align-middle caption-top console-queue"
        aria-busy={busy || undefined}
      >
        <caption>{QUEUE_SORT_CAPTIONS[sort]}</caption>
        <thead>
          <tr>
            {selection ? (
              <td>
                <SelectAll rows={rows} selection={selection} />
              </td>
            ) : null}
            <th scope="col">Reference</th>
            <th scope="col">Member</th>
            <th scope="col">Category</th>
            <th scope="col">Messages</th>
            <SortHeader column="latest" label="Last message" sort={sort} onSort={onSort} />
            <SortHeader column="due" label="Due" sort={sort} onSort={onSort} />
            <th scope="col">Waiting on</th>
            <th scope="col">Assigned to</th>
            <th scope="col">Status</th>
            {withExcerpts ? <th scope="col">Found</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.referenceNumber} data-reference={row.referenceNumber}>
              {selection ? (
                <td>
                  <input
                    type="checkbox"
                    className="form-check-input"
                    aria-label={`Select ${row.referenceNumber}`}
                    checked={selection.selected.has(row.referenceNumber)}
                    onChange={(event) => selection.onToggle(row.referenceNumber, event.target.checked)}
                  />
                </td>
              ) : null}
              <th scope="row">
                <Link to={consolePaths.query(row.referenceNumber)}>{row.referenceNumber}</Link>
                {row.latestReferenceNumber === row.referenceNumber ? null : (
                  <div className="small fw-normal text-body-secondary">
                    Latest: {row.latestReferenceNumber}
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
              <td>{row.messageCount}</td>
              <td className="text-nowrap">{formatDateTime(row.lastMessageAt)}</td>
              <td className="text-nowrap">
                <DueDate replyDueOn={row.replyDueOn} overdue={row.overdue} />
              </td>
              <td>{waitingOnText(row)}</td>
              <td>
                {row.assignedTo ? (
                  personName(row.assignedTo)
                ) : (
                  <span className="text-body-secondary">Unassigned</span>
                )}
              </td>
              <td>{STATUS_LABELS[row.status]}</td>
              {withExcerpts ? <td>{row.excerpt ? <SearchExcerpt parts={row.excerpt} /> : null}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
