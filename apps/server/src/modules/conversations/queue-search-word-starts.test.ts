import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { closeConversationDaysAgo, memberWithData } from "../../../test-support/modules/data-rights.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { loadConfig } from "../../config/env.js";
import type { Database } from "../../db/database.js";
import { rowsOf } from "../../db/raw-rows.js";
import { eraseMemberDataIn } from "../data-rights/erasure.js";
import { retentionPolicy, runRetentionPurge } from "../data-rights/retention-purge.js";
import { listQueue, type QueueFilter } from "./queue.js";
import { PREFIX_LEXEMES, resolveSearch } from "./queue-search.js";

// The desk's search by the start of a word of the queries' and replies' text ("optom" had found
// nothing): the last word typed, when no conversation holds it as a word, is read as the
// start of the lexemes the conversations hold (search_lexemes, migration 0032).

const base: QueueFilter = { status: "ALL", assigned: "ANYONE", overdue: false, waiting: false };

describe.each(TEST_DATABASE_KINDS)("the search by a word's start, on %s", (kind) => {
  let database: Database;
  const OPTOMETRIST = 9100001;
  const CLAIMS = 40;
  const MANY = 30;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const { db } = database;
    const [member] = await rowsOf<{ entity: number }>(
      db,
      sql`insert into members (first_name, last_name) values ('Prefix', 'Test') returning entity_number as entity`,
    );
    // One conversation mentions an optometrist; some a claim; 30 each a word of its own that all
    // start with "zzbulk" (zzbulk01 to zzbulk30).
    const texts = sql`case when g = 1 then 'An optometrist checked my eyes'
      when g <= ${1 + CLAIMS} then 'My claim was paid'
      else 'Word zzbulk' || lpad((g - ${1 + CLAIMS})::text, 2, '0') end`;
    await db.execute(sql`
      insert into conversations (reference_number, member_entity_number, origin, category, email, status,
        due_key, reply_due_on, logged_at, last_message_at, latest_reference_number, search_document)
      select 9100000 + g, ${member?.entity}, 'MEMBER_WEB', 'CATEGORY_1', 'prefix@example.com',
        case when g % 2 = 0 then 'OPEN' else 'CLOSED' end, current_date, current_date,
        now() - g * interval '1 minute', now() - g * interval '1 minute', 9100000 + g,
        to_tsvector('english', ${texts})
      from generate_series(1, ${1 + CLAIMS + MANY}) as g`);
    await db.execute(sql`analyze conversations`);
  });

  afterAll(async () => database?.close());

  const found = async (search: string) =>
    (await listQueue(database.db, { ...base, search }, 1, "2026-11-24")).rows.map(
      (row) => row.referenceNumber,
    );

  it("finds the optometrist's query by the start of the word, in any case, beside other words", async () => {
    expect(await found("optom")).toEqual([OPTOMETRIST]);
    expect(await found("Optome")).toEqual([OPTOMETRIST]);
    expect(await found("eyes optom")).toEqual([OPTOMETRIST]);
    // Every word but the last must be whole, as before: "claim" is in no optometrist's query.
    expect(await found("claim optom")).toEqual([]);
  });

  it("searches a whole word exactly as before, not as a start", async () => {
    const search = await resolveSearch(database.db, "claims");
    expect(search.query).toBeUndefined();
    expect(await found("optometrist")).toEqual([OPTOMETRIST]);
  });

  it("finds nothing for a start no lexeme has, or one too short", async () => {
    expect(await found("optomz")).toEqual([]);
    expect(await found("qqqx")).toEqual([]);
    expect(await found("op")).toEqual([]);
  });

  it("expands a start shared by many words to a bounded set of them", async () => {
    const search = await resolveSearch(database.db, "zzbulk");
    const lexemes = [...(search.query ?? "").matchAll(/'([^']*)'/g)].map((match) => match[1]);
    expect(lexemes).toHaveLength(PREFIX_LEXEMES);
    expect(lexemes[0]).toBe("zzbulk01");
    const rows = await listQueue(database.db, { ...base, search: "zzbulk" }, 1, "2026-11-24", search);
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const row of rows.rows) expect(row.referenceNumber).toBeGreaterThan(9100000 + 1 + CLAIMS);
  });

  it("leaves operators typed as the words' search treats them, never as a tsquery", async () => {
    for (const typed of [
      "optom:*",
      "optom & !claim",
      "optom'",
      "'optom",
      "optom | claim",
      "optom\\",
      "!!",
      "(optom",
    ])
      await expect(found(typed)).resolves.toBeInstanceOf(Array);
    expect(await found("optom:*")).not.toContain(9100002);
    expect((await resolveSearch(database.db, "optom:*")).query).toBeUndefined();
  });
});

describe.each(TEST_DATABASE_KINDS)("the lexemes of purged and erased conversations, on %s", (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => testApp.close());

  const lexemes = async (...words: string[]) =>
    (
      await rowsOf<{ lexeme: string }>(
        testApp.database.db,
        sql`select lexeme from search_lexemes where lexeme in (${sql.join(
          words.map((word) => sql`${word}`),
          sql`, `,
        )}) order by lexeme`,
      )
    ).map((row) => row.lexeme);

  it("holds a conversation's words while it is kept, and none of them once it is erased", async () => {
    const member = await memberWithData(testApp, "quokkaerased");
    await memberWithData(testApp, "wallabykept");
    expect(await lexemes("claim", "quokkaeras", "wallabykept")).toEqual([
      "claim",
      "quokkaeras",
      "wallabykept",
    ]);
    // Found by its start, the whole word marked in the excerpt of its messages.
    const [row, ...others] = (
      await listQueue(testApp.database.db, { ...base, search: "quokk" }, 1, "2026-11-24")
    ).rows;
    expect(others).toEqual([]);
    expect(row?.excerpt?.filter((part) => part.match).map((part) => part.text)).toContain("quokkaerased");
    await testApp.database.db.transaction((tx) =>
      eraseMemberDataIn(tx, member.entityNumber, {
        now: testApp.clock.now,
        timeZone: "Africa/Johannesburg",
        auditDays: 365,
      }),
    );
    // Its own word is gone; the words other conversations hold stay.
    expect(await lexemes("claim", "quokkaeras", "wallabykept")).toEqual(["claim", "wallabykept"]);
  });

  it("holds none of a purged conversation's own words", async () => {
    const member = await memberWithData(testApp, "wombatpurged");
    expect(await lexemes("wombatpurg")).toEqual(["wombatpurg"]);
    await closeConversationDaysAgo(testApp, [member.original, member.updateRef], 1200);
    const outcome = await runRetentionPurge({
      db: testApp.database.db,
      blobStore: testApp.blobStore,
      policy: retentionPolicy(loadConfig({ NODE_ENV: "test" })),
      now: testApp.clock.now,
      dryRun: false,
      requestId: `test:${Math.random()}`,
    });
    expect(outcome.ran).toBe(true);
    expect(await lexemes("claim", "wombatpurg", "wallabykept")).toEqual(["claim", "wallabykept"]);
  });
});
