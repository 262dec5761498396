import {
  BACKLOG_AGE_BANDS,
  BUSINESS_DAY_CLOSES_MINUTE,
  BUSINESS_DAY_MINUTES,
  BUSINESS_DAY_OPENS_MINUTE,
  categoryLabel,
  nextCalendarDay,
  type PromiseRow,
  REPORTS_LIMITS,
  type ReportQuery,
  type ReportResponse,
} from "@portal/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../db/database.js";
import { rowsOf } from "../../db/raw-rows.js";
import { countPendingConversations } from "./summarise.js";

// The figures of a report, each from one SQL statement over the conversations (decision 0025):
// aggregates the database computes, never rows loaded into the server. A conversation belongs to
// the days it began on (conversations_report_logged); the day of anything is its calendar day in
// TIME_ZONE. "Now" (open, overdue, due today, the backlog) ignores the range but not the filters.

const CHANNEL_LABELS: Readonly<Record<string, string>> = {
  MEMBER_WEB: "Member portal",
  MED_XPRESS: "MedXpress",
};
/** The agent's key of a conversation nobody answered and nobody holds. */
const NOBODY = "none";

export interface ReportScope {
  query: ReportQuery;
  timeZone: string;
  /** Today in TIME_ZONE (yyyy-MM-dd): what "overdue" and "due today" are counted against. */
  today: string;
}

/** The first instant of `from` and the first instant after `to`, in the zone, as SQL. */
function rangeOf({ query, timeZone }: ReportScope) {
  return {
    start: sql`(${query.from}::date)::timestamp at time zone ${timeZone}`,
    end: sql`(${query.to}::date + 1)::timestamp at time zone ${timeZone}`,
  };
}

/** The channel and category filters on a conversation `c`, as SQL ("true" when none). */
function conversationFilters({ query }: ReportScope): SQL {
  const conditions: SQL[] = [];
  if (query.channel) conditions.push(sql`c.origin = ${query.channel}`);
  if (query.category) conditions.push(sql`c.category = ${query.category}`);
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

/** Every day of the range, in order. */
function daysOf(query: ReportQuery): string[] {
  const days: string[] = [];
  for (let day = query.from; day <= query.to; day = nextCalendarDay(day)) days.push(day);
  return days;
}

/** The rows of one of the volumes' tables in the scope's hours, channel and category. */
function volumeRows(table: "report_volumes" | "report_volume_changes", scope: ReportScope) {
  const { start, end } = rangeOf(scope);
  const { query } = scope;
  return sql`select hour, new_queries, updates, replies, closed from ${sql.identifier(table)}
    where hour >= ${start} and hour < ${end}
      ${query.channel ? sql`and origin = ${query.channel}` : sql``}
      ${query.category ? sql`and category = ${query.category}` : sql``}`;
}

/**
 * New queries, updates, replies and closes per day: the hours of report_volumes (kept by triggers,
 * migration 0021) plus the events not yet folded into them (report_volume_changes, decision 0031),
 * added up by their day in TIME_ZONE: a range of each table's index.
 */
async function readVolumes(db: Queryable, scope: ReportScope): Promise<ReportResponse["volumes"]> {
  const { query } = scope;
  const rows = await rowsOf<{
    day: string;
    newQueries: number;
    updates: number;
    replies: number;
    closed: number;
  }>(
    db,
    sql`select ((v.hour at time zone ${scope.timeZone})::date)::text as day,
          sum(v.new_queries)::int as "newQueries", sum(v.updates)::int as "updates",
          sum(v.replies)::int as "replies", sum(v.closed)::int as "closed"
        from (${volumeRows("report_volumes", scope)} union all ${volumeRows("report_volume_changes", scope)}) v
        group by 1`,
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return daysOf(query).map((day) => {
    const row = byDay.get(day);
    return {
      day,
      newQueries: Number(row?.newQueries ?? 0),
      updates: Number(row?.updates ?? 0),
      replies: Number(row?.replies ?? 0),
      closed: Number(row?.closed ?? 0),
    };
  });
}

/** Median and 90th percentile of the business minutes to the first reply and to the last close. */
async function readDurations(db: Queryable, scope: ReportScope) {
  const { start, end } = rangeOf(scope);
  const [row] = await rowsOf<{
    answered: number;
    answeredMedian: number | null;
    answeredP90: number | null;
    resolved: number;
    resolvedMedian: number | null;
    resolvedP90: number | null;
  }>(
    db,
    sql`select count(c.first_reply_business_minutes)::int as "answered",
          percentile_cont(0.5) within group (order by c.first_reply_business_minutes) as "answeredMedian",
          percentile_cont(0.9) within group (order by c.first_reply_business_minutes) as "answeredP90",
          count(c.resolution_business_minutes)::int as "resolved",
          percentile_cont(0.5) within group (order by c.resolution_business_minutes) as "resolvedMedian",
          percentile_cont(0.9) within group (order by c.resolution_business_minutes) as "resolvedP90"
        from conversations c
        where c.logged_at >= ${start} and c.logged_at < ${end} and ${conversationFilters(scope)}`,
  );
  const figure = (value: number | null | undefined) =>
    value === null || value === undefined ? null : Number(value);
  return {
    firstResponse: {
      count: Number(row?.answered ?? 0),
      medianMinutes: figure(row?.answeredMedian),
      p90Minutes: figure(row?.answeredP90),
    },
    resolution: {
      count: Number(row?.resolved ?? 0),
      medianMinutes: figure(row?.resolvedMedian),
      p90Minutes: figure(row?.resolvedP90),
    },
  };
}

function promiseRow(key: string, label: string, counts: { onTime: number; broken: number; pending: number }) {
  const decided = counts.onTime + counts.broken;
  return { key, label, ...counts, onTimeShare: decided === 0 ? null : counts.onTime / decided };
}

/**
 * The promise of each conversation's first message, per category, channel and agent, in one
 * statement (grouping sets). Kept: the first reply on or before the last day promised (its
 * calendar day in TIME_ZONE). Broken: the first reply after it, or none and the day has passed.
 * Pending: none yet and still in time. The agent is who sent the first reply, else who holds it.
 */
async function readPromise(db: Queryable, scope: ReportScope) {
  const { start, end } = rangeOf(scope);
  const answeredOn = sql`(c.first_reply_at at time zone ${scope.timeZone})::date`;
  const rows = await rowsOf<{
    set: "category" | "channel" | "agent";
    key: string | null;
    firstName: string | null;
    lastName: string | null;
    onTime: number;
    broken: number;
    pending: number;
  }>(
    db,
    sql`select g.set, g.key, m.first_name as "firstName", m.last_name as "lastName",
          g.on_time as "onTime", g.broken, g.pending
        from (
          select case when grouping(c.category) = 0 then 'category'
                      when grouping(c.origin) = 0 then 'channel' else 'agent' end as set,
            coalesce(c.category, c.origin,
              coalesce(c.first_reply_by_entity_number, c.assigned_to_entity_number)::text) as key,
            coalesce(c.first_reply_by_entity_number, c.assigned_to_entity_number) as agent,
            count(*) filter (where c.first_reply_at is not null and ${answeredOn} <= c.first_due_on)::int as on_time,
            count(*) filter (where (c.first_reply_at is not null and ${answeredOn} > c.first_due_on)
              or (c.first_reply_at is null and c.first_due_on < ${scope.today}::date))::int as broken,
            count(*) filter (where c.first_reply_at is null and c.first_due_on >= ${scope.today}::date)::int as pending
          from conversations c
          where c.logged_at >= ${start} and c.logged_at < ${end} and c.first_due_on is not null
            and ${conversationFilters(scope)}
          group by grouping sets ((c.category), (c.origin),
            (coalesce(c.first_reply_by_entity_number, c.assigned_to_entity_number)))
        ) g
        left join members m on m.entity_number = g.agent
        order by g.set, g.key`,
  );
  const byCategory: PromiseRow[] = [];
  const byChannel: PromiseRow[] = [];
  const byAgent: PromiseRow[] = [];
  for (const row of rows) {
    const counts = { onTime: Number(row.onTime), broken: Number(row.broken), pending: Number(row.pending) };
    if (row.set === "category" && row.key !== null) {
      byCategory.push(promiseRow(row.key, categoryLabel(row.key), counts));
    } else if (row.set === "channel" && row.key !== null) {
      byChannel.push(promiseRow(row.key, CHANNEL_LABELS[row.key] ?? row.key, counts));
    } else if (row.set === "agent") {
      const label =
        row.key === null
          ? "Nobody (not answered, not assigned)"
          : [row.firstName, row.lastName].filter(Boolean).join(" ") || `Staff ${row.key}`;
      byAgent.push(promiseRow(row.key ?? NOBODY, label, counts));
    }
  }
  const byLabel = (a: PromiseRow, b: PromiseRow) => a.label.localeCompare(b.label, "en");
  return {
    promiseByCategory: byCategory.sort(byLabel),
    promiseByChannel: byChannel.sort(byLabel),
    promiseByAgent: byAgent.sort(byLabel),
  };
}

/**
 * Open conversations now: how many, overdue (the desk owes a reply and the last day owed is before
 * today, decision 0024's one definition) and due today; and their ages in calendar days, banded.
 */
async function readOpenNow(db: Queryable, scope: ReportScope) {
  const rows = await rowsOf<{ age: number; open: number; overdue: number; dueToday: number }>(
    db,
    sql`select ${scope.today}::date - (c.logged_at at time zone ${scope.timeZone})::date as age,
          count(*)::int as open,
          count(*) filter (where c.due_key < ${scope.today}::date)::int as overdue,
          count(*) filter (where c.due_key = ${scope.today}::date)::int as "dueToday"
        from conversations c where c.status = 'OPEN' and ${conversationFilters(scope)}
        group by 1`,
  );
  const openNow = { open: 0, overdue: 0, dueToday: 0 };
  const backlog = BACKLOG_AGE_BANDS.map((band) => ({ label: band.label, conversations: 0 }));
  for (const row of rows) {
    openNow.open += Number(row.open);
    openNow.overdue += Number(row.overdue);
    openNow.dueToday += Number(row.dueToday);
    // A conversation logged "tomorrow" by a clock that runs ahead counts as new.
    const age = Math.max(0, Number(row.age));
    const band = BACKLOG_AGE_BANDS.findIndex((candidate) => candidate.to === null || age <= candidate.to);
    const counted = backlog[band];
    if (counted) counted.conversations += Number(row.open);
  }
  return { openNow, backlog };
}

/** Document submissions per day: sent by members, and recorded by staff. The channel does not apply. */
async function readDocuments(db: Queryable, scope: ReportScope): Promise<ReportResponse["documents"]> {
  const { start, end } = rangeOf(scope);
  const rows = await rowsOf<{ day: string; fromMembers: number; recordedByStaff: number }>(
    db,
    sql`select ((d.logged_at at time zone ${scope.timeZone})::date)::text as day,
          count(*) filter (where d.recorded_by_entity_number is null)::int as "fromMembers",
          count(*) filter (where d.recorded_by_entity_number is not null)::int as "recordedByStaff"
        from document_submissions d
        where d.logged_at >= ${start} and d.logged_at < ${end}
          ${scope.query.category ? sql`and d.category = ${scope.query.category}` : sql``}
        group by 1`,
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return daysOf(scope.query).map((day) => ({
    day,
    fromMembers: Number(byDay.get(day)?.fromMembers ?? 0),
    recordedByStaff: Number(byDay.get(day)?.recordedByStaff ?? 0),
  }));
}

const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/**
 * A whole report, from what is summarised now (the background job works out the rest, and the
 * report says how many are left). The statements are independent; they run one after another on
 * the one connection given.
 */
export async function readReport(db: Queryable, scope: ReportScope): Promise<ReportResponse> {
  const volumes = await readVolumes(db, scope);
  const durations = await readDurations(db, scope);
  const promise = await readPromise(db, scope);
  const now = await readOpenNow(db, scope);
  const documents = await readDocuments(db, scope);
  const countedTo = REPORTS_LIMITS.pendingCountedTo;
  const pending = await countPendingConversations(db, countedTo);
  return {
    query: {
      from: scope.query.from,
      to: scope.query.to,
      channel: scope.query.channel ?? null,
      category: scope.query.category ?? null,
    },
    today: scope.today,
    timeZone: scope.timeZone,
    businessHours: {
      opens: clock(BUSINESS_DAY_OPENS_MINUTE),
      closes: clock(BUSINESS_DAY_CLOSES_MINUTE),
      minutesPerDay: BUSINESS_DAY_MINUTES,
    },
    volumes,
    ...durations,
    ...promise,
    ...now,
    documents,
    stillPending: { conversations: Math.min(pending, countedTo), more: pending > countedTo },
  };
}
