import {
  CONSOLE_BASE,
  SECOND_FACTOR_ENROLMENT_CONFIRM_PATH,
  SECOND_FACTOR_ENROLMENT_PATH,
  SECOND_FACTOR_PATH,
} from "@portal/domain";
import { and, eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { TEST_SECRET } from "../../../test-support/modules/mail.js";
import { addMember, createTestApp, type TestApp, TestBrowser } from "../../../test-support/test-app.js";
import {
  auditEvents,
  memberEmails,
  outboxMails,
  pendingSignIns,
  staffRecoveryCodes,
  staffSecondFactors,
} from "../../db/schema.js";
import { AUDIT_RESOURCES } from "../access/audit-trail.js";
import { grantRoles } from "../access/index.js";
import { SESSION_COOKIE } from "../session/cookies.js";
import { openTotpSecret, PENDING_SIGN_IN_COOKIE } from "./second-factor.js";

/** What the staff member's authenticator app shows for this secret at this moment. */
function codeAt(secret: string, at: Date, steps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    timestamp: at.getTime() + steps * 30_000,
  });
}

describe.each(TEST_DATABASE_KINDS)("a second factor for local staff log-ins on %s", (kind) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(kind, { STAFF_MFA: "required" });
  });
  afterAll(async () => testApp.close());

  async function newStaff(role: "STAFF_AGENT" | "STAFF_SUPERVISOR" = "STAFF_SUPERVISOR") {
    const staff = await addMember(testApp.database);
    await grantRoles(testApp.database.db, staff.entityNumber, [role]);
    return staff;
  }

  const consoleQueue = (browser: TestBrowser) =>
    browser.request({ method: "GET", url: `${CONSOLE_BASE}/queries` });

  /** Password, enrolment and its confirmation: the browser holds a session; the secret and recovery codes. */
  async function enrolled(staff: { username: string; password: string }) {
    const browser = new TestBrowser(testApp.app);
    const login = await browser.logIn(staff.username, staff.password);
    expect(login.json()).toEqual({ authenticated: false, secondFactor: "enrol" });
    const start = await browser.request({ method: "POST", url: SECOND_FACTOR_ENROLMENT_PATH });
    expect(start.statusCode).toBe(200);
    const { secret } = start.json() as { secret: string };
    const confirm = await browser.request({
      method: "POST",
      url: SECOND_FACTOR_ENROLMENT_CONFIRM_PATH,
      payload: { code: codeAt(secret, testApp.clock.now) },
    });
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = confirm.json() as { recoveryCodes: string[] };
    // Enrolment used the current step: the next code comes half a minute later.
    testApp.clock.advanceMinutes(1);
    return { browser, secret, recoveryCodes };
  }

  /** A new browser past the password: the pending sign-in owes a code. */
  async function atCodeStep(staff: { username: string; password: string }) {
    const browser = new TestBrowser(testApp.app);
    const login = await browser.logIn(staff.username, staff.password);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ authenticated: false, secondFactor: "code" });
    return browser;
  }

  const sendCode = (browser: TestBrowser, code: string) =>
    browser.request({ method: "POST", url: SECOND_FACTOR_PATH, payload: { code } });

  it("gives a staff log-in no session for its password alone: a pending sign-in in a strict cookie", async () => {
    const staff = await newStaff("STAFF_AGENT");
    const browser = new TestBrowser(testApp.app);
    const login = await browser.logIn(staff.username, staff.password);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ authenticated: false, secondFactor: "enrol" });
    expect(login.cookies.some((cookie) => cookie.name === SESSION_COOKIE)).toBe(false);
    const pending = login.cookies.find((cookie) => cookie.name === PENDING_SIGN_IN_COOKIE);
    expect(pending).toMatchObject({
      httpOnly: true,
      sameSite: "Strict",
      path: "/wsg/second-factor",
      maxAge: 300,
    });
    const rows = await testApp.database.db
      .select()
      .from(pendingSignIns)
      .where(eq(pendingSignIns.memberEntityNumber, staff.entityNumber));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toBe(pending?.value);
    expect(rows[0]?.expiresAt.getTime()).toBe(testApp.clock.now.getTime() + 5 * 60_000);
    expect((await browser.request({ method: "GET", url: "/wsg/session" })).json()).toEqual({
      authenticated: false,
    });
    expect((await consoleQueue(browser)).statusCode).toBe(401);
  });

  it("enrols at the first log-in: a QR code and the secret, a code confirms it, ten recovery codes and the console", async () => {
    const staff = await newStaff();
    const browser = new TestBrowser(testApp.app);
    await browser.logIn(staff.username, staff.password);
    const start = await browser.request({ method: "POST", url: SECOND_FACTOR_ENROLMENT_PATH });
    expect(start.statusCode).toBe(200);
    const { secret, qrCode } = start.json() as { secret: string; qrCode: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(",")[1] ?? "", "base64").toString()).toContain("<svg");
    // Stored sealed, never as the text shown.
    const [factor] = await testApp.database.db
      .select()
      .from(staffSecondFactors)
      .where(eq(staffSecondFactors.memberEntityNumber, staff.entityNumber));
    expect(factor?.sealedSecret).not.toContain(secret);
    expect(openTotpSecret(TEST_SECRET, factor?.sealedSecret ?? "")).toBe(secret);
    expect(factor?.confirmedAt).toBeNull();

    const wrong = await browser.request({
      method: "POST",
      url: SECOND_FACTOR_ENROLMENT_CONFIRM_PATH,
      payload: { code: codeAt(secret, testApp.clock.now, 5) },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ exceptionCode: "SECOND_FACTOR_FAILED" });

    const confirm = await browser.request({
      method: "POST",
      url: SECOND_FACTOR_ENROLMENT_CONFIRM_PATH,
      payload: { code: codeAt(secret, testApp.clock.now) },
    });
    expect(confirm.statusCode).toBe(200);
    const body = confirm.json() as { recoveryCodes: string[]; session: unknown };
    expect(body.session).toMatchObject({
      authenticated: true,
      member: { entityNumber: staff.entityNumber },
      workspace: "console",
    });
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);
    for (const code of body.recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    const stored = await testApp.database.db
      .select()
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.memberEntityNumber, staff.entityNumber));
    expect(stored).toHaveLength(10);
    for (const row of stored) for (const code of body.recoveryCodes) expect(row.codeHash).not.toContain(code);

    expect(confirm.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toMatchObject({
      httpOnly: true,
      sameSite: "Lax",
    });
    expect((await consoleQueue(browser)).statusCode).toBe(200);
    const audit = await testApp.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.actorEntityNumber, staff.entityNumber),
          eq(auditEvents.resource, AUDIT_RESOURCES.secondFactorEnrolment),
        ),
      );
    expect(audit).toHaveLength(1);
    // The pending sign-in was spent: the enrolment cannot start again with it.
    const again = await browser.request({ method: "POST", url: SECOND_FACTOR_ENROLMENT_PATH });
    expect(again.statusCode).toBe(401);
  });

  it("binds an enrolment to the sign-in that started it, and mails the staff member once it is confirmed", async () => {
    const staff = await newStaff();
    const first = new TestBrowser(testApp.app);
    await first.logIn(staff.username, staff.password);
    const started = await first.request({ method: "POST", url: SECOND_FACTOR_ENROLMENT_PATH });
    expect(started.statusCode).toBe(200);
    const { secret } = started.json() as { secret: string };

    // Whoever else has the password cannot take the enrolment over while the first one is under way.
    const second = new TestBrowser(testApp.app);
    await second.logIn(staff.username, staff.password);
    const takeover = await second.request({ method: "POST", url: SECOND_FACTOR_ENROLMENT_PATH });
    expect(takeover.statusCode).toBe(409);
    expect(takeover.json()).toMatchObject({ exceptionCode: "SECOND_FACTOR_ENROLMENT_ELSEWHERE" });
    expect(takeover.json().message).toContain("another sign-in");
    // Nor confirm the first one's secret from its own sign-in.
    const stolen = await second.request({
      method: "POST",
      url: SECOND_FACTOR_ENROLMENT_CONFIRM_PATH,
      payload: { code: codeAt(secret, testApp.clock.now) },
    });
    expect(stolen.statusCode).toBe(409);
    const [factor] = await testApp.database.db
      .select()
      .from(staffSecondFactors)
      .where(eq(staffSecondFactors.memberEntityNumber, staff.entityNumber));
    expect(openTotpSecret(TEST_SECRET, factor?.sealedSecret ?? "")).toBe(secret);
    expect(factor?.confirmedAt).toBeNull();

    // The sign-in that started it may start it again (a new secret) and confirm it.
    const restarted = await first.request({ method: "POST", url: SECOND_FACTOR_ENROLMENT_PATH });
    expect(restarted.statusCode).toBe(200);
    const { secret: newSecret } = restarted.json() as { secret: string };
    const confirm = await first.request({
      method: "POST",
      url: SECOND_FACTOR_ENROLMENT_CONFIRM_PATH,
      payload: { code: codeAt(newSecret, testApp.clock.now) },
    });
    expect(confirm.statusCode).toBe(200);
    const mails = await testApp.database.db
      .select({ to: outboxMails.toAddresses, subject: outboxMails.subject, text: outboxMails.text })
      .from(outboxMails)
      .where(
        and(
          eq(outboxMails.memberEntityNumber, staff.entityNumber),
          eq(outboxMails.kind, "SECOND_FACTOR_ENROLLED"),
        ),
      );
    expect(mails).toHaveLength(1);
    const addresses = await testApp.database.db
      .select({ address: memberEmails.address })
      .from(memberEmails)
      .where(eq(memberEmails.memberEntityNumber, staff.entityNumber));
    expect(mails[0]?.to).toEqual(addresses.map((row) => row.address));
    expect(mails[0]?.subject).toBe("An authenticator app was set up for your staff log-in");
    expect(mails[0]?.text).toContain("tell your supervisor");
    expect(mails[0]?.text).not.toContain(staff.username);
  });

  it("lets another sign-in start an enrolment the first one left for ten minutes", async () => {
    const staff = await newStaff();
    const first = new TestBrowser(testApp.app);
    await first.logIn(staff.username, staff.password);
    expect((await first.request({ method: "POST", url: SECOND_FACTOR_ENROLMENT_PATH })).statusCode).toBe(200);
    testApp.clock.advanceMinutes(10);
    const second = new TestBrowser(testApp.app);
    await second.logIn(staff.username, staff.password);
    const started = await second.request({ method: "POST", url: SECOND_FACTOR_ENROLMENT_PATH });
    expect(started.statusCode).toBe(200);
    const { secret } = started.json() as { secret: string };
    const confirm = await second.request({
      method: "POST",
      url: SECOND_FACTOR_ENROLMENT_CONFIRM_PATH,
      payload: { code: codeAt(secret, testApp.clock.now) },
    });
    expect(confirm.statusCode).toBe(200);
    testApp.clock.advanceMinutes(1);
  });

  it("asks an enrolled log-in for a code, takes each code once, and then reaches the console", async () => {
    const staff = await newStaff("STAFF_AGENT");
    const { secret } = await enrolled(staff);
    const first = await atCodeStep(staff);
    const code = codeAt(secret, testApp.clock.now);
    const answer = await sendCode(first, code);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ authenticated: true, workspace: "console" });
    expect((await consoleQueue(first)).statusCode).toBe(200);

    // The same code again, within its 30 seconds, from another browser that knows the password.
    const second = await atCodeStep(staff);
    const replay = await sendCode(second, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ exceptionCode: "SECOND_FACTOR_FAILED" });
    expect((await consoleQueue(second)).statusCode).toBe(401);
    // A step later the next code is good (one step of drift either side is allowed).
    testApp.clock.advanceMinutes(0.5);
    expect((await sendCode(second, codeAt(secret, testApp.clock.now, 1))).statusCode).toBe(200);
  });

  it("throttles the code step after five tries, per pending sign-in and per account", async () => {
    const staff = await newStaff();
    const { secret } = await enrolled(staff);
    const browser = await atCodeStep(staff);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await sendCode(browser, "000000")).statusCode).toBe(401);
    }
    const locked = await sendCode(browser, codeAt(secret, testApp.clock.now));
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ exceptionCode: "LOGIN_LOCKED" });
    expect(locked.headers["retry-after"]).toBeDefined();
    // A new pending sign-in (the password again) does not start the account's count afresh.
    const another = await atCodeStep(staff);
    expect((await sendCode(another, codeAt(secret, testApp.clock.now))).statusCode).toBe(429);
    testApp.clock.advanceMinutes(16);
    const later = await atCodeStep(staff);
    expect((await sendCode(later, codeAt(secret, testApp.clock.now))).statusCode).toBe(200);
  });

  it("takes a recovery code once, whatever its case and dashes, and writes it in the audit trail", async () => {
    const staff = await newStaff();
    const { recoveryCodes } = await enrolled(staff);
    const recoveryCode = recoveryCodes[3] ?? "";
    const browser = await atCodeStep(staff);
    const answer = await sendCode(browser, ` ${recoveryCode.replace("-", "").toLowerCase()} `);
    expect(answer.statusCode).toBe(200);
    expect((await consoleQueue(browser)).statusCode).toBe(200);
    const again = await sendCode(await atCodeStep(staff), recoveryCode);
    expect(again.statusCode).toBe(401);
    const spent = await testApp.database.db
      .select()
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.memberEntityNumber, staff.entityNumber));
    expect(spent.filter((row) => row.usedAt !== null)).toHaveLength(1);
    const audit = await testApp.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.actorEntityNumber, staff.entityNumber),
          eq(auditEvents.resource, AUDIT_RESOURCES.recoveryCodeUse),
        ),
      );
    expect(audit).toHaveLength(1);
  });

  it("lets a pending sign-in expire after five minutes", async () => {
    const staff = await newStaff();
    const browser = new TestBrowser(testApp.app);
    await browser.logIn(staff.username, staff.password);
    testApp.clock.advanceMinutes(6);
    const start = await browser.request({ method: "POST", url: SECOND_FACTOR_ENROLMENT_PATH });
    expect(start.statusCode).toBe(401);
    expect(start.json()).toMatchObject({ exceptionCode: "SECOND_FACTOR_EXPIRED" });
  });

  it("refuses the steps without the anti-forgery token", async () => {
    const staff = await newStaff();
    const browser = new TestBrowser(testApp.app);
    await browser.logIn(staff.username, staff.password);
    const start = await browser.request({
      method: "POST",
      url: SECOND_FACTOR_ENROLMENT_PATH,
      withXsrf: false,
    });
    expect(start.statusCode).toBe(403);
  });

  it("asks members nothing more: a session at once, and no pending sign-in", async () => {
    const member = await addMember(testApp.database);
    const browser = new TestBrowser(testApp.app);
    const login = await browser.logIn(member.username, member.password);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ authenticated: true, workspace: "member" });
    expect(login.json()).not.toHaveProperty("secondFactor");
    expect(login.cookies.some((cookie) => cookie.name === SESSION_COOKIE)).toBe(true);
    expect(login.cookies.some((cookie) => cookie.name === PENDING_SIGN_IN_COOKIE)).toBe(false);
    const rows = await testApp.database.db
      .select()
      .from(pendingSignIns)
      .where(eq(pendingSignIns.memberEntityNumber, member.entityNumber));
    expect(rows).toHaveLength(0);
  });
});

describe("STAFF_MFA=optional", () => {
  it("lets a staff log-in without an authenticator in with its password alone", async () => {
    const testApp = await createTestApp("pglite", { STAFF_MFA: "optional" });
    try {
      const staff = await addMember(testApp.database);
      await grantRoles(testApp.database.db, staff.entityNumber, ["STAFF_AGENT"]);
      const login = await new TestBrowser(testApp.app).logIn(staff.username, staff.password);
      expect(login.json()).toMatchObject({ authenticated: true, workspace: "console" });
    } finally {
      await testApp.close();
    }
  });
});
