import { CONSOLE_BASE, DEFAULT_BRAND } from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMails } from "../../db/schema.js";
import { TEST_DATABASE_KINDS } from "../../test-support/databases.js";
import { createTestApp, type TestApp } from "../../test-support/test-app.js";
import { queryLoggedMail } from "../mail/mail-content.js";
import { enqueueMail } from "../mail/outbox.js";
import { auditRowsOf, enrolFamily, type Family, loggedInStaff } from "../member-details/test-helpers.js";

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
});
