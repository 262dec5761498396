import { performance } from "node:perf_hooks";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { type Database, type Db, openServerDatabase } from "../../dist/db/database.js";
import * as schema from "../../dist/db/schema.js";
import {
  conversationOf,
  countQueue,
  findConversation,
  listQueue,
  type QueueFilter,
  readDeskThread,
} from "../../dist/modules/conversations/index.js";
import { type DeskFill, describeFilledDesk, fillDesk } from "./desk-fill.js";
import { explainAll, type LoggedStatement } from "./explain-statements.js";
import { percentile } from "./load.js";
import { newStore } from "./throwaway-store.js";

// The desk at scale (PostgreSQL only): the queue's tabs, filters and late pages, its counts, the
// search and the query page, each run by the portal's own code. Each call's statements are shown
// with their plans (EXPLAIN ANALYZE), then every call is timed with ten agents at once: p50 and
// p95 over the rounds. Target: every queue call at most 50 ms p95, every search at most 100 ms.

const AGENTS_AT_ONCE = 10;
const ROUNDS = Number(process.env.BENCH_DESK_ROUNDS ?? 20);

const base: QueueFilter = { status: "OPEN", assigned: "ANYONE", overdue: false, waiting: false };

export async function benchDeskPlans(say: (line: string) => void): Promise<void> {
  // A database an earlier run filled (a ten-million fill takes a quarter of an hour), kept as it is.
  const filled = process.env.BENCH_DESK_FILLED_URL;
  if (filled) {
    const database = await openServerDatabase(filled, { poolSize: AGENTS_AT_ONCE });
    try {
      const fill = await describeFilledDesk(database.db);
      say("");
      say(
        `Desk at ${fill.queries.toLocaleString("en")} queries of ${fill.members.toLocaleString("en")} members (filled earlier):`,
      );
      await benchFilledDesk(database, fill, say);
    } finally {
      await database.close();
    }
    return;
  }
  if (!process.env.DATABASE_URL) {
    say("No DATABASE_URL: the desk's plans are shown on PostgreSQL only.");
    return;
  }
  const sizes = (process.env.BENCH_DESK_SIZES ?? "1000000,10000000").split(",").map(Number);
  for (const queries of sizes) await benchOneSize(queries, say);
}

async function benchOneSize(queries: number, say: (line: string) => void): Promise<void> {
  const store = await newStore("desk", "server");
  try {
    // One pool for everything, as wide as the agents at once (the store's own handle has two).
    const database = await openServerDatabase(store.env.DATABASE_URL ?? "", { poolSize: AGENTS_AT_ONCE });
    try {
      const started = Date.now();
      const members = Math.max(1000, Math.round(queries / 10));
      const fill = await fillDesk(database.db, { members, queries });
      say("");
      say(
        `Desk at ${queries.toLocaleString("en")} queries of ${members.toLocaleString("en")} members (filled in ${((Date.now() - started) / 1000).toFixed(0)} s):`,
      );
      await benchFilledDesk(database, fill, say);
    } finally {
      await database.close();
    }
  } finally {
    await store.dispose();
  }
}

async function benchFilledDesk(
  database: Database,
  fill: DeskFill,
  say: (line: string) => void,
): Promise<void> {
  const client = (database.db as unknown as { $client: pg.Pool }).$client;
  const statements: LoggedStatement[] = [];
  const logged = drizzle(client, {
    schema,
    logger: { logQuery: (query, params) => statements.push({ query, params }) },
  }) as unknown as Db;
  const agent = fill.agents[3] ?? 0;
  const today = new Date().toISOString().slice(0, 10);
  // A late page: the key of a row far down the open tab and the closed tab.
  const lateOpen = await pageAfter(database.db, base, agent, today, 40);
  const lateClosed = await pageAfter(database.db, { ...base, status: "CLOSED" }, agent, today, 40);
  const someReference = (await listQueue(database.db, { ...base, status: "CLOSED" }, agent, today)).rows[5];
  const member = someReference?.member;
  const cases: [string, "queue" | "search" | "page", (db: Db) => Promise<unknown>][] = [
    ["Counts of every tab", "queue", (db) => countQueue(db, agent, today)],
    ["Open tab, first page (by the reply owed)", "queue", (db) => listQueue(db, base, agent, today)],
    ["Open tab, page 40", "queue", (db) => listQueue(db, { ...base, after: lateOpen }, agent, today)],
    ["Open tab, mine", "queue", (db) => listQueue(db, { ...base, assigned: "ME" }, agent, today)],
    [
      "Open tab, unassigned",
      "queue",
      (db) => listQueue(db, { ...base, assigned: "UNASSIGNED" }, agent, today),
    ],
    ["Open tab, overdue", "queue", (db) => listQueue(db, { ...base, overdue: true }, agent, today)],
    [
      "Open tab, waiting on the member",
      "queue",
      (db) => listQueue(db, { ...base, waiting: true }, agent, today),
    ],
    [
      "Open tab, one category",
      "queue",
      (db) => listQueue(db, { ...base, category: "CATEGORY_3" }, agent, today),
    ],
    [
      "Open tab, one channel",
      "queue",
      (db) => listQueue(db, { ...base, origin: "MED_XPRESS" }, agent, today),
    ],
    [
      "Open tab, by the newest message",
      "queue",
      (db) => listQueue(db, { ...base, sort: "-latest" }, agent, today),
    ],
    ["Closed tab, first page", "queue", (db) => listQueue(db, { ...base, status: "CLOSED" }, agent, today)],
    [
      "Closed tab, page 40",
      "queue",
      (db) => listQueue(db, { ...base, status: "CLOSED", after: lateClosed }, agent, today),
    ],
    ["All tab, first page", "queue", (db) => listQueue(db, { ...base, status: "ALL" }, agent, today)],
    [
      "All tab, one category, by the reply owed",
      "queue",
      (db) => listQueue(db, { ...base, status: "ALL", category: "CATEGORY_7", sort: "due" }, agent, today),
    ],
    [
      "Search: a common word (all tab)",
      "search",
      (db) => listQueue(db, { ...base, status: "ALL", search: "benefit" }, agent, today),
    ],
    [
      "Search: a common word the newest lack (all tab)",
      "search",
      (db) => listQueue(db, { ...base, status: "ALL", search: "physiotherapy" }, agent, today),
    ],
    [
      "Search: a rare word (all tab)",
      "search",
      (db) => listQueue(db, { ...base, status: "ALL", search: "acupuncture" }, agent, today),
    ],
    [
      // A word by its start (search_lexemes, migration 0032): expanded to the lexemes it starts.
      "Search: the start of a rare word (all tab)",
      "search",
      (db) => listQueue(db, { ...base, status: "ALL", search: "acupunc" }, agent, today),
    ],
    [
      "Search: the start of a word the newest lack (all tab)",
      "search",
      (db) => listQueue(db, { ...base, status: "ALL", search: "physio" }, agent, today),
    ],
    [
      "Search: a first name (all tab)",
      "search",
      (db) => listQueue(db, { ...base, status: "ALL", search: "Thandi" }, agent, today),
    ],
    [
      // Any word of a name by its start (members_name_words): "Merwe" of "van der Merwe Desk1050".
      "Search: a word inside a compound surname (all tab)",
      "search",
      (db) => listQueue(db, { ...base, status: "ALL", search: "Merwe" }, agent, today),
    ],
    [
      "Search: the start of a surname (all tab)",
      "search",
      (db) => listQueue(db, { ...base, status: "ALL", search: "Desk424" }, agent, today),
    ],
    [
      "Search: an e-mail address (all tab)",
      "search",
      (db) =>
        listQueue(
          db,
          { ...base, status: "ALL", search: `member${member?.entityNumber ?? 0}@example.com` },
          agent,
          today,
        ),
    ],
    [
      "Search: a reference number (all tab)",
      "search",
      (db) =>
        listQueue(
          db,
          { ...base, status: "ALL", search: String(someReference?.latestReferenceNumber ?? 1) },
          agent,
          today,
        ),
    ],
    [
      "Search: a membership number (all tab)",
      "search",
      (db) =>
        listQueue(db, { ...base, status: "ALL", search: member?.membershipNumber ?? "M0" }, agent, today),
    ],
    [
      "Query page: the conversation, its messages, replies and notes",
      "page",
      async (db) => {
        const conversation = await conversationOf(db, someReference?.latestReferenceNumber ?? 1);
        if (conversation === null) return;
        await Promise.all([findConversation(db, conversation), readDeskThread(db, conversation)]);
      },
    ],
  ];
  // BENCH_DESK_CASES=search,first name: only the cases whose names contain one of these (any case).
  const asked = process.env.BENCH_DESK_CASES?.toLowerCase().split(",");
  const chosen = asked
    ? cases.filter(([what]) => asked.some((part) => what.toLowerCase().includes(part)))
    : cases;
  for (const [what, , run] of chosen) {
    statements.length = 0;
    await run(logged);
    await explainAll(client, what, statements, say);
  }
  say("");
  say(
    `  Timings, ${AGENTS_AT_ONCE} agents at once, ${ROUNDS} rounds each (target: queue 50 ms p95, search 100 ms p95):`,
  );
  for (const [what, kind, run] of chosen) {
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: AGENTS_AT_ONCE }, async () => {
        for (let round = 0; round < ROUNDS; round += 1) {
          const at = performance.now();
          await run(database.db);
          times.push(performance.now() - at);
        }
      }),
    );
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 0.95);
    const target = kind === "search" ? 100 : 50;
    say(
      `    ${what.padEnd(68)} p50 ${percentile(times, 0.5).toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms${p95 > target ? "   OVER" : ""}`,
    );
  }
}

async function pageAfter(db: Db, filter: QueueFilter, agent: number, today: string, pages: number) {
  let after: string | undefined;
  for (let page = 1; page < pages; page += 1) {
    const result = await listQueue(db, { ...filter, after }, agent, today);
    if (!result.nextCursor) break;
    after = result.nextCursor;
  }
  return after;
}
