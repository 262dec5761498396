import { ACCOUNT_PATHS, DEFAULT_BRAND } from "@portal/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import {
  expectOfficerGrantMails,
  lastOutboxId,
  officerGrantMailsSince,
} from "../../../test-support/modules/members-role-grants.js";
import {
  addMember,
  createTestApp,
  TEST_PASSWORD_HASH_COST,
  type TestApp,
  TestBrowser,
} from "../../../test-support/test-app.js";
import {
  accountTokens,
  auditEvents,
  memberEmails,
  memberRoles,
  members,
  outboxMails,
  sessions,
  staffRecoveryCodes,
  staffSecondFactors,
} from "../../db/schema.js";
import { AUDIT_RESOURCES, OPERATOR_ENTITY_NUMBER } from "../access/audit-trail.js";
import { grantRoles } from "../access/index.js";
import { issueAccountToken } from "../accounts/account-tokens.js";
import { createSession } from "../session/sessions.js";
import { createStaff } from "./create-staff.js";
import {
  AccountChangeError,
  disableLogIn,
  enableLogIn,
  operatorRequest,
  recordOperatorChange,
  resetLogInPassword,
  resetSecondFactor,
  setStaffRole,
} from "./operator-accounts.js";

const MAIL = { brand: DEFAULT_BRAND, timeZone: "Africa/Johannesburg" };

// The operator's changes to a log-in at the command line (cli staff:*), through the functions the
// CLI calls, and what the portal then answers.

describe.each(TEST_DATABASE_KINDS)("the operator's changes to log-ins, on %s", (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => testApp?.close());

  const db = () => testApp.database.db;
  const operatorRows = (entityNumber: number) =>
    db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.subjectEntityNumber, entityNumber),
          eq(auditEvents.actorEntityNumber, OPERATOR_ENTITY_NUMBER),
        ),
      );

  async function staffMember(role: "STAFF_AGENT" | "STAFF_SUPERVISOR" = "STAFF_AGENT") {
    const staff = await addMember(testApp.database);
    await grantRoles(db(), staff.entityNumber, [role]);
    return staff;
  }

  async function loggedIn(username: string, password: string) {
    const browser = new TestBrowser(testApp.app);
    expect((await browser.logIn(username, password)).statusCode).toBe(200);
    return browser;
  }
  const sessionOf = async (browser: TestBrowser) =>
    (await browser.request({ method: "GET", url: "/wsg/session" })).json();

  it("disables a log-in: every session ends at once, and log-in answers as a wrong password does", async () => {
    const staff = await staffMember();
    const other = await staffMember();
    const first = await loggedIn(staff.username, staff.password);
    const second = await loggedIn(staff.username, staff.password);
    const bystander = await loggedIn(other.username, other.password);
    const wrongPassword = await new TestBrowser(testApp.app).logIn(staff.username, "Not-The-Password-1!");

    const operator = operatorRequest(new Date());
    const result = await disableLogIn(db(), staff.username.toUpperCase(), operator);
    expect(result).toEqual({ entityNumber: staff.entityNumber, sessionsEnded: 2, alreadyDisabledAt: null });

    expect(await db().$count(sessions, eq(sessions.memberEntityNumber, staff.entityNumber))).toBe(0);
    expect(await sessionOf(first)).toEqual({ authenticated: false });
    expect(await sessionOf(second)).toEqual({ authenticated: false });
    expect((await bystander.request({ method: "GET", url: "/wsg/session" })).json()).toMatchObject({
      authenticated: true,
    });
    const refused = await new TestBrowser(testApp.app).logIn(staff.username, staff.password);
    expect(refused.statusCode).toBe(401);
    expect(refused.statusCode).toBe(wrongPassword.statusCode);
    expect(refused.json()).toEqual(wrongPassword.json());
    // Nothing else reaches a session either.
    expect(await createSession(db(), staff.entityNumber, new Date())).toBeNull();

    const [row] = await operatorRows(staff.entityNumber);
    expect(row).toMatchObject({
      resource: AUDIT_RESOURCES.staffDisable,
      action: "UPDATE",
      requestId: operator.requestId,
    });
    expect(row?.requestId).toMatch(/^cli:[^:]+:[0-9a-f-]{36}$/);

    // Again: nothing changes, nothing is written.
    const again = await disableLogIn(db(), staff.username, operatorRequest());
    expect(again).toEqual({
      entityNumber: staff.entityNumber,
      sessionsEnded: 0,
      alreadyDisabledAt: operator.at,
    });
    expect(await operatorRows(staff.entityNumber)).toHaveLength(1);
  });

  it("mails a disabled log-in no reset link, and a link mailed before opens nothing", async () => {
    const staff = await staffMember();
    const browser = new TestBrowser(testApp.app);
    await browser.visit();
    await testApp.database.db.execute("delete from login_throttle");
    const asked = () =>
      browser.request({
        method: "POST",
        url: ACCOUNT_PATHS.passwordReset,
        payload: { login: staff.username },
      });
    const mailsTo = () => db().$count(outboxMails, eq(outboxMails.memberEntityNumber, staff.entityNumber));
    expect((await asked()).statusCode).toBe(202);
    expect(await mailsTo()).toBe(1);
    expect(await db().$count(accountTokens, eq(accountTokens.entityNumber, staff.entityNumber))).toBe(1);

    // A link already in their mailbox (issued as the mail's was).
    const token = await issueAccountToken(db(), {
      purpose: "PASSWORD_RESET",
      entityNumber: staff.entityNumber,
      email: "desk@scheme.example",
      now: testApp.clock.now,
      validMs: 30 * 60_000,
    });

    await disableLogIn(db(), staff.username, operatorRequest());
    expect((await asked()).statusCode).toBe(202);
    expect(await mailsTo()).toBe(1);
    const completed = await browser.request({
      method: "POST",
      url: ACCOUNT_PATHS.passwordResetComplete,
      payload: { token, password: "Granite-Orchard-Willow-58" },
    });
    expect(completed.statusCode).toBe(400);
    expect(
      (await new TestBrowser(testApp.app).logIn(staff.username, "Granite-Orchard-Willow-58")).statusCode,
    ).toBe(401);
  });

  it("enables a disabled log-in again, with the password it had", async () => {
    const staff = await staffMember();
    await disableLogIn(db(), staff.username, operatorRequest());
    expect((await new TestBrowser(testApp.app).logIn(staff.username, staff.password)).statusCode).toBe(401);

    expect(await enableLogIn(db(), staff.username, operatorRequest())).toEqual({
      entityNumber: staff.entityNumber,
      wasDisabled: true,
    });
    await loggedIn(staff.username, staff.password);
    expect(await enableLogIn(db(), staff.username, operatorRequest())).toMatchObject({ wasDisabled: false });
    expect((await operatorRows(staff.entityNumber)).map((row) => row.resource)).toEqual([
      AUDIT_RESOURCES.staffDisable,
      AUDIT_RESOURCES.staffEnable,
    ]);
  });

  it("sets exactly one staff role, leaving the MEMBER role, and takes effect on the next request", async () => {
    const staff = await staffMember("STAFF_AGENT");
    await grantRoles(db(), staff.entityNumber, ["MEMBER"]);
    const rolesOf = async () =>
      (await db().select().from(memberRoles).where(eq(memberRoles.entityNumber, staff.entityNumber)))
        .map((row) => row.role)
        .sort();

    const result = await setStaffRole(db(), staff.username, "STAFF_SUPERVISOR", operatorRequest(), MAIL);
    expect(result).toEqual({ entityNumber: staff.entityNumber, before: ["STAFF_AGENT"] });
    expect(await rolesOf()).toEqual(["MEMBER", "STAFF_SUPERVISOR"]);
    // Unchanged: nothing written.
    await setStaffRole(db(), staff.username, "STAFF_SUPERVISOR", operatorRequest(), MAIL);
    expect((await operatorRows(staff.entityNumber)).map((row) => row.resource)).toEqual([
      AUDIT_RESOURCES.staffRole,
    ]);
    await expect(setStaffRole(db(), staff.username, "MEMBER", operatorRequest(), MAIL)).rejects.toThrow(
      "The role must be one of STAFF_AGENT, STAFF_SUPERVISOR, STAFF_INFORMATION_OFFICER.",
    );
    await expect(setStaffRole(db(), "nobody.at.all", "STAFF_AGENT", operatorRequest(), MAIL)).rejects.toThrow(
      new AccountChangeError('No log-in has the username "nobody.at.all".'),
    );
  });

  /** An officer with two addresses, a supervisor, an agent and a disabled officer, to be told or not. */
  async function staffToTell() {
    const officer = await addMember(testApp.database);
    await db()
      .insert(memberEmails)
      .values({
        memberEntityNumber: officer.entityNumber,
        address: `${officer.username}@second.example`,
        position: 1,
      });
    await grantRoles(db(), officer.entityNumber, ["STAFF_INFORMATION_OFFICER"]);
    const supervisor = await staffMember("STAFF_SUPERVISOR");
    const agent = await staffMember("STAFF_AGENT");
    const disabled = await addMember(testApp.database);
    await grantRoles(db(), disabled.entityNumber, ["STAFF_INFORMATION_OFFICER"]);
    await disableLogIn(db(), disabled.username, operatorRequest());
    const addresses = async (entityNumber: number) =>
      (
        await db()
          .select({ address: memberEmails.address })
          .from(memberEmails)
          .where(eq(memberEmails.memberEntityNumber, entityNumber))
      ).map((row) => row.address);
    return {
      to: [...(await addresses(officer.entityNumber)), ...(await addresses(supervisor.entityNumber))],
      notTo: [...(await addresses(agent.entityNumber)), ...(await addresses(disabled.entityNumber))],
    };
  }

  it("staff:role to the information officer's role: audited with the role, and mailed to every other officer and supervisor", async () => {
    const { to, notTo } = await staffToTell();
    const staff = await staffMember("STAFF_AGENT");
    const [own] = await db()
      .select({ address: memberEmails.address })
      .from(memberEmails)
      .where(eq(memberEmails.memberEntityNumber, staff.entityNumber));
    const before = await lastOutboxId(db());
    await setStaffRole(db(), staff.username, "STAFF_INFORMATION_OFFICER", operatorRequest(), MAIL);
    const [row] = await operatorRows(staff.entityNumber);
    expect(row).toMatchObject({
      resource: AUDIT_RESOURCES.staffRole,
      detail: { role: "STAFF_INFORMATION_OFFICER" },
    });
    const [person] = await db().select().from(members).where(eq(members.entityNumber, staff.entityNumber));
    const mails = await expectOfficerGrantMails(db(), before, {
      grantee: staff.entityNumber,
      granteeName: `${person?.firstName} ${person?.lastName}`,
      grantedBy: "the portal's operator (command line)",
      to,
      notTo: [...notTo, own?.address ?? ""],
    });
    expect(mails.length).toBeGreaterThanOrEqual(3);

    // Held already: nothing changes, no one is told again.
    const again = await lastOutboxId(db());
    await setStaffRole(db(), staff.username, "STAFF_INFORMATION_OFFICER", operatorRequest(), MAIL);
    expect(await officerGrantMailsSince(db(), again)).toEqual([]);
    // Another role is no one's business but the audit trail's.
    await setStaffRole(db(), staff.username, "STAFF_SUPERVISOR", operatorRequest(), MAIL);
    expect(await officerGrantMailsSince(db(), again)).toEqual([]);
  });

  it("staff:create --role information officer: audited with the role, and mailed to every other officer and supervisor", async () => {
    const { to, notTo } = await staffToTell();
    const operator = operatorRequest();
    const before = await lastOutboxId(db());
    const entityNumber = await createStaff(
      db(),
      {
        username: `officer.${Date.now().toString(36)}`,
        password: "Quiet-Harbour-Lantern-4",
        emails: ["new.officer@scheme.example"],
        firstName: "Naledi",
        lastName: "Khumalo",
        role: "STAFF_INFORMATION_OFFICER",
        grant: { ...MAIL, by: "operator", at: operator.at },
      },
      TEST_PASSWORD_HASH_COST,
    );
    const mails = await expectOfficerGrantMails(db(), before, {
      grantee: entityNumber,
      granteeName: "Naledi Khumalo",
      grantedBy: "the portal's operator (command line)",
      to,
      notTo: [...notTo, "new.officer@scheme.example"],
    });
    expect(mails.length).toBeGreaterThanOrEqual(3);
  });

  it("resets a password: the new one works, the old one and every session end; weak ones refused", async () => {
    const staff = await staffMember();
    const browser = await loggedIn(staff.username, staff.password);
    await expect(
      resetLogInPassword(db(), staff.username, "short", operatorRequest(), TEST_PASSWORD_HASH_COST),
    ).rejects.toThrow(AccountChangeError);

    const newPassword = "Granite-Orchard-Willow-58";
    const result = await resetLogInPassword(
      db(),
      staff.username,
      newPassword,
      operatorRequest(),
      TEST_PASSWORD_HASH_COST,
    );
    expect(result).toEqual({ entityNumber: staff.entityNumber, sessionsEnded: 1 });
    expect(await sessionOf(browser)).toEqual({ authenticated: false });
    expect((await new TestBrowser(testApp.app).logIn(staff.username, staff.password)).statusCode).toBe(401);
    await loggedIn(staff.username, newPassword);
    expect((await operatorRows(staff.entityNumber)).map((row) => row.resource)).toEqual([
      AUDIT_RESOURCES.staffPasswordReset,
    ]);
  });

  it("resets a lost second factor: the authenticator and recovery codes removed, every session ended, audited", async () => {
    const staff = await staffMember();
    const browser = await loggedIn(staff.username, staff.password);
    const now = new Date();
    await db().insert(staffSecondFactors).values({
      memberEntityNumber: staff.entityNumber,
      sealedSecret: "sealed",
      createdAt: now,
      confirmedAt: now,
    });
    await db()
      .insert(staffRecoveryCodes)
      .values([1, 2].map((n) => ({ memberEntityNumber: staff.entityNumber, codeHash: `hash-${n}` })));

    const result = await resetSecondFactor(db(), staff.username, operatorRequest());
    expect(result).toEqual({ entityNumber: staff.entityNumber, hadSecondFactor: true, sessionsEnded: 1 });
    expect(await sessionOf(browser)).toEqual({ authenticated: false });
    const factors = await db()
      .select()
      .from(staffSecondFactors)
      .where(eq(staffSecondFactors.memberEntityNumber, staff.entityNumber));
    expect(factors).toEqual([]);
    const codes = await db()
      .select()
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.memberEntityNumber, staff.entityNumber));
    expect(codes).toEqual([]);
    expect((await operatorRows(staff.entityNumber)).map((row) => row.resource)).toEqual([
      AUDIT_RESOURCES.secondFactorReset,
    ]);

    // Nothing left to reset: nothing changed, no row; an unknown username refused.
    expect(await resetSecondFactor(db(), staff.username, operatorRequest())).toEqual({
      entityNumber: staff.entityNumber,
      hadSecondFactor: false,
      sessionsEnded: 0,
    });
    expect(await operatorRows(staff.entityNumber)).toHaveLength(1);
    await expect(resetSecondFactor(db(), "nobody.here", operatorRequest())).rejects.toThrow(
      AccountChangeError,
    );
  });

  it("creates a member of staff with their role and the audit row in one transaction", async () => {
    const operator = operatorRequest();
    const input = {
      username: `desk.${Date.now().toString(36)}`,
      password: "Quiet-Harbour-Lantern-4",
      emails: ["desk@scheme.example"],
      firstName: "Sipho",
      lastName: "Dlamini",
      role: "STAFF_SUPERVISOR" as const,
      grant: { ...MAIL, by: "operator" as const, at: operator.at },
    };
    const entityNumber = await createStaff(db(), input, TEST_PASSWORD_HASH_COST, (tx, created) =>
      recordOperatorChange(tx, operator, created, AUDIT_RESOURCES.staffCreate),
    );
    expect((await operatorRows(entityNumber)).map((row) => row.resource)).toEqual([
      AUDIT_RESOURCES.staffCreate,
    ]);
    expect(await db().$count(memberRoles, eq(memberRoles.entityNumber, entityNumber))).toBe(1);

    // The audit row failing takes the member and the role with it.
    const failing = { ...input, username: `${input.username}.2` };
    await expect(
      createStaff(db(), failing, TEST_PASSWORD_HASH_COST, async () => {
        throw new Error("audit refused");
      }),
    ).rejects.toThrow("audit refused");
    expect(await db().$count(members, eq(members.username, failing.username))).toBe(0);
  });
});
