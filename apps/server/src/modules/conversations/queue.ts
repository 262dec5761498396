import {
  CONSOLE_LIMITS,
  type QueueCounts,
  type QueueRow,
  type QueueSort,
  type ServerOrigin,
  type WaitingOn,
} from "@portal/domain";
import { and, asc, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
import { rowsOf } from "../../db/raw-rows.js";
import { conversations, queueCountChanges, queueCounts } from "../../db/schema/conversations.js";
import { memberProfiles } from "../../db/schema/member-details.js";
import { members } from "../../db/schema/members.js";
import { decodeQueueCursor, encodeQueueCursor, type QueueCursor } from "./queue-cursor.js";
import { type QueueSearch, resolveSearch, type SearchBranch, searchExcerpts } from "./queue-search.js";

// The desk's queue: conversations, one page at a time, in an order an index keeps (docs/decisions
// 0024). The page's key (the last row's sort value and reference number) is a row comparison on
// the index's own columns, so the index scan starts at it: a late page costs what the first does.
// The "all" tab asks each status on its own index and merges the two pages.

export interface QueueFilter {
  status: "OPEN" | "CLOSED" | "ALL";
  origin?: ServerOrigin | undefined;
  category?: string | undefined;
  assigned: "ANYONE" | "ME" | "UNASSIGNED";
  overdue: boolean;
  waiting: boolean;
  sort?: QueueSort | undefined;
  search?: string | undefined;
  after?: string | undefined;
}

const assignees = alias(members, "assignees");
const pageSize = CONSOLE_LIMITS.queuePageSize;

/** The order asked for, or the tab's: the reply owed for open ones, the newest message otherwise. */
export function queueSortOf(filter: Pick<QueueFilter, "status" | "sort">): QueueSort {
  return filter.sort ?? (filter.status === "OPEN" ? "due" : "-latest");
}

function sortColumn(sort: QueueSort) {
  return sort.endsWith("due") ? conversations.dueKey : conversations.lastMessageAt;
}

/** The sort value as text PostgreSQL reads back exactly (a date, ±infinity, or a timestamp to the microsecond). */
function sortValueText(sort: QueueSort): SQL<string> {
  return sort.endsWith("due")
    ? sql<string>`${conversations.dueKey}::text`
    : sql<string>`${conversations.lastMessageAt}::text`;
}

function afterCursor(sort: QueueSort, cursor: QueueCursor | null): SQL | undefined {
  if (!cursor) return undefined;
  const descending = sort.startsWith("-");
  const value = sort.endsWith("due") ? sql`${cursor.value}::date` : sql`${cursor.value}::timestamptz`;
  const column = sortColumn(sort);
  return descending
    ? sql`(${column}, ${conversations.referenceNumber}) < (${value}, ${cursor.reference})`
    : sql`(${column}, ${conversations.referenceNumber}) > (${value}, ${cursor.reference})`;
}

function conditions(
  filter: QueueFilter,
  status: "OPEN" | "CLOSED" | "ALL",
  staff: number,
  today: string,
  cursor: QueueCursor | null,
): (SQL | undefined)[] {
  const sort = queueSortOf(filter);
  return [
    status === "ALL" ? undefined : eq(conversations.status, status),
    filter.origin ? eq(conversations.origin, filter.origin) : undefined,
    filter.category ? eq(conversations.category, filter.category) : undefined,
    filter.assigned === "ME" ? eq(conversations.assignedToEntityNumber, staff) : undefined,
    filter.assigned === "UNASSIGNED" ? isNull(conversations.assignedToEntityNumber) : undefined,
    // Overdue and waiting on the member are ranges of the due key (domain: queueDueKey), so the
    // due order's index serves them; only open conversations are either.
    filter.overdue
      ? sql`${conversations.status} = 'OPEN' and ${conversations.dueKey} < ${today}::date`
      : undefined,
    filter.waiting
      ? sql`${conversations.status} = 'OPEN' and ${conversations.dueKey} = 'infinity'::date`
      : undefined,
    afterCursor(sort, cursor),
  ];
}

/** How a search's page is read (pageKeys): of one status, or of several for "every match" and "windows". */
type PageRead =
  | { kind: "found"; condition: SQL | undefined }
  | { kind: "every match"; statuses: readonly ("OPEN" | "CLOSED")[]; condition: SQL }
  | { kind: "walk"; walk: number; condition: (document: unknown) => SQL }
  | {
      kind: "windows";
      statuses: readonly ("OPEN" | "CLOSED")[];
      lexemes: readonly string[];
      /** What a window's key found must also hold (null: the key is the match). */
      keyCondition: SQL | undefined;
      /** The words' match, for every match of a status whose windows held too few. */
      condition: SQL;
    };

async function pageOfStatus(
  db: Db,
  filter: QueueFilter,
  status: "OPEN" | "CLOSED" | "ALL",
  staff: number,
  today: string,
  read: PageRead | null,
  cursor: QueueCursor | null,
) {
  const sort = queueSortOf(filter);
  const direction = sort.startsWith("-") ? desc : asc;
  const filters = and(...conditions(filter, status, staff, today, cursor));
  const order = [direction(sortColumn(sort)), direction(conversations.referenceNumber)];
  const page = read ? pageKeys(db, sort, filters, read, cursor) : null;
  const base = db
    .select({
      referenceNumber: conversations.referenceNumber,
      latestReferenceNumber: conversations.latestReferenceNumber,
      memberEntityNumber: members.entityNumber,
      memberFirstName: members.firstName,
      memberLastName: members.lastName,
      membershipNumber: memberProfiles.membershipNumber,
      category: conversations.category,
      subCategory: conversations.subCategory,
      origin: conversations.origin,
      loggedAt: conversations.loggedAt,
      lastMessageAt: conversations.lastMessageAt,
      messageCount: conversations.messageCount,
      replyDueOn: conversations.replyDueOn,
      dueKey: sql<string>`${conversations.dueKey}::text`,
      waitingOn: conversations.waitingOn,
      assigneeEntityNumber: assignees.entityNumber,
      assigneeFirstName: assignees.firstName,
      assigneeLastName: assignees.lastName,
      status: conversations.status,
      sortValue: sortValueText(sort),
    })
    .from(conversations)
    .innerJoin(members, eq(members.entityNumber, conversations.memberEntityNumber))
    .leftJoin(memberProfiles, eq(memberProfiles.entityNumber, conversations.memberEntityNumber))
    .leftJoin(assignees, eq(assignees.entityNumber, conversations.assignedToEntityNumber))
    .$dynamic();
  const scoped = page
    ? base.innerJoin(page, eq(page.key, conversations.referenceNumber))
    : base.where(filters);
  return scoped.orderBy(...order).limit(pageSize + 1);
}

/**
 * The page's conversations for a search, as a subquery of keys (only they are joined to their
 * people). Each kind is read the way that keeps it small, whatever the planner estimates:
 * - "found" (a member's, an address's, a reference's, or every match of words): foundKeys;
 * - "every match" (rare words): each status's found keys (each status has its own search index);
 * - "walk" (words common enough): the newest conversations in the queue's order (from the page
 *   key), as many as the words' frequency needs for a page, then the words among them;
 * - "windows" (words common enough, in the order of the newest message): the newest hours' matches,
 *   widening (newestHoursKeys).
 */
function pageKeys(
  db: Db,
  sort: QueueSort,
  filters: SQL | undefined,
  read: PageRead,
  cursor: QueueCursor | null,
) {
  const direction = sort.startsWith("-") ? desc : asc;
  if (read.kind === "windows" || read.kind === "every match") {
    const keys = read.statuses.map((status) =>
      read.kind === "windows"
        ? newestHoursKeys(db, filters, status, read, cursor)
        : sql`array${foundKeys(db, sort, and(filters, eq(conversations.status, status), read.condition))}`,
    );
    return db
      .select({ key: conversations.referenceNumber })
      .from(conversations)
      .where(sql`${conversations.referenceNumber} = any(${sql.join(keys, sql` || `)})`)
      .as("page");
  }
  if (read.kind === "found") return foundKeys(db, sort, and(filters, read.condition)).as("page");
  const recent = db
    .select({
      key: conversations.referenceNumber,
      sortValue: sortColumn(sort),
      document: conversations.searchDocument,
    })
    .from(conversations)
    .where(filters)
    .orderBy(direction(sortColumn(sort)), direction(conversations.referenceNumber))
    .limit(read.walk)
    .as("recent");
  return db
    .select({ key: recent.key })
    .from(recent)
    .where(read.condition(recent.document))
    .orderBy(direction(recent.sortValue), direction(recent.key))
    .limit(pageSize + 1)
    .as("page");
}

/**
 * The first page of keys of a small set, in the queue's order: ordered by an expression no index
 * keeps, so the planner cannot walk the queue's order hoping to meet the few it wants (at a
 * million rows that read the closed tab whole); it reads them by their own index (or the GIN) and
 * sorts them.
 */
function foundKeys(db: Db, sort: QueueSort, where: SQL | undefined) {
  const direction = sort.startsWith("-") ? desc : asc;
  const shift = sort.endsWith("due") ? sql`0` : sql`interval '0'`;
  return db
    .select({ key: conversations.referenceNumber })
    .from(conversations)
    .where(where)
    .orderBy(
      direction(sql`${sortColumn(sort)} + ${shift}`),
      direction(sql`${conversations.referenceNumber} + 0`),
    )
    .limit(pageSize + 1);
}

type PageRow = Awaited<ReturnType<typeof pageOfStatus>>[number];

/**
 * How many windows of hours a common word is looked for in, in the order of the newest message,
 * before every match is read: the first is the last hour, the next the hour before it, and each
 * later one twice as many hours (2, 4 … 8 192), 16 384 hours (682 days) in all. Each is a few keys
 * per word (search_hour_keys): one the word is missing from costs next to nothing (about 5 µs a
 * key), one it fills is read whole and sorted, so the steps are small.
 */
const SEARCH_WINDOWS = 15;

/**
 * The keys of a status's first page of matches, as one subquery: its newest hours, widening (a
 * recursive query, whose steps run in order and stop at the first window that holds more than a
 * page: each window's conversations in the queue's order, older than every earlier window's, so
 * the first keys of them all are the page's); or, when every window held too few, every match,
 * sorted. The last hour is the page key's, or the status's newest message's (an hour of the
 * clock's could miss a message stamped later), as search_hour_keys counts hours (since
 * 2000-01-01, in UTC). A window is its hours' keys of the words (the index's expression,
 * schema.ts); the planner expects a hundred thousand rows of an empty one whatever they are,
 * which is why connections run without parallel workers (database.ts).
 */
function newestHoursKeys(
  db: Db,
  filters: SQL | undefined,
  status: "OPEN" | "CLOSED",
  read: Extract<PageRead, { kind: "windows" }>,
  cursor: QueueCursor | null,
): SQL {
  const time = conversations.lastMessageAt;
  const inStatus = and(filters, eq(conversations.status, status));
  const anchor = cursor
    ? sql`${cursor.value}::timestamptz`
    : sql`(select max(${time}) from ${conversations} where ${conversations.status} = ${status})`;
  const lastHour = sql`((${anchor} at time zone 'UTC')::date - date '2000-01-01') * 24
    + extract(hour from (${anchor} at time zone 'UTC'))::integer`;
  const lexemes = sql`array[${sql.join(
    read.lexemes.map((lexeme) => sql`${lexeme}`),
    sql`, `,
  )}]::text[]`;
  const hoursBack = sql`generate_series(case when windows.step = 0 then 0 else 1 << (windows.step - 1) end, (1 << windows.step) - 1)`;
  const window = sql`search_hour_keys(${conversations.searchDocument}, ${time}) && array(
      select lexeme || '@' || (windows.last_hour - back) from unnest(${lexemes}) as lexeme, ${hoursBack} as back)`;
  return sql`(with recursive windows(step, last_hour, keys) as (
      select 0, ${lastHour}, array[]::integer[]
    union all
      select windows.step + 1, windows.last_hour,
        windows.keys || array${foundKeys(db, "-latest", and(inStatus, read.keyCondition, window))}
      from windows
      where windows.last_hour is not null and cardinality(windows.keys) <= ${pageSize} and windows.step < ${SEARCH_WINDOWS}
    )
    select case when cardinality(last.keys) > ${pageSize} then last.keys[1:${pageSize + 1}]
      else array${foundKeys(db, "-latest", and(inStatus, read.condition))} end
    from (select keys from windows order by step desc limit 1) as last)::integer[]`;
}

/**
 * Words (docs/decisions 0024). In the order of the newest message, common words are looked for in
 * each status's newest hours, widening, then in every match of a status whose windows held too
 * few, all in one statement (newestHoursKeys). In another order, or when no lexeme's keys hold
 * every match, in each status on its own: among the newest conversations in that order (the
 * walk), and every match if the walk met too few. Rare words: every match at once, which is few,
 * of every status in one statement. Each status on its own either way: another status's full page
 * says nothing of this one's older matches.
 */
async function wordsPage(
  status: "OPEN" | "CLOSED" | "ALL",
  sort: QueueSort,
  words: Extract<SearchBranch, { kind: "words" }>,
  read: (how: PageRead) => Promise<PageRow[]>,
): Promise<PageRow[]> {
  const statuses = status === "ALL" ? (["OPEN", "CLOSED"] as const) : [status];
  if (inNewestHours(sort, words)) {
    return read({
      kind: "windows",
      statuses,
      lexemes: words.hourKeys,
      // Reading each match's words again cost as much as finding it (6 000 rows: 5 ms of 12).
      keyCondition: words.hourKeysSuffice ? undefined : words.condition(),
      condition: words.condition(),
    });
  }
  if (words.walk === null) return read({ kind: "every match", statuses, condition: words.condition() });
  const walked = await read({ kind: "walk", walk: words.walk, condition: words.condition });
  if (walked.length > pageSize) return walked;
  return read({ kind: "found", condition: words.condition() });
}

/** Whether words are looked for in the newest hours (wordsPage): common ones, newest first, with keys. */
function inNewestHours(
  sort: QueueSort,
  words: Extract<SearchBranch, { kind: "words" }>,
): words is typeof words & { hourKeys: readonly string[] } {
  return sort === "-latest" && words.walk !== null && words.hourKeys !== null;
}

/** Orders two statuses' pages as one index over both would (the sort value, then the reference). */
function compareRows(sort: QueueSort) {
  const sign = sort.startsWith("-") ? -1 : 1;
  const key = (row: PageRow) =>
    sort.endsWith("due")
      ? row.dueKey === "-infinity"
        ? Number.NEGATIVE_INFINITY
        : row.dueKey === "infinity"
          ? Number.POSITIVE_INFINITY
          : Date.parse(row.dueKey)
      : row.lastMessageAt.getTime();
  // Microseconds the Date dropped are in sortValue; it compares as text once the instants are equal.
  return (a: PageRow, b: PageRow) =>
    sign *
    (key(a) - key(b) ||
      (a.sortValue < b.sortValue ? -1 : a.sortValue > b.sortValue ? 1 : 0) ||
      a.referenceNumber - b.referenceNumber);
}

export async function listQueue(
  db: Db,
  filter: QueueFilter,
  staffEntityNumber: number,
  today: string,
  /** The search already resolved (tests choose how words are looked for); else resolved here. */
  resolved?: QueueSearch,
): Promise<{ rows: QueueRow[]; nextCursor: string | null }> {
  const sort = queueSortOf(filter);
  const cursor = decodeQueueCursor(filter.after, sort);
  const search = resolved ?? (filter.search ? await resolveSearch(db, filter.search) : null);
  // Without a search, one branch (no condition); with one, its branches (none: nothing found).
  const branches: (SearchBranch | null)[] = search ? search.branches : [null];
  // The "all" tab without a search, in the order of the newest message, walks conversations_latest
  // across statuses; in the order of the reply owed, each status's index on its own (no index keeps
  // that order across statuses). Words are looked for in each status (each has its own search
  // index): one walk across both met only the newest closed ones at ten million rows, and fell
  // back to sorting every match of a common word (4.8 s); the newest hours of both statuses are
  // one statement, as is a rare word's every match (wordsPage). A found set is ordered whole, at once.
  const statusesOf = (branch: SearchBranch | null): ("OPEN" | "CLOSED" | "ALL")[] => {
    if (filter.status !== "ALL") return [filter.status];
    if (branch?.kind === "found") return ["ALL"];
    if (branch?.kind === "words" && (inNewestHours(sort, branch) || branch.walk === null)) return ["ALL"];
    return branch === null && !sort.endsWith("due") ? ["ALL"] : ["OPEN", "CLOSED"];
  };
  const read = (status: "OPEN" | "CLOSED" | "ALL", how: PageRead | null) =>
    pageOfStatus(db, filter, status, staffEntityNumber, today, how, cursor);
  const pageOf = async (branch: SearchBranch | null) =>
    (
      await Promise.all(
        statusesOf(branch).map((status) =>
          branch?.kind === "words"
            ? wordsPage(status, sort, branch, (how) => read(status, how))
            : read(status, branch),
        ),
      )
    ).flat();
  const pages = await Promise.all(branches.map(pageOf));
  // A conversation found by two branches (a name and a word) is listed once.
  const unique = new Map(pages.flat().map((row) => [row.referenceNumber, row]));
  const rows = [...unique.values()].sort(compareRows(sort)).slice(0, pageSize + 1);
  const page = rows.slice(0, pageSize);
  const excerpts =
    search?.words && page.length > 0
      ? await searchExcerpts(
          db,
          search.words,
          page.map((row) => row.referenceNumber),
          search.query,
        )
      : new Map();
  const last = page.at(-1);
  return {
    rows: page.map((row) => toQueueRow(row, today, excerpts.get(row.referenceNumber) ?? null)),
    nextCursor:
      rows.length > pageSize && last
        ? encodeQueueCursor(sort, { value: last.sortValue, reference: last.referenceNumber })
        : null,
  };
}

function toQueueRow(row: PageRow, today: string, excerpt: QueueRow["excerpt"]): QueueRow {
  const status = row.status as QueueRow["status"];
  return {
    referenceNumber: row.referenceNumber,
    latestReferenceNumber: row.latestReferenceNumber,
    member: {
      entityNumber: row.memberEntityNumber,
      firstName: row.memberFirstName,
      lastName: row.memberLastName,
      membershipNumber: row.membershipNumber,
    },
    category: row.category,
    subCategory: row.subCategory,
    origin: row.origin as ServerOrigin,
    dateLogged: row.loggedAt.toISOString(),
    lastMessageAt: row.lastMessageAt.toISOString(),
    messageCount: row.messageCount,
    replyDueOn: row.replyDueOn,
    // The due key's order is the domain's overdue (isConversationOverdue), as the filter uses it.
    overdue:
      status === "OPEN" && row.dueKey !== "infinity" && (row.dueKey === "-infinity" || row.dueKey < today),
    waitingOn: row.waitingOn as WaitingOn,
    assignedTo:
      row.assigneeEntityNumber === null
        ? null
        : {
            entityNumber: row.assigneeEntityNumber,
            firstName: row.assigneeFirstName ?? "",
            lastName: row.assigneeLastName ?? "",
          },
    status,
    excerpt,
  };
}

/**
 * The desk's tab counts, from the buckets the conversations' trigger keeps (migrations 0014, 0026):
 * each bucket's folded row plus the changes not yet folded (decision 0031), a handful of rows by
 * index whatever the size of the desk. Overdue is the due buckets before today (-infinity, a
 * message with no recorded promise, sorts first). One statement, so one snapshot: a fold that
 * commits meanwhile is seen whole or not at all.
 */
export async function countQueue(db: Db, staffEntityNumber: number, today: string): Promise<QueueCounts> {
  const mine = `assignee:${staffEntityNumber}`;
  // Compared byte by byte: a language's collation would sort "due:-infinity" among the i's.
  const overdue = sql`(bucket collate "C" >= 'due:' and bucket collate "C" < ${`due:${today}`})`;
  const wanted = sql`bucket in ('status:OPEN', 'status:CLOSED', 'assignee:none', 'waiting:MEMBER', ${mine}) or ${overdue}`;
  const [row] = await rowsOf<QueueCounts>(
    db,
    sql`select
      coalesce(sum(conversations) filter (where bucket = 'status:OPEN'), 0)::int as open,
      coalesce(sum(conversations) filter (where bucket = 'status:CLOSED'), 0)::int as closed,
      coalesce(sum(conversations) filter (where ${overdue}), 0)::int as overdue,
      coalesce(sum(conversations) filter (where bucket = 'assignee:none'), 0)::int as unassigned,
      coalesce(sum(conversations) filter (where bucket = ${mine}), 0)::int as mine,
      coalesce(sum(conversations) filter (where bucket = 'waiting:MEMBER'), 0)::int as waiting
    from (
      select bucket, conversations from ${queueCounts} where ${wanted}
      union all
      select bucket, conversations from ${queueCountChanges} where ${wanted}
    ) buckets`,
  );
  return row ?? { open: 0, closed: 0, overdue: 0, unassigned: 0, mine: 0, waiting: 0 };
}
