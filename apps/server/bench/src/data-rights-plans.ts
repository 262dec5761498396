import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { loadConfig } from "../../dist/config/env.js";
import type { Db } from "../../dist/db/database.js";
import { rowsOf } from "../../dist/db/raw-rows.js";
import * as schema from "../../dist/db/schema.js";
import { accessHistoryDaysPage, accessHistoryPage } from "../../dist/modules/data-rights/access-history.js";
import { auditTrailPage } from "../../dist/modules/data-rights/audit-trail-query.js";
import { claimExport, currentExport } from "../../dist/modules/data-rights/data-exports.js";
import { listDataRequests } from "../../dist/modules/data-rights/data-requests.js";
import { listLegalHolds } from "../../dist/modules/data-rights/legal-holds.js";
import { lookUpMembers } from "../../dist/modules/data-rights/member-lookup.js";
import { retentionPolicy, runRetentionPurge } from "../../dist/modules/data-rights/retention-purge.js";
import { fillDesk } from "./desk-fill.js";
import { explainAll, type LoggedStatement } from "./explain-statements.js";
import { newStore } from "./throwaway-store.js";

// The data-rights lists at scale (PostgreSQL only): 1 000 000 audit rows about 100 000 members and
// 1 000 000 queries (desk-fill.ts: 95 % of conversations closed, logged over four years), and 200 000 archives. Each list is run by the portal's own
// code on a drizzle handle that records its statements; each statement is then shown with its plan
// and time (EXPLAIN ANALYZE), so an index that stops serving it shows as a sequential scan.

const MEMBERS = 100_000;
const AUDIT_ROWS = 1_000_000;
const QUERIES = 1_000_000;

async function fill(db: Db): Promise<number> {
  await db.execute(sql`
    insert into members (first_name, last_name)
    select 'Rights', 'Member ' || g from generate_series(1, ${MEMBERS}) as g`);
  const [row] = await rowsOf<{ first: number }>(
    db,
    sql`select min(entity_number)::int as first from members where first_name = 'Rights'`,
  );
  const first = row?.first ?? 0;
  // Membership and ID numbers, for the officer's lookup (member-lookup.ts).
  await db.execute(sql`
    insert into member_profiles (entity_number, membership_number, identity_number, identity_type, date_of_birth)
    select entity_number, 'RM' || entity_number, lpad(entity_number::text, 13, '8'), 'ID', date '1980-01-01' + (entity_number % 9000)
    from members where first_name = 'Rights'`);
  await db.execute(sql`
    insert into audit_events (actor_entity_number, subject_entity_number, resource, action, at, request_id, reference_number)
    select ${first}::int + (g % 50), ${first}::int + (g % ${MEMBERS}),
           (array['console-query','console-attachment','member-details','console-queue','log-in'])[1 + g % 5],
           'READ', now() - (g % 2500) * interval '1 day' - (g % 86400) * interval '1 second', 'bench', 300000 + g
    from generate_series(1, ${AUDIT_ROWS}) as g`);
  // The queries and their conversations as the desk has them (a fifth of them updates).
  await fillDesk(db, { members: MEMBERS, queries: QUERIES });
  await db.execute(sql`
    insert into legal_holds (member_entity_number, reason, set_at, set_by_entity_number)
    select ${first}::int + g * 97, 'Bench hold', now(), ${first}::int from generate_series(1, 200) as g`);
  await db.execute(sql`
    insert into data_requests (member_entity_number, kind, received_on, due_on, recorded_at, recorded_by_entity_number, status)
    select ${first}::int + g, 'ACCESS', current_date, current_date + 30, now(), ${first}::int,
           case when g % 10 = 0 then 'OPEN' else 'COMPLETED' end
    from generate_series(1, 20000) as g`);
  // A year of archives: nearly all expired, a few ready, a handful waiting for the worker.
  await db.execute(sql`
    insert into data_exports (member_entity_number, requested_by_entity_number, status, blob_key, requested_at, expires_at)
    select ${first}::int + (g % ${MEMBERS}), ${first}::int + (g % ${MEMBERS}),
           case when g % 1000 = 0 then 'QUEUED' when g % 50 = 0 then 'READY' else 'EXPIRED' end,
           'exports/bench/' || g, now() - (g % 365) * interval '1 day', now() - (g % 365) * interval '1 day' + interval '7 days'
    from generate_series(1, 200000) as g`);
  await db.execute(sql`analyze`);
  return first;
}

export async function benchDataRightsPlans(say: (line: string) => void): Promise<void> {
  if (!process.env.DATABASE_URL) {
    say("No DATABASE_URL: the data-rights plans are shown on PostgreSQL only.");
    return;
  }
  const store = await newStore("rights", "server");
  try {
    const database = await store.open();
    try {
      const started = Date.now();
      const first = await fill(database.db);
      say(
        `  filled ${AUDIT_ROWS.toLocaleString("en")} audit rows and ${QUERIES.toLocaleString("en")} queries of ${MEMBERS.toLocaleString("en")} members in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
      const client = (database.db as unknown as { $client: pg.Pool }).$client;
      const statements: LoggedStatement[] = [];
      const logged = drizzle(client, {
        schema,
        logger: { logQuery: (query, params) => statements.push({ query, params }) },
      }) as unknown as Db;
      const member = first + 4242;
      const cases: [string, () => Promise<unknown>][] = [
        [
          "My data: a member's access history, a day's repeated reads as one, first page",
          () => accessHistoryDaysPage(logged, member, undefined, 25, "Africa/Johannesburg"),
        ],
        [
          "Member's archive: the access history row by row, first page",
          () => accessHistoryPage(logged, member, undefined, 1000),
        ],
        [
          "Audit trail: one staff account, newest first",
          () =>
            auditTrailPage(logged, { staff: first + 7 }, undefined, {
              timeZone: "Africa/Johannesburg",
              pageSize: 50,
            }),
        ],
        [
          "Audit trail: one kind over a month",
          () =>
            auditTrailPage(
              logged,
              { kind: "member-details", from: "2026-10-01", to: "2026-10-31" },
              undefined,
              { timeZone: "Africa/Johannesburg", pageSize: 50 },
            ),
        ],
        [
          "Audit trail: everything, newest first",
          () => auditTrailPage(logged, {}, undefined, { timeZone: "Africa/Johannesburg", pageSize: 50 }),
        ],
        ["Officer's member lookup: a membership number", () => lookUpMembers(logged, `RM${member}`)],
        [
          "Officer's member lookup: an ID number",
          () => lookUpMembers(logged, String(member).padStart(13, "8")),
        ],
        ["Officer's member lookup: the start of a surname", () => lookUpMembers(logged, "Member 4242")],
        ["Requests: open ones, newest first", () => listDataRequests(logged, "OPEN", undefined)],
        ["Legal holds: first page", () => listLegalHolds(logged, undefined)],
        [
          "My data: the member's newest archive and the daily limit",
          () => currentExport(logged, member, new Date()),
        ],
        ["Archive worker: the oldest waiting archive (claimed)", () => claimExport(logged, new Date())],
      ];
      for (const [what, run] of cases) {
        statements.length = 0;
        await run();
        await explainAll(client, what, statements, say);
      }
      // The purge, counted (dry run) over the same data: every statement it sends, planned.
      statements.length = 0;
      const at = Date.now();
      await runRetentionPurge({
        db: logged,
        blobStore: null as never,
        policy: retentionPolicy(loadConfig({ NODE_ENV: "test" })),
        now: new Date(),
        dryRun: true,
        requestId: "bench",
      });
      say(
        `  retention purge, dry run over all of it: ${Date.now() - at} ms, ${statements.length} statements`,
      );
      const distinct = new Map(statements.map((statement) => [statement.query, statement]));
      await explainAll(
        client,
        "Retention purge (each distinct statement once)",
        [...distinct.values()].slice(0, 6),
        say,
      );
    } finally {
      await database.close();
    }
  } finally {
    await store.dispose();
  }
}
