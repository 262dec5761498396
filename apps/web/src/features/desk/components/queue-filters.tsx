import {
  QUEUE_ASSIGNEE_FILTERS,
  QUEUE_SEARCH_MAX_LENGTH,
  QUEUE_STATUS_FILTERS,
  type QueueCounts,
  SERVER_ORIGINS,
} from "@portal/domain";
import { type FormEvent, type Ref, useId, useState } from "react";
import { ORIGIN_LABELS } from "../../../lib/console/labels";
import type {
  QueueAssigneeFilter,
  QueueFilters,
  QueueStatusFilter,
} from "../../../lib/console/queue-address";
import { ALL_CATEGORIES } from "../utils/labels";

const STATUS_WORDS: Record<QueueStatusFilter, string> = { OPEN: "Open", CLOSED: "Closed", ALL: "All" };
const ASSIGNEE_WORDS: Record<QueueAssigneeFilter, string> = {
  ANYONE: "Anyone",
  ME: "Assigned to me",
  UNASSIGNED: "Unassigned",
};

function withCount(words: string, count: number | undefined): string {
  return count === undefined ? words : `${words} (${count})`;
}

function statusCount(status: QueueStatusFilter, counts: QueueCounts | undefined): number | undefined {
  if (!counts) return undefined;
  if (status === "OPEN") return counts.open;
  if (status === "CLOSED") return counts.closed;
  return counts.open + counts.closed;
}

function assigneeCount(assigned: QueueAssigneeFilter, counts: QueueCounts | undefined): number | undefined {
  if (!counts || assigned === "ANYONE") return undefined;
  return assigned === "ME" ? counts.mine : counts.unassigned;
}

interface QueueFiltersProps {
  filters: QueueFilters;
  counts: QueueCounts | undefined;
  onChange: (change: Partial<QueueFilters>) => void;
}

interface FlagFilterProps {
  label: string;
  checked: boolean;
  /** The desk's count beside it, e.g. "3 overdue"; none until the first answer. */
  count: string | undefined;
  badgeClass: string;
  onChange: (checked: boolean) => void;
}

/** A yes-or-no filter with the desk's count, which is also its description. */
function FlagFilter({ label, checked, count, badgeClass, onChange }: FlagFilterProps) {
  const id = useId();
  return (
    <div className="form-check mb-2">
      <input
        id={id}
        className="form-check-input"
        type="checkbox"
        checked={checked}
        aria-describedby={count ? `${id}-count` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label className="form-check-label" htmlFor={id}>
        {label}
      </label>{" "}
      {count ? (
        <span id={`${id}-count`} className={`badge ${badgeClass}`}>
          {count}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The queue's filters. Each applies as soon as it changes. The counts are the whole desk's,
 * whatever the filters and search. Overdue (the desk owes a reply) and waiting on the member
 * exclude each other: ticking one unticks the other. Option values stay the same whatever the
 * counts say.
 */
export function QueueFilterControls({ filters, counts, onChange }: QueueFiltersProps) {
  const id = useId();
  return (
    <fieldset className="row g-3 align-items-end mb-3">
      <legend className="visually-hidden">Filters</legend>
      <div className="col-sm-6 col-lg-2">
        <label className="form-label" htmlFor={`${id}-status`}>
          Status
        </label>
        <select
          id={`${id}-status`}
          className="form-select"
          value={filters.status}
          onChange={(event) => onChange({ status: event.target.value as QueueStatusFilter })}
        >
          {QUEUE_STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {withCount(STATUS_WORDS[status], statusCount(status, counts))}
            </option>
          ))}
        </select>
      </div>
      <div className="col-sm-6 col-lg-2">
        <label className="form-label" htmlFor={`${id}-origin`}>
          Origin
        </label>
        <select
          id={`${id}-origin`}
          className="form-select"
          value={filters.origin}
          onChange={(event) => onChange({ origin: event.target.value as QueueFilters["origin"] })}
        >
          <option value="">Any origin</option>
          {SERVER_ORIGINS.map((origin) => (
            <option key={origin} value={origin}>
              {ORIGIN_LABELS[origin]}
            </option>
          ))}
        </select>
      </div>
      <div className="col-sm-6 col-lg-3">
        <label className="form-label" htmlFor={`${id}-category`}>
          Category
        </label>
        <select
          id={`${id}-category`}
          className="form-select"
          value={filters.category}
          onChange={(event) => onChange({ category: event.target.value })}
        >
          <option value="">Any category</option>
          {ALL_CATEGORIES.map((category) => (
            <option key={category.value} value={category.value}>
              {category.label}
            </option>
          ))}
        </select>
      </div>
      <div className="col-sm-6 col-lg-2">
        <label className="form-label" htmlFor={`${id}-assigned`}>
          Assigned to
        </label>
        <select
          id={`${id}-assigned`}
          className="form-select"
          value={filters.assigned}
          onChange={(event) => onChange({ assigned: event.target.value as QueueAssigneeFilter })}
        >
          {QUEUE_ASSIGNEE_FILTERS.map((assigned) => (
            <option key={assigned} value={assigned}>
              {withCount(ASSIGNEE_WORDS[assigned], assigneeCount(assigned, counts))}
            </option>
          ))}
        </select>
      </div>
      <div className="col-sm-6 col-lg-3">
        <FlagFilter
          label="Overdue only"
          checked={filters.overdue}
          count={counts ? `${counts.overdue} overdue` : undefined}
          badgeClass="text-bg-danger"
          onChange={(overdue) => onChange(overdue ? { overdue, waiting: false } : { overdue })}
        />
        <FlagFilter
          label="Waiting on the member"
          checked={filters.waiting}
          count={counts ? `${counts.waiting} waiting` : undefined}
          badgeClass="text-bg-secondary"
          onChange={(waiting) => onChange(waiting ? { waiting, overdue: false } : { waiting })}
        />
      </div>
    </fieldset>
  );
}

interface QueueSearchProps {
  value: string;
  onSearch: (search: string) => void;
  /** The box, for the "/" shortcut. */
  inputRef?: Ref<HTMLInputElement>;
}

/** The search box: words in the conversations, a reference or membership number, a name or an address. */
export function QueueSearch({ value, onSearch, inputRef }: QueueSearchProps) {
  const id = useId();
  const [text, setText] = useState(value);
  // A new search from the address bar (back, a link) shows in the box; focus stays where it is.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <search className="d-block mb-3">
      <form onSubmit={submit}>
        <label className="form-label" htmlFor={id}>
          Search
        </label>
        <div className="input-group">
          <input
            ref={inputRef}
            id={id}
            name="search"
            type="search"
            className="form-control"
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={QUEUE_SEARCH_MAX_LENGTH}
            aria-describedby={`${id}-hint`}
            aria-keyshortcuts="/"
          />
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </div>
        <div id={`${id}-hint`} className="form-text">
          Words the member or the desk wrote in the conversation, a reference number, a membership number, the
          member's first name or surname, or the e-mail address a query came from.
        </div>
      </form>
    </search>
  );
}
