import { CONSOLE_BASE } from "@portal/domain";
import { and, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { auditRowsOf, loggedInStaff } from "../../../test-support/modules/member-details.js";
import { lastOutboxId, officerGrantMailsSince } from "../../../test-support/modules/members-role-grants.js";
import { createTestApp, type TestApp, TestBrowser } from "../../../test-support/test-app.js";
import { memberEmails, memberRoles, members, outboxMails } from "../../db/schema.js";

// Add staff member on the console's Staff page: a supervisor makes a staff log-in as
// `cli staff:create` does, audited with the supervisor as actor; its first password is set through
// a link mailed to its address, so no password is chosen, shown or sent by anyone else.

const ACCOUNTS = `${CONSOLE_BASE}/staff-accounts`;

let counter = 0;
const newStaff = (role = "STAFF_AGENT") => {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    username: ` New.Staff.${tag} `,
    firstName: "Nomsa",
    lastName: `Dlamini${counter}`,
    email: `nomsa.${tag}@scheme.example`,
    role,
  };
};

describe.each(TEST_DATABASE_KINDS)("adding a staff member in the console on %s", (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => testApp.close());
  const db = () => testApp.database.db;

  it("makes the log-in with its role, audits it with the supervisor, and mails a link to set its password", async () => {
    const supervisor = await loggedInStaff(testApp, "STAFF_SUPERVISOR");
    const outboxBefore = await lastOutboxId(db());
    const input = newStaff("STAFF_INFORMATION_OFFICER");
    const answer = await supervisor.browser.request({ method: "POST", url: ACCOUNTS, payload: input });
    expect(answer.statusCode).toBe(201);
    const { entityNumber } = answer.json();
    expect(Object.keys(answer.json())).toEqual(["entityNumber"]);

    const [created] = await db().select().from(members).where(eq(members.entityNumber, entityNumber));
    expect(created).toMatchObject({
      username: input.username.trim().toLowerCase(),
      firstName: "Nomsa",
      lastName: input.lastName,
    });
    expect(created?.passwordHash).toBeTruthy();
    const roles = await db().select().from(memberRoles).where(eq(memberRoles.entityNumber, entityNumber));
    expect(roles.map((row) => row.role)).toEqual(["STAFF_INFORMATION_OFFICER"]);
    const emails = await db()
      .select()
      .from(memberEmails)
      .where(eq(memberEmails.memberEntityNumber, entityNumber));
    expect(emails.map((row) => row.address)).toEqual([input.email]);

    const audit = (await auditRowsOf(testApp, supervisor.entityNumber)).filter(
      (row) => row.resource === "staff-create",
    );
    expect(audit).toEqual([
      expect.objectContaining({
        action: "UPDATE",
        subjectEntityNumber: entityNumber,
        detail: { role: "STAFF_INFORMATION_OFFICER" },
      }),
    ]);

    // The first password: a link to the new address, sealed in the outbox, nothing in the answer.
    const resetMails = await db()
      .select()
      .from(outboxMails)
      .where(and(gt(outboxMails.id, outboxBefore), eq(outboxMails.kind, "PASSWORD_RESET")));
    expect(resetMails.map((mail) => mail.toAddresses)).toEqual([[input.email]]);
    expect(answer.body).not.toContain("password");
    // The information officer's role is told to the officers and supervisors, as staff:create does.
    const told = await officerGrantMailsSince(db(), outboxBefore);
    expect(told.length).toBeGreaterThanOrEqual(1);
  });

  it("refuses a username already taken (409) and input out of bounds (400), making nothing", async () => {
    const supervisor = await loggedInStaff(testApp, "STAFF_SUPERVISOR");
    const input = newStaff();
    expect(
      (await supervisor.browser.request({ method: "POST", url: ACCOUNTS, payload: input })).statusCode,
    ).toBe(201);
    const taken = await supervisor.browser.request({
      method: "POST",
      url: ACCOUNTS,
      payload: { ...input, email: "other@scheme.example" },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/already exists/);
    for (const bad of [
      { ...newStaff(), username: "no spaces allowed" },
      { ...newStaff(), email: "not-an-address" },
      { ...newStaff(), firstName: "x".repeat(101) },
      { ...newStaff(), role: "MEMBER" },
    ]) {
      const refused = await supervisor.browser.request({ method: "POST", url: ACCOUNTS, payload: bad });
      expect(refused.statusCode).toBe(400);
    }
    const made = await db()
      .select()
      .from(memberEmails)
      .where(eq(memberEmails.address, "other@scheme.example"));
    expect(made).toEqual([]);
  });

  it("is for supervisors only (403 to an agent) and needs the anti-forgery token", async () => {
    const agent = await loggedInStaff(testApp, "STAFF_AGENT");
    const input = newStaff();
    const refused = await agent.browser.request({ method: "POST", url: ACCOUNTS, payload: input });
    expect(refused.statusCode).toBe(403);
    const supervisor = await loggedInStaff(testApp, "STAFF_SUPERVISOR");
    const forged = await supervisor.browser.request({
      method: "POST",
      url: ACCOUNTS,
      payload: input,
      withXsrf: false,
    });
    expect(forged.statusCode).toBe(403);
    const anonymous = await new TestBrowser(testApp.app).request({
      method: "POST",
      url: ACCOUNTS,
      payload: input,
    });
    expect([401, 403]).toContain(anonymous.statusCode);
    const made = await db().select().from(memberEmails).where(eq(memberEmails.address, input.email));
    expect(made).toEqual([]);
  });
});
