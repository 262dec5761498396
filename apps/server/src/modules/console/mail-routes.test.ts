import { ACCOUNT_PATHS, CONSOLE_BASE, DEFAULT_BRAND } from "@portal/domain";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { TEST_SECRET } from "../../../test-support/modules/mail.js";
import {
  auditRowsOf,
  enrolFamily,
  type Family,
  loggedInStaff,
} from "../../../test-support/modules/member-details.js";
import { addMember, createTestApp, type TestApp, TestBrowser } from "../../../test-support/test-app.js";
import { accountTokens, outboxMails } from "../../db/schema.js";
import { queryLoggedMail } from "../mail/mail-content.js";
import { enqueueMail } from "../mail/outbox.js";
import { openSealedLink } from "../mail/sealed-links.js";

// A supervisor's "Send again" of a failed mail is a staff change like any other: audited against the
// member the mail is about, in the same transaction as the mail queued again.

describe.each(TEST_DATABASE_KINDS)("sending a failed mail again on %s", (kind) => {
  let testApp: TestApp;
  let member: Family;
  let supervisor: Awaited<ReturnType<typeof loggedInStaff>>;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    member = await enrolFamily(testApp);
    supervisor = await loggedInStaff(testApp, "STAFF_SUPERVISOR");
  });
  afterAll(async () => testApp.close());

  async function parkedMail(): Promise<number> {
    const { db } = testApp.database;
    const mail = queryLoggedMail(DEFAULT_BRAND, {
      to: ["member@example.com"],
      cc: [],
      referenceNumber: 4001,
      memberEntityNumber: member.principal.entityNumber,
      dueLatest: "2026-11-25",
    });
    const id = await enqueueMail(db, mail, new Date());
    await db.update(outboxMails).set({ status: "FAILED", attempts: 8 }).where(eq(outboxMails.id, id));
    return id;
  }

  it("writes an audit row naming the member, and none when there was nothing to send again", async () => {
    const id = await parkedMail();
    const before = (await auditRowsOf(testApp, supervisor.entityNumber)).length;
    const url = `${CONSOLE_BASE}/mails/${id}/resend`;
    const resent = await supervisor.browser.request({ method: "POST", url });
    expect(resent.statusCode).toBe(204);
    const rows = (await auditRowsOf(testApp, supervisor.entityNumber)).slice(before);
    expect(rows).toEqual([
      expect.objectContaining({
        resource: "mail-resend",
        action: "UPDATE",
        subjectEntityNumber: member.principal.entityNumber,
      }),
    ]);
    const again = await supervisor.browser.request({ method: "POST", url });
    expect(again.statusCode).toBe(404);
    expect((await auditRowsOf(testApp, supervisor.entityNumber)).length).toBe(before + 1);
  });

  it("lists a parked mail with its recipient masked, its failure code and when it was given up on", async () => {
    const id = await parkedMail();
    await testApp.database.db
      .update(outboxMails)
      .set({ lastErrorCode: "ESOCKET", nextAttemptAt: new Date("2026-11-24T09:30:00Z") })
      .where(eq(outboxMails.id, id));
    const listed = await supervisor.browser.request({ method: "GET", url: `${CONSOLE_BASE}/mails/failed` });
    expect(listed.statusCode).toBe(200);
    const mail = listed.json().mails.find((row: { id: number }) => row.id === id);
    expect(mail).toMatchObject({
      recipient: "m•••@example.com",
      otherRecipients: 0,
      lastErrorCode: "ESOCKET",
      parkedAt: "2026-11-24T09:30:00.000Z",
    });
    expect(listed.body).not.toContain("member@example.com");
  });

  it("sends a parked password-reset mail again with a new link and expiry; the old link stops working", async () => {
    const { db } = testApp.database;
    const person = await addMember(testApp.database);
    const anonymous = new TestBrowser(testApp.app);
    await anonymous.visit();
    const asked = await anonymous.request({
      method: "POST",
      url: ACCOUNT_PATHS.passwordReset,
      payload: { login: person.username },
    });
    expect(asked.statusCode).toBe(202);
    const ofPerson = and(
      eq(outboxMails.memberEntityNumber, person.entityNumber),
      eq(outboxMails.kind, "PASSWORD_RESET"),
    );
    const [parked] = await db.select().from(outboxMails).where(ofPerson);
    if (!parked?.sealedLink) throw new Error("no reset mail queued");
    await db.update(outboxMails).set({ status: "FAILED", attempts: 8 }).where(eq(outboxMails.id, parked.id));
    const tokenOf = (sealed: string) =>
      openSealedLink(TEST_SECRET, sealed).split("/forgot-password/reset/")[1] ?? "";
    const oldToken = tokenOf(parked.sealedLink);

    const resent = await supervisor.browser.request({
      method: "POST",
      url: `${CONSOLE_BASE}/mails/${parked.id}/resend`,
    });
    expect(resent.statusCode).toBe(204);
    const [renewed] = await db.select().from(outboxMails).where(eq(outboxMails.id, parked.id));
    expect(renewed).toMatchObject({ status: "PENDING", attempts: 0, lastErrorCode: null });
    expect(renewed?.messageId).not.toBe(parked.messageId);
    expect(renewed?.text).toContain("The link works once and expires in 30 minutes.");
    expect(renewed?.text).toMatch(/^Dear Test,/);
    const newToken = tokenOf(renewed?.sealedLink ?? "");
    expect(newToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken).not.toBe(oldToken);
    // One usable link, the new one, valid from the resend.
    const usable = await db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.entityNumber, person.entityNumber), isNull(accountTokens.usedAt)));
    expect(usable.map((token) => token.expiresAt)).toEqual([
      new Date(testApp.clock.now.getTime() + 30 * 60_000),
    ]);

    const password = "Harbour-Lights-Over-9";
    const complete = (token: string) =>
      anonymous.request({
        method: "POST",
        url: ACCOUNT_PATHS.passwordResetComplete,
        payload: { token, password },
      });
    expect((await complete(oldToken)).statusCode).toBe(400);
    expect((await complete(newToken)).statusCode).toBe(200);
  });
});
