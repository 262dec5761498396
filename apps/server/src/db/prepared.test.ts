import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../test-support/databases.js";
import type { Database } from "./database.js";
import { preparedRead } from "./prepared.js";
import { rowsOf } from "./raw-rows.js";
import { conversations, members } from "./schema.js";

// preparedRead sends the statement on PostgreSQL without Drizzle's prepared query: its rows must
// be what Drizzle's own would be, field by field (times, dates, nulls, expressions, arrays).

describe.each(TEST_DATABASE_KINDS)("a prepared read on %s", (kind) => {
  let database: Database;
  let member = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const [row] = await rowsOf<{ entity: number }>(
      database.db,
      sql`insert into members (first_name, last_name) values ('Prepared', 'Read') returning entity_number as entity`,
    );
    member = row?.entity ?? 0;
    await database.db.execute(sql`
      insert into conversations (reference_number, member_entity_number, origin, category, email, status,
        due_key, reply_due_on, logged_at, last_message_at, latest_reference_number, search_document)
      values (7100001, ${member}, 'MEMBER_WEB', 'CATEGORY_1', 'read@example.com', 'OPEN',
          '2026-11-30', '2026-11-30', '2026-11-20 08:15:30.123456+00', '2026-11-21 10:00:00+00', 7100001, to_tsvector('english', 'a claim')),
        (7100002, ${member}, 'MEMBER_WEB', 'CATEGORY_2', 'second@example.com', 'OPEN',
          'infinity', null, '2026-11-22 09:00:00+00', '2026-11-22 09:00:00+00', 7100002, to_tsvector('english', ''))`);
  });

  afterAll(async () => database?.close());

  const build = (db: Database["db"]) =>
    db
      .select({
        referenceNumber: conversations.referenceNumber,
        subCategory: conversations.subCategory,
        loggedAt: conversations.loggedAt,
        replyDueOn: conversations.replyDueOn,
        dueKey: sql<string>`${conversations.dueKey}::text`,
        lastMessage: sql`${conversations.lastMessageAt}`.mapWith((value: string) => new Date(value)),
        names: sql<string[]>`array[${members.firstName}, ${members.lastName}]`,
      })
      .from(conversations)
      .innerJoin(members, eq(members.entityNumber, conversations.memberEntityNumber))
      .where(eq(conversations.memberEntityNumber, sql.placeholder("member")))
      .orderBy(conversations.referenceNumber);

  it("answers what Drizzle's own prepared statement answers", async () => {
    const read = preparedRead("prepared_read_test", build);
    const drizzles = await build(database.db).prepare("prepared_read_test_drizzle").execute({ member });
    const ours = await read(database.db).execute({ member });
    expect(ours).toEqual(drizzles);
    expect(ours).toHaveLength(2);
    expect(ours[0]?.loggedAt).toEqual(new Date("2026-11-20T08:15:30.123Z"));
    expect(ours[0]?.replyDueOn).toBe("2026-11-30");
    expect(ours[1]).toMatchObject({
      subCategory: null,
      replyDueOn: null,
      dueKey: "infinity",
      names: ["Prepared", "Read"],
    });
    // Built once per database: the second call sends the same named statement again.
    expect(read(database.db)).toBe(read(database.db));
    expect(await read(database.db).execute({ member: -1 })).toEqual([]);
  });
});
