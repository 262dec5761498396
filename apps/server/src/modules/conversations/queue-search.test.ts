import { CONSOLE_LIMITS } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import type { Database } from "../../db/database.js";
import { rowsOf } from "../../db/raw-rows.js";
import { conversations } from "../../db/schema.js";
import { listQueue, type QueueFilter } from "./queue.js";
import { NAME_MATCH_LIMIT, type QueueSearch, wordsFrequency, wordsWalk } from "./queue-search.js";

// A search for words reads either the newest conversations in the queue's order until it has met
// enough of them (a walk) or every match by the GIN index (a found set), by the words' frequency in
// the column's statistics. Both must list the same conversations in the same order, page by page.

describe("how words are looked for, by their share of conversations", () => {
  it("walks among the newest for common words, sized to meet two pages of them", () => {
    expect(wordsWalk({ share: 1, conversations: 8_000_000 })).toBe(200);
    expect(wordsWalk({ share: 0.1, conversations: 8_000_000 })).toBe(520);
    expect(wordsWalk({ share: 0.01, conversations: 8_000_000 })).toBe(5_200);
  });

  it("reads rare words by the index: a walk would read more rows than their matches", () => {
    expect(wordsWalk({ share: 0.001, conversations: 8_000_000 })).toBeNull();
    expect(wordsWalk({ share: 0, conversations: 8_000_000 })).toBeNull();
    // A small desk: every match is fewer rows than the shortest walk.
    expect(wordsWalk({ share: 1, conversations: 300 })).toBeNull();
  });
});

describe.each(TEST_DATABASE_KINDS)("the queue's search for words on %s", (kind) => {
  let database: Database;
  const CONVERSATIONS = 2_000;
  const base: QueueFilter = { status: "ALL", assigned: "ANYONE", overdue: false, waiting: false };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const { db } = database;
    const [member] = await rowsOf<{ entity: number }>(
      db,
      sql`insert into members (first_name, last_name) values ('Walk', 'Test') returning entity_number as entity`,
    );
    // Every conversation mentions a claim; every third physiotherapy; every other closed one a
    // dentist; one in 500 acupuncture; an optometrist every open one and the closed ones of 20 to
    // 59 minutes ago.
    // A tenth are open, with due dates that repeat (the order's ties are broken by reference).
    await db.execute(sql`
      insert into conversations (reference_number, member_entity_number, origin, category, email, status,
        due_key, reply_due_on, logged_at, last_message_at, latest_reference_number, search_document)
      select 9000000 + g, ${member?.entity}, 'MEMBER_WEB', 'CATEGORY_' || g % 4, 'walk@example.com',
        case when g % 10 = 0 then 'OPEN' else 'CLOSED' end,
        current_date + g % 7, current_date + g % 7,
        now() - g * interval '1 minute', now() - (g % 600) * interval '1 minute', 9000000 + g,
        to_tsvector('english', 'My claim was paid' ||
          case when g % 3 = 0 then ' after physiotherapy' else '' end ||
          case when g % 10 <> 0 and g % 2 = 0 then ' from the dentist' else '' end ||
          case when g % 500 = 7 then ' and acupuncture' else '' end ||
          case when g % 10 = 0 or g % 600 between 20 and 59 then ' with an optometrist' else '' end)
      from generate_series(1, ${CONVERSATIONS}) as g`);
    await db.execute(sql`analyze conversations`);
  });

  afterAll(async () => database?.close());

  /** Every page of a search, in order, following the cursor to the end. */
  async function everyPage(filter: QueueFilter, resolved?: QueueSearch): Promise<number[]> {
    const found: number[] = [];
    let after: string | undefined;
    do {
      const page = await listQueue(database.db, { ...filter, after }, 1, "2026-11-24", resolved);
      expect(page.rows.length).toBeLessThanOrEqual(CONSOLE_LIMITS.queuePageSize);
      found.push(...page.rows.map((row) => row.referenceNumber));
      after = page.nextCursor ?? undefined;
    } while (after);
    return found;
  }

  /** The same search's answer straight from SQL, in the queue's order. */
  async function expected(words: string, status: string | null, order: "latest" | "due") {
    const rows = await rowsOf<{ reference: number }>(
      database.db,
      sql`select reference_number as reference from conversations
        where search_document @@ websearch_to_tsquery('english', ${words})
          and (${status}::text is null or status = ${status})
        order by ${order === "due" ? sql`due_key asc, reference_number asc` : sql`last_message_at desc, reference_number desc`}`,
    );
    return rows.map((row) => row.reference);
  }

  it("reads each word's share of conversations from the statistics", async () => {
    const claim = await wordsFrequency(database.db, "claims");
    expect(claim?.share).toBeCloseTo(1, 2);
    expect(claim?.conversations).toBe(CONVERSATIONS);
    expect((await wordsFrequency(database.db, "physiotherapy"))?.share).toBeCloseTo(1 / 3, 1);
    // Both must match: the rarer one counts. Either may: their sum.
    expect((await wordsFrequency(database.db, "claim physiotherapy"))?.share).toBeCloseTo(1 / 3, 1);
    expect((await wordsFrequency(database.db, "physiotherapy or claim"))?.share).toBe(1);
    // A word no conversation has, a negated word, and stop words alone.
    expect((await wordsFrequency(database.db, "zebra"))?.share).toBe(0);
    expect((await wordsFrequency(database.db, "claim -physiotherapy"))?.share).toBeCloseTo(1, 2);
    expect(await wordsFrequency(database.db, "the")).toBeNull();
  });

  it("names the lexemes whose hour keys hold every match: the rarest, or every alternative", async () => {
    expect((await wordsFrequency(database.db, "claim physiotherapy"))?.hourKeys).toEqual(["physiotherapi"]);
    expect((await wordsFrequency(database.db, '"paid after physiotherapy"'))?.hourKeys).toEqual([
      "physiotherapi",
    ]);
    expect((await wordsFrequency(database.db, "physiotherapy or dentist"))?.hourKeys).toEqual([
      "physiotherapi",
      "dentist",
    ]);
    expect((await wordsFrequency(database.db, "claim -physiotherapy"))?.hourKeys).toEqual(["claim"]);
    // A match of "-dentist" may hold no word of the query at all.
    expect((await wordsFrequency(database.db, "acupuncture or -dentist"))?.hourKeys).toBeNull();
    // Only a query of one lexeme is answered by its hour keys alone.
    expect((await wordsFrequency(database.db, "Physiotherapy"))?.hourKeysSuffice).toBe(true);
    expect((await wordsFrequency(database.db, "claim physiotherapy"))?.hourKeysSuffice).toBe(false);
    expect((await wordsFrequency(database.db, "claim -physiotherapy"))?.hourKeysSuffice).toBe(false);
  });

  it("finds a common word in the newest hours, or by a walk in another order, and pages through every match once", async () => {
    const share = (await wordsFrequency(database.db, "claim"))?.share ?? 0;
    expect(wordsWalk({ share, conversations: CONVERSATIONS })).not.toBeNull();
    expect(await everyPage({ ...base, search: "claim" })).toEqual(await expected("claim", null, "latest"));
    expect(await everyPage({ ...base, status: "OPEN", search: "claim" })).toEqual(
      await expected("claim", "OPEN", "due"),
    );
    expect(await everyPage({ ...base, search: "claim", sort: "due" })).toEqual(
      await expected("claim", null, "due"),
    );
  });

  it("reads a rare word as a found set, and a common one the newest lack, with the same pages", async () => {
    expect(await everyPage({ ...base, search: "acupuncture" })).toEqual(
      await expected("acupuncture", null, "latest"),
    );
    // Common by the statistics but in no open conversation: the walk meets none and the found
    // set answers.
    expect(
      wordsWalk((await wordsFrequency(database.db, "dentist")) ?? { share: 0, conversations: 0 }),
    ).not.toBeNull();
    expect(await everyPage({ ...base, status: "OPEN", search: "dentist" })).toEqual([]);
    expect(await everyPage({ ...base, search: "dentist" })).toEqual(
      await expected("dentist", null, "latest"),
    );
    expect(await everyPage({ ...base, search: "zebra" })).toEqual([]);
    expect(await everyPage({ ...base, search: "the" })).toEqual([]);
  });

  it.each([
    ["a walk (no lexeme's keys hold every match)", null],
    ["the newest hours", ["optometrist"]],
  ] as const)(
    "reads a status's matches past %s that met too few, though the other status's filled a page",
    async (_, hourKeys) => {
      // Thirty of the newest of each status: every open one has the word; the thirty newest closed
      // ones (the last ten minutes) have not, but closed ones of 20 to 59 minutes ago have, and
      // they come before the open page's end (78 minutes back). Only the closed status's own
      // windows, or its own found set after a walk, find them.
      const matches = (document: unknown) =>
        sql`${document} @@ websearch_to_tsquery('english', 'optometrist')`;
      const search: QueueSearch = {
        words: "optometrist",
        branches: [
          {
            kind: "words",
            walk: 30,
            condition: (document) => matches(document ?? conversations.searchDocument),
            hourKeys,
            hourKeysSuffice: hourKeys !== null,
          },
        ],
      };
      const listed = await everyPage({ ...base, search: "optometrist" }, search);
      expect(listed).toEqual(await expected("optometrist", null, "latest"));
      expect(listed.length).toBeGreaterThan(200);
    },
  );

  it("keys each word by the UTC hour of the newest message, whatever the session's time zone", async () => {
    // The same wall-clock time read in two zones: two instants, each keyed by its own UTC hour.
    const keys = (zone: string) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('TimeZone', ${zone}, true)`);
        const [row] = await rowsOf<{ keys: string[] }>(
          tx,
          sql`select search_hour_keys(to_tsvector('english', 'Physiotherapy claims'), '2026-11-23 21:34:57'::timestamptz) as keys`,
        );
        return row?.keys;
      });
    // 19:34 UTC, 9 823 days after 2000-01-01; and 02:34 UTC the day after.
    expect(await keys("Africa/Johannesburg")).toEqual(["claim@235771", "physiotherapi@235771"]);
    expect(await keys("America/New_York")).toEqual(["claim@235778", "physiotherapi@235778"]);
  });

  it("looks for a word the newest lack in the newest hours, widening, with the same pages", async () => {
    // Three hundred closed conversations, one every eight hours back to a hundred days ago; every
    // other one from the tenth (80 hours back) on names a podiatrist. The first windows hold none
    // or too few (by the words' hour keys), a wider one more than a page: each page after that
    // starts its windows at its own key.
    const walkOf = (document?: unknown) =>
      sql`${document ?? conversations.searchDocument} @@ websearch_to_tsquery('english', 'podiatrist')`;
    await database.db.execute(sql`
      insert into conversations (reference_number, member_entity_number, origin, category, email, status,
        due_key, reply_due_on, logged_at, last_message_at, latest_reference_number, search_document)
      select 9200000 + g, (select entity_number from members limit 1), 'MEMBER_WEB', 'CATEGORY_1',
        'days@example.com', 'CLOSED', current_date, current_date, now() - g * interval '8 hours',
        now() - g * interval '8 hours', 9200000 + g,
        to_tsvector('english', 'A question' || case when g >= 10 and g % 2 = 0 then ' for a podiatrist' else '' end)
      from generate_series(1, 300) as g`);
    const search: QueueSearch = {
      words: "podiatrist",
      branches: [
        { kind: "words", walk: 30, condition: walkOf, hourKeys: ["podiatrist"], hourKeysSuffice: false },
      ],
    };
    const listed = await everyPage({ ...base, search: "podiatrist" }, search);
    expect(listed).toEqual(await expected("podiatrist", null, "latest"));
    expect(listed).toHaveLength(146);
    expect(await everyPage({ ...base, status: "CLOSED", search: "podiatrist" }, search)).toEqual(listed);
  });

  it("finds a member by the start of any word of their names, not by letters inside one", async () => {
    const [member] = await rowsOf<{ entity: number }>(
      database.db,
      sql`insert into members (first_name, last_name) values ('Thandiwe', 'van der Merwe') returning entity_number as entity`,
    );
    await database.db.execute(sql`
      insert into conversations (reference_number, member_entity_number, origin, category, email, status,
        due_key, reply_due_on, logged_at, last_message_at, latest_reference_number, search_document)
      values (9300001, ${member?.entity}, 'MEMBER_WEB', 'CATEGORY_1', 'thandiwe@example.com', 'OPEN',
        current_date, current_date, now(), now(), 9300001, to_tsvector('english', 'A question'))`);
    for (const search of [
      "Merwe",
      "merw",
      "van der Merwe",
      "Thandi Merwe",
      "DER",
      "der me",
      "Merwe: | !van",
    ]) {
      expect(await everyPage({ ...base, search }), search).toEqual([9300001]);
    }
    for (const search of ["erwe", "Merwex", "Thandi Smith", "v'a:n"]) {
      expect(await everyPage({ ...base, search }), search).toEqual([]);
    }
  });

  it("offers the same members every time for a name more members share than it lists", async () => {
    // Inserted from the highest entity number down, so the table's own order is the reverse of
    // the members': a lookup without an order met the highest numbers first.
    const named = NAME_MATCH_LIMIT + 1;
    await database.db.execute(sql`
      insert into members (entity_number, first_name, last_name)
      select 80000000 + g, 'Zanele', 'Common' from generate_series(${named}, 1, -1) as g`);
    await database.db.execute(sql`
      insert into conversations (reference_number, member_entity_number, origin, category, email, status,
        due_key, reply_due_on, logged_at, last_message_at, latest_reference_number, search_document)
      select 9100000 + g, 80000000 + g, 'MEMBER_WEB', 'CATEGORY_1', 'zanele@example.com', 'CLOSED',
        current_date, current_date, now() - g * interval '1 second', now() - g * interval '1 second',
        9100000 + g, to_tsvector('english', 'A question')
      from generate_series(1, ${named}) as g`);
    const listed = await everyPage({ ...base, search: "zanele" });
    // The first NAME_MATCH_LIMIT by entity number: 80000001 up to 80000200, newest first.
    expect(listed).toEqual(Array.from({ length: NAME_MATCH_LIMIT }, (_, index) => 9100001 + index));
    expect(await everyPage({ ...base, search: "Zan" })).toEqual(listed);
  });
});
