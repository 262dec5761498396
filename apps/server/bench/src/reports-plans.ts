import { performance } from "node:perf_hooks";
import type { ReportQuery } from "@portal/domain";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { type Database, type Db, openServerDatabase } from "../../dist/db/database.js";
import { rowsOf } from "../../dist/db/raw-rows.js";
import * as schema from "../../dist/db/schema.js";
import {
  countPendingConversations,
  readReport,
  summarisePendingConversations,
} from "../../dist/modules/reports/index.js";
import { fillDesk } from "./desk-fill.js";
import { explainAll, type LoggedStatement } from "./explain-statements.js";
import { percentile } from "./load.js";
import { newStore } from "./throwaway-store.js";

// The supervisors' reports at scale (PostgreSQL only): the desk's fill at a million conversations,
// with the reports' summary (first reply, business minutes) and a reply per answered conversation
// and the volumes per hour written by SQL as the triggers and the summariser would have kept them,
// and document submissions. A quarter's report is shown statement by statement with its plan (EXPLAIN ANALYZE),
// then timed with a few supervisors at once, p50 and p95. Target: 1 s p95 for a quarter. Then the
// upgrade: every conversation as migration 0019 leaves them (to be summarised, report_volumes
// empty), the pending count's plan, a quarter's report while the background job works (it answers
// at once), and the job's rate in conversations per second.

const SUPERVISORS_AT_ONCE = 4;
const ROUNDS = Number(process.env.BENCH_REPORTS_ROUNDS ?? 10);
const TARGET_MS = 1000;
const TIME_ZONE = "Africa/Johannesburg";
/** How long the background job is timed for after the upgrade (it may finish sooner). */
const JOB_SECONDS = Number(process.env.BENCH_REPORTS_JOB_SECONDS ?? 120);
const REPORT_PENDING_COUNTED_TO = 10_000;

/** The reports' part of the fill, over the desk's conversations (the triggers off, as the desk's are). */
async function fillReports(db: Db, agents: readonly number[]): Promise<void> {
  const agentArray = `{${agents.join(",")}}`;
  await db.execute(sql`alter table conversations disable trigger conversations_report_summary`);
  await db.execute(sql`alter table thread_entries disable trigger thread_entries_first_reply`);
  // Promised two days after logging; answered unless open and waiting on the desk, after 0 to 4
  // days (some late), by the agent who holds it or one of the ten.
  await db.execute(sql`
    update conversations c set
      first_due_on = (c.logged_at at time zone ${TIME_ZONE})::date + 2,
      first_reply_at = case when c.status = 'CLOSED' or c.waiting_on = 'MEMBER'
        then c.logged_at + (abs(hashint4(c.reference_number * 17 + 1)) % 96) * interval '1 hour' end,
      first_reply_by_entity_number = case when c.status = 'CLOSED' or c.waiting_on = 'MEMBER'
        then coalesce(c.assigned_to_entity_number, (${agentArray}::int[])[1 + c.reference_number % 10]) end,
      first_reply_business_minutes = case when c.status = 'CLOSED' or c.waiting_on = 'MEMBER'
        then abs(hashint4(c.reference_number * 17 + 1)) % 96 * 20 end,
      resolution_business_minutes = case when c.status = 'CLOSED' then 3 * 540 end`);
  await db.execute(sql`
    insert into thread_entries (conversation_reference_number, kind, at, query_reference_number, author_entity_number, body)
    select reference_number, 'REPLY', first_reply_at, reference_number, first_reply_by_entity_number, '<p>An answer.</p>'
    from conversations where first_reply_at is not null`);
  await db.execute(sql`alter table conversations enable trigger conversations_report_summary`);
  await db.execute(sql`alter table thread_entries enable trigger thread_entries_first_reply`);
  // The volumes the triggers would have kept, as migration 0021 counts them, folded.
  await db.execute(sql`delete from report_volume_changes`);
  await db.execute(sql`
    insert into report_volumes (hour, origin, category, new_queries, updates, replies, closed)
    select date_bin('1 hour', at, '2000-01-01 00:00:00+00'), origin, category,
      sum(new_queries)::int, sum(updates)::int, sum(replies)::int, sum(closed)::int
    from (
      select logged_at as at, origin, category, 1 as new_queries, 0 as updates, 0 as replies, 0 as closed
      from conversations
      union all
      select q.logged_at, c.origin, c.category, 0, 1, 0, 0
      from queries q join conversations c on c.reference_number = q.conversation_reference_number
      where q.parent_reference_number is not null
      union all
      select a.at, c.origin, c.category, 0, 0, 1, 0
      from thread_entries a join conversations c on c.reference_number = a.conversation_reference_number
      where a.kind = 'REPLY'
      union all
      select closed_at, origin, category, 0, 0, 0, 1 from conversations where closed_at is not null
    ) events
    group by 1, 2, 3`);
  // Documents: one for every tenth conversation, over the same four years.
  await db.execute(sql`
    insert into document_submissions (member_entity_number, category, logged_at, recorded_by_entity_number)
    select member_entity_number, category, logged_at + interval '2 hours',
      case when reference_number % 3 = 0 then assigned_to_entity_number end
    from conversations where reference_number % 10 = 0`);
  // As autovacuum leaves a table that is no longer written: its pages all-visible, so the
  // reports' covering indexes are read without the table.
  await db.execute(sql`vacuum analyze conversations`);
  await db.execute(sql`analyze`);
}

export async function benchReportsPlans(say: (line: string) => void): Promise<void> {
  if (!process.env.DATABASE_URL) {
    say("No DATABASE_URL: the reports' plans are shown on PostgreSQL only.");
    return;
  }
  // 1 250 000 queries: every fifth is an update, so a million conversations.
  const queries = Number(process.env.BENCH_REPORTS_QUERIES ?? 1_250_000);
  const store = await newStore("reports", "server");
  try {
    const database = await openServerDatabase(store.env.DATABASE_URL ?? "", {
      poolSize: SUPERVISORS_AT_ONCE,
    });
    try {
      const started = Date.now();
      const members = Math.max(1000, Math.round(queries / 10));
      const fill = await fillDesk(database.db, { members, queries });
      await fillReports(database.db, fill.agents);
      say("");
      say(
        `Reports over ${Math.round(queries * 0.8).toLocaleString("en")} conversations of ${members.toLocaleString("en")} members (filled in ${((Date.now() - started) / 1000).toFixed(0)} s):`,
      );
      await benchFilledReports(database, say);
    } finally {
      await database.close();
    }
  } finally {
    await store.dispose();
  }
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

async function benchFilledReports(database: Database, say: (line: string) => void): Promise<void> {
  const client = (database.db as unknown as { $client: pg.Pool }).$client;
  const statements: LoggedStatement[] = [];
  const logged = drizzle(client, {
    schema,
    logger: { logQuery: (query, params) => statements.push({ query, params }) },
  }) as unknown as Db;
  const today = isoDay(new Date());
  // The last quarter that ended: the 91 days before the last 30.
  const quarter = {
    from: isoDay(new Date(Date.now() - 121 * 86_400_000)),
    to: isoDay(new Date(Date.now() - 31 * 86_400_000)),
  };
  const [size] = await rowsOf<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from conversations
        where logged_at >= ${quarter.from}::date and logged_at < ${quarter.to}::date + 1`,
  );
  say(
    `  The quarter ${quarter.from} to ${quarter.to}: ${size?.n.toLocaleString("en")} conversations begun in it.`,
  );
  const cases: [string, ReportQuery][] = [
    ["A quarter, every channel and category", quarter],
    ["A quarter, one channel", { ...quarter, channel: "MED_XPRESS" }],
    ["A quarter, one category", { ...quarter, category: "CATEGORY_3" }],
    [
      "A year, every channel and category",
      { from: isoDay(new Date(Date.now() - 365 * 86_400_000)), to: today },
    ],
  ];
  const report = (db: Db, query: ReportQuery) => readReport(db, { query, timeZone: TIME_ZONE, today });
  for (const [what, query] of cases) {
    statements.length = 0;
    await report(logged, query);
    await explainAll(client, what, statements, say);
  }
  // What the background job's round does with nothing pending, as in steady state.
  statements.length = 0;
  await summarisePendingConversations(logged, TIME_ZONE);
  await explainAll(client, "The job's look for pending conversations (none)", statements, say);
  const at = performance.now();
  const summarised = await summarisePendingConversations(database.db, TIME_ZONE);
  say("");
  say(
    `  The job's round with nothing pending: ${summarised} rows in ${(performance.now() - at).toFixed(1)} ms.`,
  );
  say("");
  say(
    `  Timings, ${SUPERVISORS_AT_ONCE} supervisors at once, ${ROUNDS} rounds each (target: ${TARGET_MS} ms p95 for a quarter; a year is shown, not held to it):`,
  );
  for (const [what, query] of cases) {
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: SUPERVISORS_AT_ONCE }, async () => {
        for (let round = 0; round < ROUNDS; round += 1) {
          const started = performance.now();
          await report(database.db, query);
          times.push(performance.now() - started);
        }
      }),
    );
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 0.95);
    say(
      `    ${what.padEnd(44)} p50 ${percentile(times, 0.5).toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms${what.startsWith("A quarter") && p95 > TARGET_MS ? "   OVER" : ""}`,
    );
  }
  await benchUpgrade(database, logged, statements, quarter, say);
}

/**
 * Every conversation as the upgrade leaves it, then the background job at work: the pending
 * count's plan (the report's, counted to 10 001, and the metric's, all), a quarter's report while
 * the job runs, and the job's rate.
 */
async function benchUpgrade(
  database: Database,
  logged: Db,
  statements: LoggedStatement[],
  quarter: ReportQuery,
  say: (line: string) => void,
): Promise<void> {
  const client = (database.db as unknown as { $client: pg.Pool }).$client;
  const db = database.db;
  await db.execute(sql`update conversations set report_backfill_pending = true, first_due_on = null,
    first_reply_at = null, first_reply_by_entity_number = null, first_reply_business_minutes = null,
    resolution_business_minutes = null`);
  await db.execute(sql`truncate report_volumes, report_volume_changes`);
  await db.execute(sql`vacuum analyze conversations`);
  const pendingAtStart = await countPendingConversations(db);
  say("");
  say(`  After the upgrade: ${pendingAtStart.toLocaleString("en")} conversations to summarise.`);
  statements.length = 0;
  await countPendingConversations(logged, REPORT_PENDING_COUNTED_TO);
  await explainAll(client, "The report's pending count, all pending", statements, say);
  statements.length = 0;
  await countPendingConversations(logged);
  await explainAll(client, "The metric's pending count, all pending", statements, say);

  // The job (one process, batches of 500) for at most JOB_SECONDS, a supervisor's quarter at
  // the same time, one report after another.
  let jobDone = false;
  const reportTimes: number[] = [];
  const started = performance.now();
  const job = summarisePendingConversations(db, TIME_ZONE, {
    keepGoing: () => performance.now() - started < JOB_SECONDS * 1000,
  }).finally(() => {
    jobDone = true;
  });
  const supervisor = (async () => {
    while (!jobDone) {
      const at = performance.now();
      await readReport(db, { query: quarter, timeZone: TIME_ZONE, today: isoDay(new Date()) });
      reportTimes.push(performance.now() - at);
    }
  })();
  const done = await job;
  const seconds = (performance.now() - started) / 1000;
  await supervisor;
  reportTimes.sort((a, b) => a - b);
  const left = await countPendingConversations(db);
  say("");
  say(
    `  The job: ${done.toLocaleString("en")} conversations in ${seconds.toFixed(1)} s, ${Math.round(done / seconds).toLocaleString("en")} a second (${left.toLocaleString("en")} left), with a supervisor's quarter asked again and again meanwhile:`,
  );
  say(
    `    ${reportTimes.length} reports, p50 ${percentile(reportTimes, 0.5).toFixed(1)} ms, p95 ${percentile(reportTimes, 0.95).toFixed(1)} ms`,
  );
  // The count once the job has passed over much of the index (its entries dead until a vacuum).
  statements.length = 0;
  await countPendingConversations(logged, REPORT_PENDING_COUNTED_TO);
  await explainAll(client, "The report's pending count, after the job's run", statements, say);
}
