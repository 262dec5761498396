import { CONSOLE_BASE } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { enrolFamily, type Family, loggedInStaff } from "../../../test-support/modules/member-details.js";
import { defaultQueryFields, SI } from "../../../test-support/modules/smart-inquiry.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { pdfOfSize } from "../../../test-support/upload-fixtures.js";

// No row, no data: an audited read whose audit row cannot be written sends nothing of the data,
// whether the answer is a body or a file streamed by the handler itself.

describe.each(TEST_DATABASE_KINDS)("audit rows before the answer on %s", (kind) => {
  let testApp: TestApp;
  let member: Family;
  let agent: Awaited<ReturnType<typeof loggedInStaff>>;
  let reference: number;
  let attachmentUrl: string;

  const failAuditInserts = async () => {
    const { db } = testApp.database;
    await db.execute(sql`
      create or replace function audit_events_fail_insert() returns trigger language plpgsql as $$
      begin raise exception 'audit insert refused by the test'; end $$`);
    await db.execute(sql`
      create trigger audit_events_fail_insert before insert on audit_events
        for each row execute function audit_events_fail_insert()`);
  };
  const allowAuditInserts = () =>
    testApp.database.db.execute(sql`drop trigger if exists audit_events_fail_insert on audit_events`);

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    member = await enrolFamily(testApp);
    agent = await loggedInStaff(testApp, "STAFF_AGENT");
    const logged = await member.principal.browser.postMultipart(
      `${SI}/member-queries/query-additional-info`,
      { ...defaultQueryFields, query: "Please see the statement.", email: "member@example.com" },
      [pdfOfSize(200_000)],
    );
    expect(logged.statusCode).toBe(200);
    reference = logged.json().referenceNumber;
    const page = await agent.browser.request({ method: "GET", url: `${CONSOLE_BASE}/queries/${reference}` });
    const attachmentId = page.json().query.thread[0].attachments[0].attachmentId;
    attachmentUrl = `${CONSOLE_BASE}/queries/${reference}/attachments/${attachmentId}`;
  });
  afterAll(async () => testApp.close());

  it("streams a staff download only once its audit row is written", async () => {
    const allowed = await agent.browser.request({ method: "GET", url: attachmentUrl });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    await failAuditInserts();
    try {
      const refused = await agent.browser.request({ method: "GET", url: attachmentUrl });
      expect(refused.statusCode).toBe(500);
      expect(refused.rawPayload.includes("%PDF-")).toBe(false);
      const read = await agent.browser.request({
        method: "GET",
        url: `${CONSOLE_BASE}/queries/${reference}`,
      });
      expect(read.statusCode).toBe(500);
      expect(read.body).not.toContain("statement");
    } finally {
      await allowAuditInserts();
    }
  });
});
