import {
  CONSOLE_BASE,
  CONSOLE_SECOND_FACTOR_ENROLMENT_CONFIRM_PATH,
  CONSOLE_SECOND_FACTOR_ENROLMENT_PATH,
  CONSOLE_SECOND_FACTOR_NOT_NOW_PATH,
  CONSOLE_SECOND_FACTOR_PATH,
  RECOVERY_CODE_COUNT,
} from "@portal/domain";
import { and, eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { auditRowsOf, loggedInMember, loggedInStaff } from "../../../test-support/modules/member-details.js";
import { createTestApp, type TestApp, TestBrowser } from "../../../test-support/test-app.js";
import {
  auditEvents,
  outboxMails,
  sessions,
  staffRecoveryCodes,
  staffSecondFactors,
} from "../../db/schema.js";
import { AUDIT_RESOURCES } from "../access/audit-trail.js";

// STAFF_MFA=optional: a local staff log-in signed in with its password alone is offered an
// authenticator app from inside its session; never a log-in signed in through the provider.

const STATUS = `${CONSOLE_BASE}${CONSOLE_SECOND_FACTOR_PATH}`;
const START = `${CONSOLE_BASE}${CONSOLE_SECOND_FACTOR_ENROLMENT_PATH}`;
const CONFIRM = `${CONSOLE_BASE}${CONSOLE_SECOND_FACTOR_ENROLMENT_CONFIRM_PATH}`;
const NOT_NOW = `${CONSOLE_BASE}${CONSOLE_SECOND_FACTOR_NOT_NOW_PATH}`;

const codeOf = (secret: string, at: Date) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    timestamp: at.getTime(),
  });

describe.each(TEST_DATABASE_KINDS)("the console's second-factor offer on %s", (kind) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => testApp.close());

  it("offers a password-only staff log-in an authenticator, enrols it in session and shows the codes once", async () => {
    const staff = await loggedInStaff(testApp);
    const status = await staff.browser.request({ method: "GET", url: STATUS });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ enrolled: false, offered: true });

    // A confirmation before any start is a conflict, never a 401 (which would end the console).
    const early = await staff.browser.request({ method: "POST", url: CONFIRM, payload: { code: "123456" } });
    expect(early.statusCode).toBe(409);

    const started = await staff.browser.request({ method: "POST", url: START, payload: {} });
    expect(started.statusCode).toBe(200);
    const { secret, qrCode } = started.json();
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);

    const wrong = await staff.browser.request({ method: "POST", url: CONFIRM, payload: { code: "000000" } });
    expect(wrong.statusCode).toBe(422);
    // A wrong code leaves the session alone.
    expect((await staff.browser.request({ method: "GET", url: STATUS })).statusCode).toBe(200);

    const confirmed = await staff.browser.request({
      method: "POST",
      url: CONFIRM,
      payload: { code: codeOf(secret, testApp.clock.now) },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    const db = testApp.database.db;
    const [factor] = await db
      .select()
      .from(staffSecondFactors)
      .where(eq(staffSecondFactors.memberEntityNumber, staff.entityNumber));
    expect(factor?.confirmedAt).not.toBeNull();
    const codes = await db
      .select()
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.memberEntityNumber, staff.entityNumber));
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    const audit = await auditRowsOf(testApp, staff.entityNumber);
    expect(audit.map((row) => row.resource)).toContain(AUDIT_RESOURCES.secondFactorEnrolment);

    expect((await staff.browser.request({ method: "GET", url: STATUS })).json()).toEqual({
      enrolled: true,
      offered: false,
    });
    // Enrolled: no second enrolment from the session (a password alone never replaces it).
    const again = await staff.browser.request({ method: "POST", url: START, payload: {} });
    expect(again.statusCode).toBe(409);
  });

  it("remembers 'Not now' on the log-in for STAFF_MFA_NOT_NOW_DAYS (7), across log-ins and browsers, audited", async () => {
    const staff = await loggedInStaff(testApp);
    // Unsafe: without the anti-forgery token nothing is put off.
    const forged = await staff.browser.request({
      method: "POST",
      url: NOT_NOW,
      payload: {},
      withXsrf: false,
    });
    expect(forged.statusCode).toBe(403);
    expect((await staff.browser.request({ method: "GET", url: STATUS })).json()).toEqual({
      enrolled: false,
      offered: true,
    });

    const postponed = await staff.browser.request({ method: "POST", url: NOT_NOW, payload: {} });
    expect(postponed.statusCode).toBe(200);
    expect(postponed.json()).toEqual({ enrolled: false, offered: false });
    const [row] = await testApp.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.actorEntityNumber, staff.entityNumber),
          eq(auditEvents.resource, AUDIT_RESOURCES.secondFactorPostponed),
        ),
      );
    expect(row).toMatchObject({ subjectEntityNumber: staff.entityNumber, action: "UPDATE" });

    // A later log-in, in another browser, six days on: still put off.
    testApp.clock.advanceMinutes(6 * 24 * 60);
    const later = new TestBrowser(testApp.app);
    expect((await later.logIn(staff.username, staff.password)).statusCode).toBe(200);
    expect((await later.request({ method: "GET", url: STATUS })).json()).toEqual({
      enrolled: false,
      offered: false,
    });
    // Setting up stays possible meanwhile.
    expect((await later.request({ method: "POST", url: START, payload: {} })).statusCode).toBe(200);

    // Past the seventh day: offered again.
    testApp.clock.advanceMinutes(24 * 60 + 1);
    const after = new TestBrowser(testApp.app);
    expect((await after.logIn(staff.username, staff.password)).statusCode).toBe(200);
    expect((await after.request({ method: "GET", url: STATUS })).json()).toEqual({
      enrolled: false,
      offered: true,
    });
  });

  it("refuses 'Not now' to a session signed in through the identity provider (403)", async () => {
    const staff = await loggedInStaff(testApp);
    await testApp.database.db
      .update(sessions)
      .set({ signInMethod: "oidc" })
      .where(eq(sessions.memberEntityNumber, staff.entityNumber));
    const refused = await staff.browser.request({ method: "POST", url: NOT_NOW, payload: {} });
    expect(refused.statusCode).toBe(403);
  });

  it("keeps an enrolment to the session that started it: another session of the same log-in is refused (409)", async () => {
    const staff = await loggedInStaff(testApp);
    const other = new TestBrowser(testApp.app);
    expect((await other.logIn(staff.username, staff.password)).statusCode).toBe(200);
    const started = await staff.browser.request({ method: "POST", url: START, payload: {} });
    expect(started.statusCode).toBe(200);
    const { secret } = started.json();
    const takeover = await other.request({ method: "POST", url: START, payload: {} });
    expect(takeover.statusCode).toBe(409);
    expect(takeover.json()).toMatchObject({ exceptionCode: "SECOND_FACTOR_ENROLMENT_ELSEWHERE" });
    const stolen = await other.request({
      method: "POST",
      url: CONFIRM,
      payload: { code: codeOf(secret, testApp.clock.now) },
    });
    expect(stolen.statusCode).toBe(409);
    const confirmed = await staff.browser.request({
      method: "POST",
      url: CONFIRM,
      payload: { code: codeOf(secret, testApp.clock.now) },
    });
    expect(confirmed.statusCode).toBe(200);
    const mails = await testApp.database.db
      .select({ kind: outboxMails.kind })
      .from(outboxMails)
      .where(eq(outboxMails.memberEntityNumber, staff.entityNumber));
    expect(mails.map((mail) => mail.kind)).toEqual(["SECOND_FACTOR_ENROLLED"]);
  });

  it("never offers it to a session signed in through the identity provider", async () => {
    const staff = await loggedInStaff(testApp);
    await testApp.database.db
      .update(sessions)
      .set({ signInMethod: "oidc" })
      .where(eq(sessions.memberEntityNumber, staff.entityNumber));
    expect((await staff.browser.request({ method: "GET", url: STATUS })).json()).toEqual({
      enrolled: false,
      offered: false,
    });
    const started = await staff.browser.request({ method: "POST", url: START, payload: {} });
    expect(started.statusCode).toBe(403);
    const rows = await testApp.database.db
      .select()
      .from(staffSecondFactors)
      .where(eq(staffSecondFactors.memberEntityNumber, staff.entityNumber));
    expect(rows).toHaveLength(0);
  });

  it("is refused to members (403)", async () => {
    const member = await loggedInMember(testApp);
    expect((await member.browser.request({ method: "GET", url: STATUS })).statusCode).toBe(403);
    expect((await member.browser.request({ method: "POST", url: START, payload: {} })).statusCode).toBe(403);
  });
});
