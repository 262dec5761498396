import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../test-support/databases.js";
import { addMember } from "../../test-support/test-app.js";
import { unavailableAnswer } from "../lib/unavailable.js";
import type { Database } from "./database.js";
import { rowsOf } from "./raw-rows.js";
import { TRANSACTION_TRIES, withTransactionRetry } from "./transaction-retry.js";

// A transaction PostgreSQL aborts for a retry (a deadlock 40P01, a serialisation failure 40001)
// is run again inside the server, a few times, and only then answered 503 with Retry-After: never
// a 500. The aborts here are the database's own: raised by a statement, or a real deadlock.

const abortForRetry = sql`do $$ begin raise exception 'try again' using errcode = '40001'; end $$`;

describe.each(TEST_DATABASE_KINDS)("transactions aborted for a retry on %s", (kind) => {
  let database: Database;
  let members: number[];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    members = [(await addMember(database)).entityNumber, (await addMember(database)).entityNumber];
  });
  afterAll(() => database?.close());

  const signedInAt = async (member: number) => {
    const [row] = await rowsOf<{ at: string | null }>(
      database.db,
      sql`select (last_sign_in_at at time zone 'UTC')::text as at from members where entity_number = ${member}`,
    );
    return row?.at ?? null;
  };

  it("runs a transaction aborted on its first try again, and its write is made once", async () => {
    let tries = 0;
    const [member = 0] = members;
    await database.db.transaction(async (tx) => {
      tries += 1;
      await tx.execute(
        sql`update members set last_sign_in_at = '2026-12-01T10:00:00Z' where entity_number = ${member}`,
      );
      if (tries === 1) await tx.execute(abortForRetry);
    });
    expect(tries).toBe(2);
    expect(await signedInAt(member)).toBe("2026-12-01 10:00:00");
  });

  it("gives up after its last try: nothing written, and the answer is 503 with Retry-After", async () => {
    let tries = 0;
    const [, member = 0] = members;
    const failure = await database.db
      .transaction(async (tx) => {
        tries += 1;
        await tx.execute(sql`update members set last_sign_in_at = now() where entity_number = ${member}`);
        await tx.execute(abortForRetry);
      })
      .catch((error: unknown) => error);
    expect(tries).toBe(TRANSACTION_TRIES);
    expect(await signedInAt(member)).toBeNull();
    const answer = unavailableAnswer(failure);
    expect(answer?.statusCode).toBe(503);
    expect(answer?.headers["retry-after"]).toBeDefined();
  });

  it("says each retry and the last in the log, by the error's code", async () => {
    const said: { fields: object; message: string }[] = [];
    const log = { warn: (fields: object, message: string) => said.push({ fields, message }) };
    await withTransactionRetry(
      () => database.db.transaction((tx) => tx.execute(abortForRetry)),
      log,
      2,
    ).catch(() => undefined);
    expect(said.map((line) => line.fields)).toEqual([
      { code: "40001", attempt: 1 },
      { code: "40001", attempts: 2 },
    ]);
  });

  it.runIf(kind === "postgres")("lets both transactions of a deadlock through", async () => {
    const [first = 0, second = 0] = members;
    let tries = 0;
    let bothHoldTheirFirstRow: () => void = () => undefined;
    const barrier = new Promise<void>((resolve) => {
      let arrived = 0;
      bothHoldTheirFirstRow = () => {
        arrived += 1;
        if (arrived === 2) resolve();
      };
    });
    // Each locks one member's row, waits for the other to lock the other's, then wants it too.
    const lockBoth = (mine: number, theirs: number) =>
      database.db.transaction(async (tx) => {
        tries += 1;
        await tx.execute(sql`update members set last_sign_in_at = now() where entity_number = ${mine}`);
        bothHoldTheirFirstRow();
        await barrier;
        await tx.execute(sql`update members set last_sign_in_at = now() where entity_number = ${theirs}`);
      });
    await Promise.all([lockBoth(first, second), lockBoth(second, first)]);
    expect(tries).toBe(3);
  });
});
