import { CONSOLE_BASE, EXCEPTION_CODES } from "@portal/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { enrolFamily, type Family, loggedInStaff } from "../../../test-support/modules/member-details.js";
import { defaultQueryFields, SI } from "../../../test-support/modules/smart-inquiry.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { repliesTo } from "../../../test-support/thread-rows.js";
import { pdfOfSize } from "../../../test-support/upload-fixtures.js";
import { auditEvents, outboxMails } from "../../db/schema.js";

// A reply is sent once: a repeat of the same composed reply (a double click, a retry after a lost
// answer) gets the first reply back and sends no second mail; a reply written on an older view of
// the conversation (another tab, another agent, the member writing again) is refused until the
// agent has seen what came.

const C = CONSOLE_BASE;

describe.each(TEST_DATABASE_KINDS)("a reply sent once on %s", (kind) => {
  let testApp: TestApp;
  let family: Family;
  let agent: Awaited<ReturnType<typeof loggedInStaff>>;
  let colleague: Awaited<ReturnType<typeof loggedInStaff>>;

  async function logQuery(text: string) {
    const answer = await family.principal.browser.postMultipart(
      `${SI}/member-queries/query-additional-info`,
      { ...defaultQueryFields, query: text },
      [],
    );
    expect(answer.statusCode).toBe(200);
    return answer.json().referenceNumber as number;
  }
  const reply = (browser: typeof agent.browser, reference: number, payload: object) =>
    browser.request({ method: "POST", url: `${C}/queries/${reference}/replies`, payload });
  const repliesOf = (reference: number) => repliesTo(testApp.database.db, reference);
  const replyMailsOf = (reference: number) =>
    testApp.database.db
      .select()
      .from(outboxMails)
      .where(and(eq(outboxMails.referenceNumber, reference), eq(outboxMails.kind, "REPLY_SENT")));
  const replyAuditsOf = (reference: number) =>
    testApp.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.referenceNumber, reference), eq(auditEvents.resource, "query-reply")));

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    family = await enrolFamily(testApp);
    agent = await loggedInStaff(testApp, "STAFF_AGENT");
    colleague = await loggedInStaff(testApp, "STAFF_AGENT");
  });
  afterAll(async () => testApp.close());

  it("stores, mails and audits a double-clicked reply once, and answers both clicks with its id", async () => {
    const reference = await logQuery("Is my MRI scan covered?");
    const body = {
      html: "<p>Yes, with a referral.</p>",
      close: true,
      idempotencyKey: "composer-7f3a",
      seenReplyId: null,
      seenMessageReference: reference,
    };
    // Both at once, as a double click sends them.
    const [first, second] = await Promise.all([
      reply(agent.browser, reference, body),
      reply(agent.browser, reference, body),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().replyId).toBe(first.json().replyId);
    // And once more later, as a retry after a lost answer does.
    const retry = await reply(agent.browser, reference, body);
    expect(retry.json().replyId).toBe(first.json().replyId);
    expect(await repliesOf(reference)).toHaveLength(1);
    expect(await replyMailsOf(reference)).toHaveLength(1);
    expect(await replyAuditsOf(reference)).toHaveLength(1);
  });

  it("sends a repeat with files once, and keeps none of the repeat's files", async () => {
    const reference = await logQuery("Please send me the statement.");
    const fields = {
      html: "<p>The statement is attached.</p>",
      close: "false",
      idempotencyKey: "composer-files-1",
      seenReplyId: "",
      seenMessageReference: String(reference),
    };
    const url = `${C}/queries/${reference}/replies`;
    const first = await agent.browser.postMultipart(url, fields, [pdfOfSize(2048, "statement.pdf")]);
    const again = await agent.browser.postMultipart(url, fields, [pdfOfSize(2048, "statement.pdf")]);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json().replyId).toBe(first.json().replyId);
    expect(await replyMailsOf(reference)).toHaveLength(1);
    const mail = (await replyMailsOf(reference))[0];
    expect(mail?.attachments).toHaveLength(1);
  });

  it("refuses the same key with other text, rather than send either twice or the wrong one", async () => {
    const reference = await logQuery("When will my claim be paid?");
    const base = {
      close: false,
      idempotencyKey: "composer-b2",
      seenReplyId: null,
      seenMessageReference: reference,
    };
    expect((await reply(agent.browser, reference, { ...base, html: "<p>On Friday.</p>" })).statusCode).toBe(
      200,
    );
    const changed = await reply(agent.browser, reference, { ...base, html: "<p>On Monday.</p>" });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().exceptionCode).toBe(EXCEPTION_CODES.IDEMPOTENCY_KEY_REUSED);
    expect(await repliesOf(reference)).toHaveLength(1);
  });

  it("tells the second of two tabs (or agents) that a reply came since it was opened, and sends when told again", async () => {
    const reference = await logQuery("My hearing aid claim was short-paid.");
    const opened = { seenReplyId: null, seenMessageReference: reference };
    // Both opened the query with no reply in it; the colleague sends and closes first.
    const firstTab = await reply(colleague.browser, reference, {
      html: "<p>We paid the balance today.</p>",
      close: true,
      idempotencyKey: "tab-one",
      ...opened,
    });
    expect(firstTab.statusCode).toBe(200);
    const secondTab = await reply(agent.browser, reference, {
      html: "<p>We are checking the tariff.</p>",
      close: true,
      idempotencyKey: "tab-two",
      ...opened,
    });
    expect(secondTab.statusCode).toBe(409);
    expect(secondTab.json()).toMatchObject({
      exceptionCode: EXCEPTION_CODES.CONVERSATION_CHANGED,
      message: expect.stringMatching(/Someone replied to this query after you opened it/),
    });
    expect(await repliesOf(reference)).toHaveLength(1);
    expect(await replyMailsOf(reference)).toHaveLength(1);

    // Having read it, the agent sends anyway: the same composed reply, now on the newer view.
    const sendAnyway = await reply(agent.browser, reference, {
      html: "<p>We are checking the tariff.</p>",
      close: true,
      idempotencyKey: "tab-two",
      seenReplyId: firstTab.json().replyId,
      seenMessageReference: reference,
    });
    expect(sendAnyway.statusCode).toBe(200);
    expect(await repliesOf(reference)).toHaveLength(2);
  });

  it("tells the agent when the member wrote again after the query was opened", async () => {
    const reference = await logQuery("Is physiotherapy covered?");
    const update = await family.principal.browser.postMultipart(`${SI}/member-queries/${reference}`, {
      query: "It is for my knee, after the operation.",
      origin: "MEMBER_WEB",
    });
    expect(update.statusCode).toBe(200);
    const stale = await reply(agent.browser, reference, {
      html: "<p>Yes, 15 sessions a year.</p>",
      idempotencyKey: "knee-1",
      seenReplyId: null,
      seenMessageReference: reference,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/The member wrote again after you opened this query/);
    const current = await reply(agent.browser, reference, {
      html: "<p>Yes, 15 sessions a year.</p>",
      idempotencyKey: "knee-1",
      seenReplyId: null,
      seenMessageReference: update.json().referenceNumber,
    });
    expect(current.statusCode).toBe(200);
  });

  it("makes whoever answers and closes an unassigned conversation its assignee, and keeps an assignee there was", async () => {
    const unassigned = await logQuery("Has my dental claim been paid?");
    const closed = await reply(agent.browser, unassigned, { html: "<p>Yes, on Monday.</p>", close: true });
    expect(closed.statusCode).toBe(200);
    const page = await agent.browser.request({ method: "GET", url: `${C}/queries/${unassigned}` });
    expect(page.json().query.assignedTo?.entityNumber).toBe(agent.entityNumber);

    const taken = await logQuery("Is my spectacle claim paid?");
    expect(
      (await colleague.browser.request({ method: "POST", url: `${C}/queries/${taken}/assign-to-me` }))
        .statusCode,
    ).toBe(204);
    expect((await reply(agent.browser, taken, { html: "<p>It is.</p>", close: true })).statusCode).toBe(200);
    const kept = await agent.browser.request({ method: "GET", url: `${C}/queries/${taken}` });
    expect(kept.json().query.assignedTo?.entityNumber).toBe(colleague.entityNumber);
  });
});
