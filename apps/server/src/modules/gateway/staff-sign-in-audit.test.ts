import {
  SECOND_FACTOR_ENROLMENT_CONFIRM_PATH,
  SECOND_FACTOR_ENROLMENT_PATH,
  SECOND_FACTOR_PATH,
} from "@portal/domain";
import { eq, or } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { addMember, createTestApp, type TestApp, TestBrowser } from "../../../test-support/test-app.js";
import { auditEvents } from "../../db/schema.js";
import { AUDIT_RESOURCES } from "../access/audit-trail.js";
import { grantRoles } from "../access/index.js";

// The audit trail of local staff sign-ins: a staff log-in's sign-in with its password
// (and its second factor where asked) is on record, and so is a refused one of a known staff
// account (wrong password, wrong code), the account the actor and the subject. Unknown usernames
// and members' log-ins write no row (the authentication log has them, keyed hashes only).

const codeAt = (secret: string, at: Date) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    timestamp: at.getTime(),
  });

describe.each(TEST_DATABASE_KINDS)("the audit trail of local staff sign-ins on %s", (kind) => {
  let optional: TestApp;
  let required: TestApp;

  beforeAll(async () => {
    optional = await createTestApp(kind);
    required = await createTestApp(kind, { STAFF_MFA: "required" });
  });
  afterAll(async () => {
    await optional.close();
    await required.close();
  });

  async function newAccount(testApp: TestApp, role: "STAFF_AGENT" | "MEMBER") {
    const account = await addMember(testApp.database);
    await grantRoles(testApp.database.db, account.entityNumber, [role]);
    return account;
  }

  const rowsAbout = async (testApp: TestApp, entityNumber: number) =>
    (
      await testApp.database.db
        .select()
        .from(auditEvents)
        .where(
          or(
            eq(auditEvents.actorEntityNumber, entityNumber),
            eq(auditEvents.subjectEntityNumber, entityNumber),
          ),
        )
        .orderBy(auditEvents.id)
    ).map((row) => ({
      actor: row.actorEntityNumber,
      subject: row.subjectEntityNumber,
      resource: row.resource,
    }));
  const allRows = async (testApp: TestApp) => (await testApp.database.db.select().from(auditEvents)).length;

  it("records a staff log-in's password-only sign-in, and a wrong password of a known staff account", async () => {
    const staff = await newAccount(optional, "STAFF_AGENT");
    const browser = new TestBrowser(optional.app);
    expect((await browser.logIn(staff.username, "not-the-password")).statusCode).toBe(401);
    expect((await browser.logIn(staff.username, staff.password)).statusCode).toBe(200);
    const me = staff.entityNumber;
    expect(await rowsAbout(optional, me)).toEqual([
      { actor: me, subject: me, resource: AUDIT_RESOURCES.staffSignInFailed },
      { actor: me, subject: me, resource: AUDIT_RESOURCES.staffSignIn },
    ]);
    // Neither the password nor anything typed is in the trail.
    const stored = JSON.stringify(await optional.database.db.select().from(auditEvents));
    expect(stored).not.toContain("not-the-password");
    expect(stored).not.toContain(staff.password);
  });

  it("writes no row for an unknown username or a member's wrong password, and one for a member's log-in", async () => {
    const member = await newAccount(optional, "MEMBER");
    const before = await allRows(optional);
    const browser = new TestBrowser(optional.app);
    expect((await browser.logIn("nobody.here", "whatever-it-is")).statusCode).toBe(401);
    expect((await browser.logIn(member.username, "not-the-password")).statusCode).toBe(401);
    expect(await allRows(optional)).toBe(before);
    // The member's own log-in is in their access history ("My data").
    expect((await browser.logIn(member.username, member.password)).statusCode).toBe(200);
    expect((await rowsAbout(optional, member.entityNumber)).map((row) => row.resource)).toEqual([
      AUDIT_RESOURCES.memberLogIn,
    ]);
  });

  it("records the sign-in after the second factor, and a wrong code, never at the password alone", async () => {
    const staff = await newAccount(required, "STAFF_AGENT");
    const me = staff.entityNumber;
    const browser = new TestBrowser(required.app);
    await browser.logIn(staff.username, staff.password);
    expect(await rowsAbout(required, me)).toEqual([]);
    const { secret } = (await browser.request({ method: "POST", url: SECOND_FACTOR_ENROLMENT_PATH })).json();
    const confirm = await browser.request({
      method: "POST",
      url: SECOND_FACTOR_ENROLMENT_CONFIRM_PATH,
      payload: { code: codeAt(secret, required.clock.now) },
    });
    expect(confirm.statusCode).toBe(200);
    expect((await rowsAbout(required, me)).map((row) => row.resource)).toEqual([
      AUDIT_RESOURCES.secondFactorEnrolment,
      AUDIT_RESOURCES.staffSignIn,
    ]);

    required.clock.advanceMinutes(1);
    const again = new TestBrowser(required.app);
    await again.logIn(staff.username, staff.password);
    const wrong = await again.request({
      method: "POST",
      url: SECOND_FACTOR_PATH,
      payload: { code: "000000" },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await again.request({
      method: "POST",
      url: SECOND_FACTOR_PATH,
      payload: { code: codeAt(secret, required.clock.now) },
    });
    expect(right.statusCode).toBe(200);
    expect((await rowsAbout(required, me)).slice(2)).toEqual([
      { actor: me, subject: me, resource: AUDIT_RESOURCES.staffSignInFailed },
      { actor: me, subject: me, resource: AUDIT_RESOURCES.staffSignIn },
    ]);
  });
});
