import { CONSOLE_BASE, UNMATCHED_MAIL_PAGE_SIZE } from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { inboundContextOf, TEST_SUPPORT_MAILBOX } from "../../../test-support/modules/inbound-mail.js";
import { auditRowsOf, loggedInStaff } from "../../../test-support/modules/member-details.js";
import { loggedInMember } from "../../../test-support/modules/smart-inquiry.js";
import { addMember, createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { loadConfig } from "../../config/env.js";
import { inboundMails, outboxMails, queries } from "../../db/schema.js";
import { startConversation } from "../conversations/index.js";
import { retentionPolicy, runRetentionPurge } from "../data-rights/index.js";
import { type InboundContext, processMail, recordTooLarge } from "./processing.js";
import { autoReply, gmailReply } from "./test-mails.js";

// Staff's "Unmatched mail": a page at a time by key, one mail read as text, linked to a
// conversation or a member (then recorded as a matched mail is) or discarded; audited.

const SUPPORT = TEST_SUPPORT_MAILBOX;
const URL_BASE = `${CONSOLE_BASE}/unmatched-mails`;

describe.each(TEST_DATABASE_KINDS)("unmatched mail in the console, on %s", (kind) => {
  let testApp: TestApp;
  let context: InboundContext;
  let agent: Awaited<ReturnType<typeof loggedInStaff>>;
  let member: { entityNumber: number; email: string };
  let uid = 0;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    agent = await loggedInStaff(testApp, "STAFF_AGENT");
    const added = await addMember(testApp.database, { emails: ["known-member@example.com"] });
    member = { entityNumber: added.entityNumber, email: "known-member@example.com" };
    context = inboundContextOf(testApp);
  });
  afterAll(async () => testApp.close());

  /** A mail from a stranger to the bare support address: unmatched. */
  async function unmatched(text: string, from = "stranger@elsewhere.example"): Promise<number> {
    uid += 1;
    const messageId = `<unmatched-${kind}-${uid}-${Date.now()}@mail.example>`;
    const raw = gmailReply({ to: SUPPORT, from, messageId, subject: `Question ${uid}` }, text);
    const outcome = await processMail(context, { folder: "INBOX", uidValidity: 7, uid }, Buffer.from(raw));
    expect(outcome).toEqual({ outcome: "UNMATCHED", reason: "NO_MATCH" });
    const [row] = await testApp.database.db
      .select({ id: inboundMails.id })
      .from(inboundMails)
      .where(eq(inboundMails.messageId, messageId.slice(1, -1)));
    if (!row) throw new Error("no row");
    return row.id;
  }

  async function conversation(): Promise<number> {
    return testApp.database.db.transaction((tx) =>
      startConversation(
        tx,
        {
          memberEntityNumber: member.entityNumber,
          origin: "MEMBER_WEB",
          category: "OTHER",
          subCategory: null,
          product: null,
          queryText: "A first question.",
          email: member.email,
          ccEmail: null,
          loggedAt: new Date(),
          replyDueOn: "2026-12-01",
        },
        [],
      ),
    );
  }

  it("lists unmatched mails newest first, a page at a time by key, and refuses members", async () => {
    const ids: number[] = [];
    for (let index = 0; index < UNMATCHED_MAIL_PAGE_SIZE + 2; index += 1)
      ids.push(await unmatched(`Text ${index}`));
    const first = await agent.browser.request({ method: "GET", url: URL_BASE });
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.mails).toHaveLength(UNMATCHED_MAIL_PAGE_SIZE);
    expect(page.mails[0]).toMatchObject({
      id: ids.at(-1),
      from: "stranger@elsewhere.example",
      reason: "NO_MATCH",
      member: null,
      conversationReferenceNumber: null,
    });
    const second = await agent.browser.request({
      method: "GET",
      url: `${URL_BASE}?before=${page.nextCursor}`,
    });
    const rest = second.json().mails.map((mail: { id: number }) => mail.id);
    expect(rest).toEqual(expect.arrayContaining([ids[1], ids[0]]));
    expect(page.mails.map((mail: { id: number }) => mail.id)).not.toContain(rest[0]);
    const someone = await loggedInMember(testApp);
    expect((await someone.browser.request({ method: "GET", url: URL_BASE })).statusCode).toBe(403);
  });

  it("opens one as plain text, its HTML never", async () => {
    const id = await unmatched("Is <b>this</b> covered?\nThanks");
    const opened = await agent.browser.request({ method: "GET", url: `${URL_BASE}/${id}` });
    expect(opened.statusCode).toBe(200);
    const body = opened.json();
    expect(body.text).toContain("Is <b>this</b> covered?");
    expect(body.text).toContain("wrote:");
    expect(body.to).toEqual([SUPPORT]);
  });

  it("links a mail to a conversation as an update, audited against its member, acknowledged to the conversation's address", async () => {
    const key = await conversation();
    const id = await unmatched("My new address is 1 Long Street.");
    const before = (await auditRowsOf(testApp, agent.entityNumber)).length;
    const linked = await agent.browser.request({
      method: "POST",
      url: `${URL_BASE}/${id}/link`,
      payload: { conversationReferenceNumber: key },
    });
    expect(linked.statusCode).toBe(200);
    const { outcome, referenceNumber } = linked.json();
    expect(outcome).toBe("UPDATE");
    const [update] = await testApp.database.db
      .select()
      .from(queries)
      .where(eq(queries.referenceNumber, referenceNumber));
    expect(update).toMatchObject({
      conversationReferenceNumber: key,
      queryText: "My new address is 1 Long Street.",
    });
    const [row] = await testApp.database.db.select().from(inboundMails).where(eq(inboundMails.id, id));
    expect(row).toMatchObject({
      outcome: "LINKED",
      resolvedByEntityNumber: agent.entityNumber,
      rawBlobKey: null,
    });
    const [acknowledgement] = await testApp.database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.referenceNumber, referenceNumber));
    // To the conversation's own address, never to the unknown sender.
    expect(acknowledgement?.toAddresses).toEqual([member.email]);
    const audit = (await auditRowsOf(testApp, agent.entityNumber)).slice(before);
    expect(audit).toEqual([
      expect.objectContaining({ resource: "unmatched-mail-link", subjectEntityNumber: member.entityNumber }),
    ]);
    const again = await agent.browser.request({
      method: "POST",
      url: `${URL_BASE}/${id}/link`,
      payload: { conversationReferenceNumber: key },
    });
    expect(again.statusCode).toBe(404);
  });

  it("links a mail to a member as a new query to the register's address", async () => {
    const id = await unmatched("A question from my other address.");
    const linked = await agent.browser.request({
      method: "POST",
      url: `${URL_BASE}/${id}/link`,
      payload: { memberEntityNumber: member.entityNumber },
    });
    expect(linked.statusCode).toBe(200);
    const { outcome, referenceNumber } = linked.json();
    expect(outcome).toBe("NEW_QUERY");
    const [created] = await testApp.database.db
      .select()
      .from(queries)
      .where(eq(queries.referenceNumber, referenceNumber));
    expect(created).toMatchObject({
      memberEntityNumber: member.entityNumber,
      category: "OTHER",
      email: member.email,
      queryText: "A question from my other address.",
    });
  });

  it("refuses a link to nobody, and discards a mail with its raw message", async () => {
    const id = await unmatched("Out of office", "someone@elsewhere.example");
    const nobody = await agent.browser.request({
      method: "POST",
      url: `${URL_BASE}/${id}/link`,
      payload: { conversationReferenceNumber: 999999 },
    });
    expect(nobody.statusCode).toBe(404);
    const [before] = await testApp.database.db.select().from(inboundMails).where(eq(inboundMails.id, id));
    const discarded = await agent.browser.request({ method: "POST", url: `${URL_BASE}/${id}/discard` });
    expect(discarded.statusCode).toBe(204);
    const [after] = await testApp.database.db.select().from(inboundMails).where(eq(inboundMails.id, id));
    expect(after).toMatchObject({ outcome: "DISCARDED", rawBlobKey: null });
    await expect(testApp.blobStore.read(before?.rawBlobKey ?? "")).rejects.toThrow();
    const listed = (await agent.browser.request({ method: "GET", url: URL_BASE })).json();
    expect(listed.mails.map((mail: { id: number }) => mail.id)).not.toContain(id);
    expect(
      (await agent.browser.request({ method: "POST", url: `${URL_BASE}/${id}/discard` })).statusCode,
    ).toBe(404);
  });

  it("lists a mail refused as too large with its size, refuses to link it, and discards it", async () => {
    uid += 1;
    const messageId = `large-${kind}-${uid}-${Date.now()}@mail.example`;
    const refused = await recordTooLarge(
      context,
      { folder: "INBOX", uidValidity: 7, uid },
      { messageId, from: "sender@elsewhere.example", subject: "Scans", sentAt: null, sizeBytes: 70_000_000 },
    );
    expect(refused).toEqual({ outcome: "UNMATCHED", reason: "TOO_LARGE" });
    const [row] = await testApp.database.db
      .select({ id: inboundMails.id })
      .from(inboundMails)
      .where(eq(inboundMails.messageId, messageId));
    const listed = (await agent.browser.request({ method: "GET", url: URL_BASE })).json();
    expect(listed.mails.find((mail: { id: number }) => mail.id === row?.id)).toMatchObject({
      from: "sender@elsewhere.example",
      subject: "Scans",
      reason: "TOO_LARGE",
      sizeBytes: 70_000_000,
    });
    const opened = (await agent.browser.request({ method: "GET", url: `${URL_BASE}/${row?.id}` })).json();
    expect(opened).toMatchObject({ text: "", files: [], to: [] });
    const linked = await agent.browser.request({
      method: "POST",
      url: `${URL_BASE}/${row?.id}/link`,
      payload: { memberEntityNumber: member.entityNumber },
    });
    expect(linked.statusCode).toBe(409);
    const discarded = await agent.browser.request({ method: "POST", url: `${URL_BASE}/${row?.id}/discard` });
    expect(discarded.statusCode).toBe(204);
  });

  it("keeps an automatic reply to a known conversation for staff, naming the conversation and its member", async () => {
    const key = await conversation();
    uid += 1;
    const raw = autoReply({
      to: SUPPORT.replace("@", `+c${key}-00000000000000000000@`),
      from: member.email,
      messageId: `<auto-${kind}-${uid}@mail.example>`,
    });
    const outcome = await processMail(context, { folder: "INBOX", uidValidity: 7, uid }, Buffer.from(raw));
    expect(outcome).toEqual({ outcome: "UNMATCHED", reason: "AUTO_REPLY" });
  });

  it("purges mails read longer ago than RETENTION_INBOUND_MAIL_DAYS, an unmatched one with its raw mail", async () => {
    const id = await unmatched("An old mail no one resolved.");
    const [row] = await testApp.database.db.select().from(inboundMails).where(eq(inboundMails.id, id));
    const config = loadConfig({ NODE_ENV: "test", RETENTION_INBOUND_MAIL_DAYS: "30" });
    await testApp.database.db
      .update(inboundMails)
      .set({ receivedAt: new Date(Date.now() - 31 * 24 * 3_600_000) })
      .where(eq(inboundMails.id, id));
    const outcome = await runRetentionPurge({
      db: testApp.database.db,
      blobStore: testApp.blobStore,
      policy: retentionPolicy(config),
      now: new Date(),
      dryRun: false,
      requestId: "retention:test",
    });
    expect(outcome.ran && outcome.counts.inboundMails).toBe(1);
    expect(await testApp.database.db.select().from(inboundMails).where(eq(inboundMails.id, id))).toEqual([]);
    await expect(testApp.blobStore.read(row?.rawBlobKey ?? "")).rejects.toThrow();
    // The younger ones stay.
    expect(await testApp.database.db.$count(inboundMails)).toBeGreaterThan(0);
  });
});
