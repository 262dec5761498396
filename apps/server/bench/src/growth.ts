import autocannon from "autocannon";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../dist/db/database.js";
import { members } from "../../dist/db/schema.js";
import { stop } from "./child-process.js";
import { startPortal } from "./portal-process.js";
import { demoMemberSession } from "./portal-session.js";
import { newStore, type Store } from "./throwaway-store.js";

// The growth budget (requirements §10.16): the open list's latency with 1 000 000 queries of 100 000
// members, against the same with 1 000 queries. Each size runs in a database of its own (a fresh
// PGlite directory, or a new database on the DATABASE_URL server, dropped afterwards), filled
// with generated members and queries around the seeded demo members, then served by the built
// server in its own process.

const SIZES = [
  { queries: 1_000, members: 100 },
  { queries: 1_000_000, members: 100_000 },
] as const;
export const GROWTH_CONNECTIONS = 10;

/**
 * Generated members (no log-in) and their queries: a fifth MED_XPRESS, a third closed, logged
 * over the last 400 days, spread evenly over the members. One statement each, inside the database.
 */
async function fill(database: Database, size: (typeof SIZES)[number]): Promise<void> {
  const { db } = database;
  await db.execute(sql`
    insert into members (first_name, last_name)
    select 'Growth', 'Member ' || g from generate_series(1, ${size.members}) as g`);
  const [range] = await db
    .select({ first: sql<number>`min(${members.entityNumber})::int` })
    .from(members)
    .where(eq(members.firstName, "Growth"));
  if (!range) throw new Error("the generated members were not found");
  // Each query its own conversation (the open list reads queries only); the queue counts' trigger
  // is off while filling: the desk's counts play no part here.
  await db.execute(sql`alter table conversations disable trigger conversations_queue_counts`);
  await db.execute(sql`alter table queries disable trigger compat_queries_entry`);
  await db.execute(sql`
    with numbered as (
      select nextval(pg_get_serial_sequence('queries', 'reference_number'))::int as reference,
             ${range.first}::int + (g % ${size.members}) as member,
             case when g % 5 = 0 then 'MED_XPRESS' else 'MEMBER_WEB' end as origin,
             'Generated query ' || g as text,
             case when g % 3 = 0 then 'CLOSED' else 'OPEN' end as status,
             now() - (g % 400) * interval '1 day' - (g % 86400) * interval '1 second' as logged
      from generate_series(1, ${size.queries}) as g
    ), started as (
      insert into conversations (reference_number, member_entity_number, origin, category, email, status,
        due_key, logged_at, last_message_at, latest_reference_number)
      select reference, member, origin, 'MEDICAL_CLAIMS', 'growth@example.com', status, '-infinity', logged,
        logged, reference
      from numbered
    )
    insert into queries (reference_number, conversation_reference_number,
      member_entity_number, origin, category, query_text, email, status, logged_at) overriding system value
    select reference, reference, member, origin, 'MEDICAL_CLAIMS', text, 'growth@example.com', status, logged
    from numbered`);
  await db.execute(sql`
    insert into thread_entries (conversation_reference_number, kind, at, query_reference_number)
    select q.reference_number, 'MEMBER_MESSAGE', q.logged_at, q.reference_number from queries q
    where not exists (select 1 from thread_entries e where e.query_reference_number = q.reference_number)`);
  await db.execute(sql`alter table queries enable trigger compat_queries_entry`);
  await db.execute(sql`alter table conversations enable trigger conversations_queue_counts`);
  // What autovacuum would do a little later: give the planner the table's real size now.
  await db.execute(sql`analyze`);
}

interface GrowthOptions {
  serverScript: string;
  openListPath: string;
  seconds: number;
  port: number;
}

async function measure(store: Store, options: GrowthOptions) {
  const server = await startPortal(store, options.serverScript, options.port, false);
  const base = `http://127.0.0.1:${options.port}`;
  try {
    const session = await demoMemberSession(base);
    const result = await autocannon({
      url: `${base}${options.openListPath}`,
      connections: GROWTH_CONNECTIONS,
      duration: options.seconds,
      headers: { cookie: session.cookieHeader() },
    });
    if (result.non2xx > 0) throw new Error(`${result.non2xx} open-list requests did not answer 2xx`);
    return { mean: result.latency.average, p99: result.latency.p99, rps: result.requests.average };
  } finally {
    await stop(server);
  }
}

export async function benchGrowth(options: GrowthOptions): Promise<void> {
  const figures: { size: (typeof SIZES)[number]; mean: number; p99: number; rps: number }[] = [];
  for (const size of SIZES) {
    const store = await newStore("growth");
    try {
      // The demo members, seeded by the server itself on the empty store.
      await stop(await startPortal(store, options.serverScript, options.port, true));
      const started = Date.now();
      const database = await store.open();
      try {
        await fill(database, size);
      } finally {
        await database.close();
      }
      console.warn(
        `  filled ${size.queries.toLocaleString("en")} queries of ${size.members.toLocaleString("en")} members in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
      figures.push({ size, ...(await measure(store, options)) });
    } finally {
      await store.dispose();
    }
  }
  for (const { size, mean, p99, rps } of figures) {
    console.warn(
      `  ${size.queries.toLocaleString("en").padStart(9)} queries: mean ${mean.toFixed(2)} ms, p99 ${p99} ms, ${rps.toFixed(0)} req/s`,
    );
  }
  const [small, large] = figures;
  if (small && large) {
    console.warn(`  large / small mean latency ${(large.mean / small.mean).toFixed(2)}x   (budget: <= 1.5x)`);
  }
}
