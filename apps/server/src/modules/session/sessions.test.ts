import { eq, type SQL } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { TEST_PASSWORD_HASH_COST } from "../../../test-support/test-app.js";
import type { Database, Db } from "../../db/database.js";
import { sessions } from "../../db/schema.js";
import { createMember } from "../members/create-member.js";
import { createSession, resolveSession, sessionTokenHash } from "./sessions.js";

// A session is touched (last_seen_at) at most once a minute; a page load's requests arrive
// together, and only one of them writes the touch.

const POLICY = { idleMs: 15 * 60_000, absoluteMs: 12 * 3_600_000 };

/** The database, counting the updates asked of it. */
function countingUpdates(db: Db): { db: Db; updates: () => number } {
  let updates = 0;
  const counted = new Proxy(db, {
    get(target, property, receiver) {
      if (property === "update") updates += 1;
      return Reflect.get(target, property, receiver);
    },
  });
  return { db: counted, updates: () => updates };
}

describe.each(TEST_DATABASE_KINDS)("sessions on %s", (kind) => {
  let database: Database;
  let token: string;
  const start = new Date("2026-11-28T08:00:00Z");

  beforeEach(async () => {
    database = await openTestDatabase(kind);
    const entityNumber = await createMember(
      database.db,
      {
        username: "touchy",
        password: "a long pass phrase 4 touch",
        firstName: "T",
        lastName: "Ouch",
        emails: ["t@example.com"],
      },
      TEST_PASSWORD_HASH_COST,
    );
    token = (await createSession(database.db, entityNumber, start)) as string;
  });
  afterEach(() => database.close());

  const lastSeen = async () =>
    (
      await database.db
        .select({ at: sessions.lastSeenAt })
        .from(sessions)
        .where(eq(sessions.tokenHash, sessionTokenHash(token)))
    )[0]?.at;

  it("touches a session due for it once, however many of its requests arrive together", async () => {
    const { db, updates } = countingUpdates(database.db);
    const later = new Date(start.getTime() + 2 * 60_000);
    const resolved = await Promise.all(
      Array.from({ length: 10 }, () => resolveSession(db, token, later, POLICY)),
    );
    expect(resolved.every((session) => session !== null)).toBe(true);
    expect(updates()).toBe(1);
    expect(await lastSeen()).toEqual(later);
  });

  it("does not write over a touch another process wrote after this one read the session", async () => {
    const later = new Date(start.getTime() + 2 * 60_000);
    const touchedElsewhere = new Date(later.getTime() - 1_000);
    // The other process's touch lands between this one's read and its update.
    const racing = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property !== "update") return Reflect.get(target, property, receiver);
        return (table: typeof sessions) => ({
          set: (values: { lastSeenAt: Date }) => ({
            where: async (condition: SQL | undefined) => {
              await target
                .update(sessions)
                .set({ lastSeenAt: touchedElsewhere })
                .where(eq(sessions.tokenHash, sessionTokenHash(token)));
              return target.update(table).set(values).where(condition);
            },
          }),
        });
      },
    });
    expect(await resolveSession(racing, token, later, POLICY)).not.toBeNull();
    expect(await lastSeen()).toEqual(touchedElsewhere);
  });
});
