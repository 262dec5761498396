import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CONSOLE_BASE, calendarDateIn, DAY_MS } from "@portal/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { enrolFamily, type Family, loggedInStaff } from "../../../test-support/modules/member-details.js";
import { defaultQueryFields, SI } from "../../../test-support/modules/smart-inquiry.js";
import { createTestApp, type TestApp, type TestBrowser } from "../../../test-support/test-app.js";
import { pdfOfSize, pngFile } from "../../../test-support/upload-fixtures.js";
import { DEFAULT_MAIL_FROM } from "../../config/mail-from.js";
import { conversations, outboxMails, queries } from "../../db/schema.js";
import { createMailTransport, createMailWorker } from "../mail/index.js";

// A conversation as one thing: a query with several updates is assigned, answered, closed and
// reopened as a whole, and the queue, the query page, the member's view and the counts agree at
// every step. The queue's filters, counts, search and the supervisors' bulk actions likewise.

const C = CONSOLE_BASE;

describe.each(TEST_DATABASE_KINDS)("conversations on %s", (kind) => {
  let testApp: TestApp;
  let family: Family;
  let agent: Awaited<ReturnType<typeof loggedInStaff>>;
  let supervisor: Awaited<ReturnType<typeof loggedInStaff>>;

  const get = async (browser: TestBrowser, url: string) => {
    const answer = await browser.request({ method: "GET", url });
    expect({ url, status: answer.statusCode }).toEqual({ url, status: 200 });
    return answer.json();
  };
  const post = (browser: TestBrowser, url: string, payload?: unknown) =>
    browser.request({ method: "POST", url, ...(payload === undefined ? {} : { payload }) });

  async function logQuery(text: string) {
    const answer = await family.principal.browser.postMultipart(
      `${SI}/member-queries/query-additional-info`,
      { ...defaultQueryFields, query: text, email: "thandi.home@example.com" },
      [pngFile()],
    );
    expect(answer.statusCode).toBe(200);
    return answer.json().referenceNumber as number;
  }
  async function addUpdate(reference: number, text: string) {
    const answer = await family.principal.browser.postMultipart(`${SI}/member-queries/${reference}`, {
      query: text,
      origin: "MEMBER_WEB",
    });
    return answer;
  }
  const queueRow = async (browser: TestBrowser, conversation: number, status = "ALL") =>
    (await get(browser, `${C}/queries?status=${status}&search=${conversation}`)).queries[0];
  const memberView = async (reference: number) =>
    get(family.principal.browser, `${SI}/member-queries/${reference}?origin=MEMBER_WEB`);

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    family = await enrolFamily(testApp);
    agent = await loggedInStaff(testApp, "STAFF_AGENT");
    supervisor = await loggedInStaff(testApp, "STAFF_SUPERVISOR");
  });
  afterAll(async () => testApp.close());

  it("assigns, answers, closes and reopens a conversation of several updates as one, every view agreeing", async () => {
    const first = await logQuery("Why was my physiotherapy claim rejected?");
    const updates: number[] = [];
    for (const text of ["Here is the invoice.", "And the referral letter."]) {
      const answer = await addUpdate(first, text);
      expect(answer.statusCode).toBe(200);
      updates.push(answer.json().referenceNumber);
    }
    const last = updates.at(-1) as number;

    // One row in the queue, whichever reference is searched; waiting on the scheme.
    const row = await queueRow(agent.browser, last, "OPEN");
    expect(row).toMatchObject({
      referenceNumber: first,
      latestReferenceNumber: last,
      messageCount: 3,
      waitingOn: "AGENT",
      status: "OPEN",
      assignedTo: null,
    });

    // A supervisor assigns it by an update's reference: the whole conversation is assigned.
    const assigned = await supervisor.browser.request({
      method: "PUT",
      url: `${C}/queries/${updates[0]}/assignee`,
      payload: { assigneeEntityNumber: agent.entityNumber },
    });
    expect(assigned.statusCode).toBe(204);
    for (const reference of [first, ...updates]) {
      const page = await get(agent.browser, `${C}/queries/${reference}`);
      expect(page.query.referenceNumber).toBe(first);
      expect(page.query.assignedTo?.entityNumber).toBe(agent.entityNumber);
      expect(page.query.thread).toHaveLength(3);
    }
    expect(
      (await get(agent.browser, `${C}/queries?assigned=ME`)).queries.map(
        (r: { referenceNumber: number }) => r.referenceNumber,
      ),
    ).toContain(first);

    // A reply without closing: waiting on the member, nothing owed, still open everywhere.
    const replied = await post(supervisor.browser, `${C}/queries/${last}/replies`, {
      html: "<p>We are looking into the physiotherapist's account.</p>",
      close: false,
    });
    expect(replied.statusCode).toBe(200);
    expect(await queueRow(agent.browser, first)).toMatchObject({
      waitingOn: "MEMBER",
      replyDueOn: null,
      overdue: false,
    });
    expect(
      (await get(agent.browser, `${C}/queries?waiting=true`)).queries.map(
        (r: { referenceNumber: number }) => r.referenceNumber,
      ),
    ).toContain(first);

    // The member writes again: it waits on the scheme, with the promise of that update.
    const again = await addUpdate(first, "Any news?");
    expect(again.statusCode).toBe(200);
    const waiting = await queueRow(agent.browser, first);
    expect(waiting).toMatchObject({ waitingOn: "AGENT", messageCount: 4 });
    expect(waiting.replyDueOn).not.toBeNull();

    // Send and close: every query of the conversation is closed, for staff and for the member.
    const closed = await post(supervisor.browser, `${C}/queries/${first}/replies`, {
      html: "<p>It is paid now.</p>",
      close: true,
    });
    expect(closed.statusCode).toBe(200);
    expect((await queueRow(agent.browser, first)).status).toBe("CLOSED");
    for (const reference of [first, ...updates, again.json().referenceNumber]) {
      expect((await memberView(reference)).query.canUpdate).toBe(false);
    }
    expect((await addUpdate(first, "One more thing")).statusCode).toBe(409);

    // Reopened as a whole, once.
    expect((await post(supervisor.browser, `${C}/queries/${last}/reopen`)).statusCode).toBe(204);
    expect((await post(supervisor.browser, `${C}/queries/${first}/reopen`)).statusCode).toBe(409);
    expect((await queueRow(agent.browser, first)).status).toBe("OPEN");
    for (const reference of [first, ...updates]) {
      expect((await memberView(reference)).query.canUpdate).toBe(true);
    }
    const thanks = await addUpdate(first, "Thank you");
    expect(thanks.statusCode).toBe(200);

    // The member's timeline: the conversation once, every update under it (an update of an update too).
    // A new query shows there 24 hours after it was logged: the conversation's first query is made a day old.
    await testApp.database.db
      .update(queries)
      .set({ loggedAt: new Date(testApp.clock.now.getTime() - 25 * 60 * 60_000) })
      .where(eq(queries.referenceNumber, first));
    const timeline = await get(family.principal.browser, `${SI}/interaction-timeline`);
    const items = timeline.items.filter(
      (item: { type: string; referenceNumber: number }) => item.type === "QUERY",
    );
    const entry = items.find((item: { referenceNumber: number }) => item.referenceNumber === first);
    expect(entry.updates.map((update: { referenceNumber: number }) => update.referenceNumber)).toEqual([
      ...updates,
      again.json().referenceNumber,
      thanks.json().referenceNumber,
    ]);
    for (const update of updates) {
      expect(items.some((item: { referenceNumber: number }) => item.referenceNumber === update)).toBe(false);
    }
  });

  it("keeps the tab counts with every command, and counts overdue by the promise in TIME_ZONE", async () => {
    const before = (await get(agent.browser, `${C}/queries`)).counts;
    const reference = await logQuery("How much of my optometry benefit is left?");
    const after = (await get(agent.browser, `${C}/queries`)).counts;
    expect(after.open).toBe(before.open + 1);
    expect(after.unassigned).toBe(before.unassigned + 1);
    expect(after.overdue).toBe(before.overdue);
    expect((await post(agent.browser, `${C}/queries/${reference}/assign-to-me`)).statusCode).toBe(204);
    const mine = (await get(agent.browser, `${C}/queries`)).counts;
    expect(mine.mine).toBe(after.mine + 1);
    expect(mine.unassigned).toBe(after.unassigned - 1);
    // The promise broken: its last day moved ten days back (sessions would not outlive moving the clock).
    const lastDay = calendarDateIn(
      "Africa/Johannesburg",
      new Date(testApp.clock.now.getTime() - 10 * DAY_MS),
    );
    await testApp.database.db
      .update(conversations)
      .set({ replyDueOn: lastDay, dueKey: lastDay })
      .where(eq(conversations.referenceNumber, reference));
    const later = await get(agent.browser, `${C}/queries`);
    expect(later.counts.overdue).toBe(mine.overdue + 1);
    const overdue = await get(agent.browser, `${C}/queries?overdue=true`);
    const row = overdue.queries.find((r: { referenceNumber: number }) => r.referenceNumber === reference);
    expect(row?.overdue).toBe(true);
    expect((await get(agent.browser, `${C}/queries/${reference}`)).query.overdue).toBe(true);
    const closing = await post(agent.browser, `${C}/queries/${reference}/replies`, {
      html: "<p>R 1 200.</p>",
      close: true,
    });
    expect(closing.statusCode).toBe(200);
    const closed = (await get(agent.browser, `${C}/queries`)).counts;
    expect(closed.open).toBe(mine.open - 1);
    expect(closed.overdue).toBe(mine.overdue);
    expect(closed.closed).toBe(mine.closed + 1);
    expect(closed.mine).toBe(mine.mine - 1);
  });

  it("finds conversations by a word (stemmed, marked), a first name and the address a query came from", async () => {
    const reference = await logQuery("The physiotherapist charged me twice for one session.");
    const byWord = await get(agent.browser, `${C}/queries?status=ALL&search=physiotherapists`);
    const row = byWord.queries.find((r: { referenceNumber: number }) => r.referenceNumber === reference);
    expect(
      row.excerpt.filter((part: { match: boolean }) => part.match).map((part: { text: string }) => part.text),
    ).toContain("physiotherapist");
    const byFirstName = await get(agent.browser, `${C}/queries?status=ALL&search=tes`);
    expect(byFirstName.queries.map((r: { referenceNumber: number }) => r.referenceNumber)).toContain(
      reference,
    );
    const byEmail = await get(agent.browser, `${C}/queries?status=ALL&search=THANDI.HOME@example.com`);
    expect(byEmail.queries.map((r: { referenceNumber: number }) => r.referenceNumber)).toContain(reference);
    expect((await get(agent.browser, `${C}/queries?status=ALL&search=zebra`)).queries).toEqual([]);
  });

  it("lets a supervisor assign and close several at once, audited per member; agents get 403", async () => {
    const a = await logQuery("First of two.");
    const b = await logQuery("Second of two.");
    const body = { action: "ASSIGN", referenceNumbers: [a, b], assigneeEntityNumber: agent.entityNumber };
    expect((await post(agent.browser, `${C}/conversations/bulk`, body)).statusCode).toBe(403);
    const assigned = await post(supervisor.browser, `${C}/conversations/bulk`, body);
    expect(assigned.json()).toEqual({ changed: [a, b].sort((x, y) => x - y), unchanged: [] });
    const again = await post(supervisor.browser, `${C}/conversations/bulk`, body);
    expect(again.json()).toEqual({ changed: [], unchanged: [a, b] });
    const closed = await post(supervisor.browser, `${C}/conversations/bulk`, {
      action: "CLOSE",
      referenceNumbers: [a, b],
    });
    expect(closed.json().changed).toEqual([a, b].sort((x, y) => x - y));
    expect((await queueRow(agent.browser, a)).status).toBe("CLOSED");
  });

  it("keeps canned replies: supervisors add, change and remove them, cleaned; every agent reads them", async () => {
    const body = {
      title: "Claim paid",
      html: "<p>Dear {{firstName}}, claim <script>x</script>{{referenceNumber}} is paid.</p>",
    };
    expect((await post(agent.browser, `${C}/canned-replies`, body)).statusCode).toBe(403);
    const created = await post(supervisor.browser, `${C}/canned-replies`, body);
    expect(created.statusCode).toBe(200);
    const { id, html } = created.json();
    expect(html).toBe("<p>Dear {{firstName}}, claim {{referenceNumber}} is paid.</p>");
    expect((await get(agent.browser, `${C}/canned-replies`)).cannedReplies).toEqual([
      expect.objectContaining({ id, title: "Claim paid" }),
    ]);
    const changed = await supervisor.browser.request({
      method: "PUT",
      url: `${C}/canned-replies/${id}`,
      payload: { title: "Claim paid in full", html: "<p>Paid.</p>" },
    });
    expect(changed.json()).toMatchObject({ id, title: "Claim paid in full", html: "<p>Paid.</p>" });
    const empty = await post(supervisor.browser, `${C}/canned-replies`, { title: "Empty", html: "<p> </p>" });
    expect(empty.statusCode).toBe(400);
    const removed = await supervisor.browser.request({ method: "DELETE", url: `${C}/canned-replies/${id}` });
    expect(removed.statusCode).toBe(204);
    expect((await get(agent.browser, `${C}/canned-replies`)).cannedReplies).toEqual([]);
    const again = await supervisor.browser.request({ method: "DELETE", url: `${C}/canned-replies/${id}` });
    expect(again.statusCode).toBe(404);
  });

  it("sends files with a reply: checked like a member's, listed under the reply, and carried by its mail", async () => {
    const reference = await logQuery("Please send me the claim statement.");
    const refused = await supervisor.browser.postMultipart(
      `${C}/queries/${reference}/replies`,
      { html: "<p>Here it is.</p>", close: "false" },
      [{ name: "statement.exe", type: "application/octet-stream", bytes: Buffer.from("MZ not a document") }],
    );
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    const sent = await supervisor.browser.postMultipart(
      `${C}/queries/${reference}/replies`,
      { html: "<p>The statement is attached.</p>", close: "true" },
      [pdfOfSize(3000)],
    );
    expect(sent.statusCode).toBe(200);
    const page = await get(agent.browser, `${C}/queries/${reference}`);
    expect(page.query.status).toBe("CLOSED");
    const [reply] = page.query.replies;
    expect(reply.attachments).toHaveLength(1);
    const file = await agent.browser.request({
      method: "GET",
      url: `${C}/queries/${reference}/reply-attachments/${reply.attachments[0].attachmentId}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // Another conversation's page does not open it.
    const other = await logQuery("Something else.");
    const foreign = await agent.browser.request({
      method: "GET",
      url: `${C}/queries/${other}/reply-attachments/${reply.attachments[0].attachmentId}`,
    });
    expect(foreign.statusCode).toBe(404);

    // The mail carries the file: sent by the real worker through the .eml transport.
    const [mail] = await testApp.database.db
      .select()
      .from(outboxMails)
      .where(and(eq(outboxMails.referenceNumber, reference), eq(outboxMails.kind, "REPLY_SENT")));
    expect(mail?.attachments).toEqual([expect.objectContaining({ contentType: "application/pdf" })]);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "reply-mail-"));
    try {
      const worker = createMailWorker({
        db: testApp.database.db,
        transport: createMailTransport({
          SMTP_URL: undefined,
          MAIL_FROM: DEFAULT_MAIL_FROM,
          DATA_DIR: dataDir,
        }),
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
        maxAttempts: 8,
        secret: "x".repeat(32),
        blobStore: testApp.blobStore,
      });
      // Every mail due goes, a round of ten at a time (the acknowledgements of this file's queries too).
      while ((await worker.runOnce()).length > 0) {}
      const [sentRow] = await testApp.database.db
        .select()
        .from(outboxMails)
        .where(eq(outboxMails.id, mail?.id ?? 0));
      expect(sentRow?.status).toBe("SENT");
      const eml = fs.readFileSync(
        path.join(dataDir, "outbox", `${sentRow?.messageId.replace(/[^A-Za-z0-9._-]/g, "_")}.eml`),
        "utf8",
      );
      expect(eml).toMatch(/Content-Disposition: attachment;\s+filename=/);
      expect(eml).toContain("Content-Type: application/pdf");
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
