import type { QueueRow } from "@portal/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { consoleKeys } from "../../../api/console/console-keys";
import { ErrorAlert } from "../../../components/alert/alert";
import { useConsoleUser } from "../../../components/console/console-user";
import { LoadMore } from "../../../components/console/load-more";
import { PageHeading } from "../../../components/console/page-heading";
import { LoadingStatus } from "../../../components/spinner/spinner";
import { consolePaths } from "../../../lib/console/console-paths";
import {
  type QueueFilters,
  queueFilterParams,
  queueSort,
  readQueueFilters,
} from "../../../lib/console/queue-address";
import { useMediaQuery, WIDE_SCREEN_QUERY } from "../../../lib/use-media-query";
import { useQueue } from "../api/get-queue";
import { useShortcuts } from "../hooks/use-shortcuts";
import { QUEUE_SORT_CAPTIONS } from "../utils/labels";
import { BulkActionsBar } from "./bulk-actions-bar";
import { KeyboardShortcutsHelp } from "./keyboard-shortcuts-help";
import { QueueFilterControls, QueueSearch } from "./queue-filters";
import { QueueList } from "./queue-list";
import { type QueueSelection, QueueTable } from "./queue-table";

/** The queue's body rows, and the one holding focus (-1 for none). */
function rowsOf(table: HTMLTableElement | null): { rows: HTMLTableRowElement[]; current: number } {
  const rows = table ? [...(table.tBodies[0]?.rows ?? [])] : [];
  return { rows, current: rows.findIndex((row) => row.contains(document.activeElement)) };
}

function focusRow(row: HTMLTableRowElement | undefined): boolean {
  const link = row?.querySelector<HTMLAnchorElement>("th a");
  if (!link) return false;
  link.focus();
  return true;
}

/**
 * What the refresh brought, for screen readers (said politely): "2 new queries in the queue." when
 * rows appear that the same filters did not show before; nothing on the first load or when the
 * filters change (that is the agent's own doing, and the page says it).
 */
function useNewRowsNotice(filtersKey: string, rows: readonly QueueRow[]): string {
  const [notice, setNotice] = useState("");
  const seen = useRef<{ filters: string; references: Set<number> } | null>(null);
  const references = rows.map((row) => row.referenceNumber);
  const referencesKey = references.join(",");
  useEffect(() => {
    const now = new Set(referencesKey ? referencesKey.split(",").map(Number) : []);
    const before = seen.current;
    seen.current = { filters: filtersKey, references: now };
    if (!before || before.filters !== filtersKey || before.references.size === 0) return;
    const added = [...now].filter((reference) => !before.references.has(reference)).length;
    if (added > 0)
      setNotice(added === 1 ? "1 new query in the queue." : `${added} new queries in the queue.`);
  }, [filtersKey, referencesKey]);
  return notice;
}

/**
 * The queue (#/console): the desk's conversations, filtered, searched, ordered and paged. The
 * filters, order and search live in the address, so coming back from a query page shows the same
 * queue (and "Send and go to next" knows it). Supervisors tick rows to assign or close them at once.
 */
export function QueuePage() {
  const { isSupervisor } = useConsoleUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const filters = readQueueFilters(searchParams);
  const queue = useQueue(filters, { refresh: true });
  // The table where its columns fit; the same rows one under another on a phone.
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const searchBox = useRef<HTMLInputElement>(null);
  const table = useRef<HTMLTableElement>(null);

  const change = (next: Partial<QueueFilters>) => {
    const changed = { ...filters, ...next };
    // Another tab starts in its own order: the soonest due for open ones, else the newest message.
    if (next.status !== undefined && next.status !== filters.status && next.sort === undefined) {
      changed.sort = null;
    }
    setSearchParams(queueFilterParams(changed), { replace: true });
  };

  const filtersKey = JSON.stringify(filters);
  useEffect(() => {
    queryClient.setQueryData(consoleKeys.queueShown, JSON.parse(filtersKey) as QueueFilters);
  }, [queryClient, filtersKey]);

  const pages = queue.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.queries);
  const counts = pages[0]?.counts;
  const arrived = useNewRowsNotice(filtersKey, rows);
  // Only what is on screen stays ticked: another filter or search shows other rows.
  const selected = rows.map((row) => row.referenceNumber).filter((reference) => ticked.has(reference));

  const selection: QueueSelection | undefined = isSupervisor
    ? {
        selected: new Set(selected),
        onToggle: (reference, on) =>
          setTicked((current) => {
            const next = new Set(current);
            if (on) next.add(reference);
            else next.delete(reference);
            return next;
          }),
        onToggleAll: (on) => setTicked(on ? new Set(rows.map((row) => row.referenceNumber)) : new Set()),
      }
    : undefined;

  const move = (step: 1 | -1, event: KeyboardEvent) => {
    const { rows: shown, current } = rowsOf(table.current);
    // The arrow keys move between rows once one has focus; elsewhere they scroll as usual.
    if (current === -1 && event.key.startsWith("Arrow")) return false;
    const next = current === -1 ? (step === 1 ? 0 : shown.length - 1) : current + step;
    if (next < 0 || next >= shown.length) return current !== -1;
    return focusRow(shown[next]);
  };

  useShortcuts("queue", {
    next: (event) => move(1, event),
    previous: (event) => move(-1, event),
    open: (event) => {
      // On the row's link or a button, Enter does what it always does.
      if (event.target instanceof Element && event.target.closest("a, button")) return false;
      const { rows: shown, current } = rowsOf(table.current);
      const reference = shown[current]?.dataset.reference;
      if (reference === undefined) return false;
      navigate(consolePaths.query(Number(reference)));
      return true;
    },
    search: () => {
      searchBox.current?.focus();
      searchBox.current?.select();
    },
  });

  return (
    <section>
      <PageHeading>Queries</PageHeading>
      <p className="small mb-3">
        <KeyboardShortcutsHelp page="queue" />
      </p>
      <QueueSearch value={filters.search} onSearch={(search) => change({ search })} inputRef={searchBox} />
      <QueueFilterControls filters={filters} counts={counts} onChange={change} />
      {isSupervisor ? <BulkActionsBar selected={selected} onDone={() => setTicked(new Set())} /> : null}
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
      <p aria-live="polite" className="visually-hidden">
        {arrived}
      </p>
      {rows.length > 0 && !wide ? (
        <QueueList
          rows={rows}
          busy={queue.isPlaceholderData}
          caption={QUEUE_SORT_CAPTIONS[queueSort(filters)]}
          selection={selection}
        />
      ) : null}
      {rows.length > 0 && wide ? (
        <QueueTable
          rows={rows}
          busy={queue.isPlaceholderData}
          sort={queueSort(filters)}
          onSort={(sort) => change({ sort })}
          tableRef={table}
          selection={selection}
        />
      ) : null}
      <LoadMore query={queue} what="queries" />
    </section>
  );
}
