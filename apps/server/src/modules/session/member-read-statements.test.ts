import type { PGlite, Transaction } from "@electric-sql/pglite";
import { CONSOLE_BASE, CONSOLE_ME_PATH } from "@portal/domain";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { loggedInStaff } from "../../../test-support/modules/member-details.js";
import { loggedInMember, SI } from "../../../test-support/modules/smart-inquiry.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import type { Database } from "../../db/database.js";
import { recordMemberMessage, sendReply } from "../conversations/index.js";

// Each member read sends the fewest statements its answer needs: the session comes with its
// member's names and roles in one statement (sessions.ts), so no read asks for them again. Counted
// where the statements leave for the database: each pooled node-postgres client's query, or
// PGlite's (in a transaction too).

/** Counts every statement the database's client sends from here on; each one's text is kept. */
function countStatements(database: Database): { sent: string[] } {
  const counted = { sent: [] as string[] };
  const textOf = (statement: unknown) =>
    typeof statement === "string" ? statement : String((statement as { text?: string }).text);
  const wrapQuery = <Target extends { query: (...args: never[]) => unknown }>(target: Target) => {
    const query = target.query.bind(target) as (...args: unknown[]) => unknown;
    (target as { query: unknown }).query = (...args: unknown[]) => {
      counted.sent.push(textOf(args[0]));
      return query(...args);
    };
  };
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    // pool.query and transactions alike run on a client the pool hands out.
    const wrapped = new WeakSet<pg.PoolClient>();
    client.on("acquire", (pooled) => {
      if (wrapped.has(pooled)) return;
      wrapped.add(pooled);
      wrapQuery(pooled);
    });
  } else {
    const pglite = client as PGlite;
    wrapQuery(pglite);
    const exec = pglite.exec.bind(pglite);
    pglite.exec = (text, options) => {
      counted.sent.push(text);
      return exec(text, options);
    };
    const transaction = pglite.transaction.bind(pglite);
    pglite.transaction = (work) =>
      transaction((tx: Transaction) => {
        wrapQuery(tx);
        return work(tx);
      });
  }
  return counted;
}

describe.each(TEST_DATABASE_KINDS)("statements of a member's reads on %s", (kind) => {
  let testApp: TestApp;
  let member: Awaited<ReturnType<typeof loggedInMember>>;
  let agent: Awaited<ReturnType<typeof loggedInStaff>>;
  let reference: number;
  let counted: { sent: string[] };

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    member = await loggedInMember(testApp);
    agent = await loggedInStaff(testApp);
    reference = await recordMemberMessage(
      testApp.database.db,
      {
        memberEntityNumber: member.entityNumber,
        origin: "MEMBER_WEB",
        category: "BENEFITS_AND_COVER",
        subCategory: "LIMITS",
        product: null,
        queryText: "How much is left?",
        email: "m@example.com",
        ccEmail: null,
        parentReferenceNumber: null,
        replyDueOn: null,
        loggedAt: testApp.clock.now,
      },
      [],
    );
    await sendReply(testApp.database.db, reference, {
      html: "<p>Reply</p>",
      sentByEntityNumber: null,
      sentAt: testApp.clock.now,
      close: false,
      mail: null,
    });
    counted = countStatements(testApp.database);
  });
  afterAll(async () => testApp.close());

  /** The statements one GET sends, its answer checked first. */
  const statementsOf = async (url: string, as = member) => {
    counted.sent.length = 0;
    const response = await as.browser.request({ method: "GET", url });
    expect(response.statusCode, response.body).toBe(200);
    return [...counted.sent];
  };

  // The clock stands still: the session is never due for its touch here.
  it("the open list: the session (whose it is, nothing joined), then the list", async () => {
    const sent = await statementsOf(`${SI}/member-queries?daysAgo=7&status=OPEN&origin=MEMBER_WEB`);
    expect(sent, sent.join("\n")).toHaveLength(2);
  });

  it("a query's view: the session, the query's owner, the query, its files, its thread, its replies and the reply's files", async () => {
    const sent = await statementsOf(`${SI}/member-queries/${reference}?origin=MEMBER_WEB`);
    expect(sent, sent.join("\n")).toHaveLength(7);
  });

  it("the session probe: the session with its member's names and roles, one statement", async () => {
    const sent = await statementsOf("/wsg/session");
    expect(sent, sent.join("\n")).toHaveLength(1);
  });

  it("a staff route: the roles its audience admits by come with the session", async () => {
    const sent = await statementsOf(`${CONSOLE_BASE}${CONSOLE_ME_PATH}`, agent);
    expect(sent, sent.join("\n")).toHaveLength(1);
  });

  it("a session due for its touch: one update more, once", async () => {
    testApp.clock.advanceMinutes(2);
    expect(await statementsOf("/wsg/session")).toHaveLength(2);
    expect(await statementsOf("/wsg/session")).toHaveLength(1);
  });
});
