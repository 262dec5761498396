import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultQueryFields, loggedInMember, SI } from "../../../test-support/modules/smart-inquiry.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { rowsOf } from "../../db/raw-rows.js";

// A write that waits behind a row another transaction holds gives up after the lock wait
// (DATABASE_LOCK_WAIT_SECONDS): its transaction rolls back first, then it answers 503 with
// Retry-After, nothing of it stored. It never waits on without end for its connection to be cut.
// PostgreSQL only: the embedded database has one connection, so nothing else holds a row.

describe.runIf(process.env.DATABASE_URL)("a write waiting for a lock on PostgreSQL", () => {
  let testApp: TestApp;
  let holder: pg.Client;

  beforeAll(async () => {
    testApp = await createTestApp("postgres", {}, { lockWaitSeconds: 1 });
    const [row] = await rowsOf<{ url: string }>(testApp.database.db, sql`select current_database() as url`);
    const url = new URL(process.env.DATABASE_URL ?? "");
    url.pathname = `/${row?.url}`;
    holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
  });

  afterAll(async () => {
    await holder.end();
    await testApp.close();
  });

  it("rolls back and answers 503 once it has waited the lock wait, and is stored when retried", async () => {
    const member = await loggedInMember(testApp);
    const created = await member.browser.postMultipart(
      `${SI}/member-queries/query-additional-info`,
      defaultQueryFields,
    );
    expect(created.statusCode).toBe(200);
    const reference = created.json().referenceNumber as number;
    const updates = async () =>
      (
        await rowsOf<{ n: number }>(
          testApp.database.db,
          sql`select count(*)::int as n from queries where parent_reference_number = ${reference}`,
        )
      )[0]?.n;
    const before = await updates();

    // Another transaction holds the query's conversation row (as a long write would).
    await holder.query("begin");
    await holder.query("select 1 from conversations where reference_number = $1 for update", [reference]);
    const started = Date.now();
    const waited = await member.browser.postMultipart(`${SI}/member-queries/${reference}`, {
      query: "An update that meets a held row.",
      origin: "MEMBER_WEB",
    });
    const waitedMs = Date.now() - started;
    await holder.query("rollback");

    expect(waited.statusCode).toBe(503);
    expect(waited.headers["retry-after"]).toBe("30");
    expect(waitedMs).toBeGreaterThanOrEqual(900);
    expect(await updates()).toBe(before);

    const retried = await member.browser.postMultipart(`${SI}/member-queries/${reference}`, {
      query: "An update that meets a held row.",
      origin: "MEMBER_WEB",
    });
    expect(retried.statusCode).toBe(200);
    expect(await updates()).toBe((before ?? 0) + 1);
  }, 30_000);
});
