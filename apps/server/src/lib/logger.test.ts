import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../test-support/databases.js";
import { enrolFamily, MD } from "../../test-support/modules/member-details.js";
import { loggedInMember, SI } from "../../test-support/modules/smart-inquiry.js";
import { createTestApp, type TestApp } from "../../test-support/test-app.js";
import { errorForLog, loggerOptions } from "./logger.js";

// An operator reads the log; a member's data never is in it, not even when a statement fails.

describe.each(TEST_DATABASE_KINDS)("error logs, on %s", (kind) => {
  let testApp: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    testApp = await createTestApp(kind, {}, { logger: { ...loggerOptions("error"), stream } });
  });
  afterAll(async () => testApp.close());

  it("logs a failed statement by its code and the request id, never the values it carried", async () => {
    const member = await loggedInMember(testApp);
    // A broken schema: the insert of the query fails at the database.
    await testApp.database.db.execute(sql`alter table queries rename column cc_email to cc_email_gone`);
    const secretText = "my psychiatric diagnosis is private";
    const address = "private.person@example.com";
    const answer = await member.browser.postMultipart(`${SI}/member-queries/query-additional-info`, {
      category: "MEDICAL_CLAIMS",
      subCategory: "CLAIM_NOT_PAID",
      query: secretText,
      email: address,
      origin: "MEMBER_WEB",
    });
    await testApp.database.db.execute(sql`alter table queries rename column cc_email_gone to cc_email`);
    expect(answer.statusCode).toBe(500);
    const logged = lines.join("");
    expect(answer.headers["x-request-id"]).toBeTruthy();
    expect(logged).toContain(`"reqId":"${answer.headers["x-request-id"]}"`);
    expect(logged).toContain('"code":"42703"');
    expect(logged).not.toContain(secretText);
    expect(logged).not.toContain(address);
    expect(logged).not.toContain('query_detail_gone" does not exist');
  });

  it("keeps an error's type, code and frames, never its message", () => {
    const error = Object.assign(new Error("duplicate key value (email)=(someone@example.com)"), {
      code: "23505",
      constraint: "member_emails_member_position",
      detail: "Key (address)=(someone@example.com) already exists.",
      cause: new Error("params: someone@example.com"),
    });
    const kept = JSON.stringify(errorForLog(error));
    expect(kept).toContain("23505");
    expect(kept).toContain("member_emails_member_position");
    expect(kept).not.toContain("someone@example.com");
    expect(errorForLog(error).stack).toMatch(/^at /);
  });
});

// A request's path names a member (entity and reference numbers in it, more in its query string):
// the log keeps the route's pattern only.
describe.each(TEST_DATABASE_KINDS)("request logs, on %s", (kind) => {
  let testApp: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    testApp = await createTestApp(kind, {}, { logger: { ...loggerOptions("info"), stream } });
  });
  afterAll(async () => testApp.close());

  it("logs a member-details path as its route pattern, without the entity number or the query", async () => {
    const family = await enrolFamily(testApp);
    const own = String(family.principal.entityNumber);
    lines.length = 0;
    const answer = await family.principal.browser.request({
      method: "GET",
      url: `${MD}/${own}/plan?reference=${own}`,
    });
    expect(answer.statusCode).toBe(200);
    const logged = lines.join("");
    expect(logged).toContain(`"path":"${MD}/:entityNumber/plan"`);
    expect(logged).not.toContain(own);
  });

  it("logs a path no route matched without its text", async () => {
    lines.length = 0;
    await testApp.app.inject({ method: "GET", url: "/api/no-such-thing/70000001" });
    const logged = lines.join("");
    expect(logged).toContain('"path":"(no route)"');
    expect(logged).not.toContain("70000001");
  });
});
