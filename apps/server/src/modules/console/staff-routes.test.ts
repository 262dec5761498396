import { CONSOLE_BASE } from "@portal/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { auditRowsOf, loggedInMember, loggedInStaff } from "../../../test-support/modules/member-details.js";
import {
  expectOfficerGrantMails,
  lastOutboxId,
  officerGrantMailsSince,
} from "../../../test-support/modules/members-role-grants.js";
import { addMember, createTestApp, type TestApp, TestBrowser } from "../../../test-support/test-app.js";
import {
  memberEmails,
  memberRoles,
  members,
  sessions,
  staffIdentities,
  staffSecondFactors,
} from "../../db/schema.js";
import { grantRoles } from "../access/index.js";
import { listStaffAccounts, SELF_DEMOTION_REFUSAL, SELF_DISABLE_REFUSAL } from "./staff-routes.js";

// The console's Staff page: a supervisor lists the staff log-ins, disables, enables and sets the
// role of one. A disabled log-in's session ends at its next request; a role change applies from the
// next request of the same session; each change is audited with the supervisor as actor.

const ACCOUNTS = `${CONSOLE_BASE}/staff-accounts`;
const QUEUE = `${CONSOLE_BASE}/queries`;
const FAILED_MAILS = `${CONSOLE_BASE}/mails/failed`;

type Staff = Awaited<ReturnType<typeof loggedInStaff>>;

describe.each(TEST_DATABASE_KINDS)("the console's staff accounts on %s", (kind) => {
  let testApp: TestApp;
  let supervisor: Staff;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    supervisor = await loggedInStaff(testApp, "STAFF_SUPERVISOR");
  });
  afterAll(async () => testApp.close());

  const db = () => testApp.database.db;
  const post = (who: Staff, url: string, payload: object = {}) =>
    who.browser.request({ method: "POST", url, payload });
  const sessionsOf = async (entityNumber: number) =>
    (await db().select().from(sessions).where(eq(sessions.memberEntityNumber, entityNumber))).length;
  const auditSince = async (before: number) =>
    (await auditRowsOf(testApp, supervisor.entityNumber)).slice(before);
  const auditCount = async () => (await auditRowsOf(testApp, supervisor.entityNumber)).length;
  /** The changes audited since; the list's reads (its own rows) left out. */
  const changesSince = async (before: number) =>
    (await auditSince(before)).filter((row) => row.action === "UPDATE");

  async function listed(entityNumber: number) {
    let after: number | null = null;
    do {
      const answer = await supervisor.browser.request({
        method: "GET",
        url: after === null ? ACCOUNTS : `${ACCOUNTS}?after=${after}`,
      });
      expect(answer.statusCode).toBe(200);
      const body = answer.json();
      const found = body.accounts.find(
        (account: { entityNumber: number }) => account.entityNumber === entityNumber,
      );
      if (found) return found;
      after = body.nextCursor;
    } while (after !== null);
    return undefined;
  }

  it("lists every staff log-in with its role, last sign-in and how it signs in; members are not listed", async () => {
    const agent = await loggedInStaff(testApp, "STAFF_AGENT");
    const member = await loggedInMember(testApp);
    // Someone who signs in through the identity provider only: no username, no password.
    const oidc = await addMember(testApp.database);
    await grantRoles(db(), oidc.entityNumber, ["STAFF_AGENT"]);
    await db().insert(staffIdentities).values({
      memberEntityNumber: oidc.entityNumber,
      issuer: "https://id.example",
      subject: "s-1",
      createdAt: new Date(),
    });
    await db().insert(staffSecondFactors).values({
      memberEntityNumber: agent.entityNumber,
      sealedSecret: "sealed",
      createdAt: new Date(),
      confirmedAt: new Date(),
    });
    const before = await auditCount();

    const answer = await supervisor.browser.request({ method: "GET", url: ACCOUNTS });
    expect(answer.statusCode).toBe(200);
    const { accounts, nextCursor } = answer.json();
    expect(nextCursor).toBeNull();
    const byEntity = new Map(
      accounts.map((account: { entityNumber: number }) => [account.entityNumber, account]),
    );
    expect(byEntity.get(agent.entityNumber)).toEqual({
      entityNumber: agent.entityNumber,
      firstName: "Test",
      lastName: expect.any(String),
      username: agent.username,
      role: "STAFF_AGENT",
      disabledAt: null,
      lastSignIn: { at: expect.any(String), method: "password" },
      signIn: { password: true, authenticatorApp: true, identityProvider: false },
    });
    expect(byEntity.get(supervisor.entityNumber)).toMatchObject({
      role: "STAFF_SUPERVISOR",
      signIn: { password: true, authenticatorApp: false, identityProvider: false },
    });
    expect(byEntity.get(oidc.entityNumber)).toMatchObject({
      lastSignIn: null,
      signIn: { identityProvider: true },
    });
    expect(byEntity.has(member.entityNumber)).toBe(false);
    // In entity-number order; the supervisor's view of the others is on record, their own not.
    const numbers = accounts.map((account: { entityNumber: number }) => account.entityNumber);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    const rows = await auditSince(before);
    expect(rows.map((row) => [row.resource, row.action, row.subjectEntityNumber])).toEqual(
      numbers
        .filter((entity: number) => entity !== supervisor.entityNumber)
        .map((entity: number) => ["staff-accounts", "READ", entity]),
    );
  });

  it("pages by entity number, each page starting after the previous one's last", async () => {
    for (let i = 0; i < 3; i += 1) await loggedInStaff(testApp, "STAFF_AGENT");
    const all = await listStaffAccounts(db(), undefined, 1000);
    const first = await listStaffAccounts(db(), undefined, 2);
    expect(first.accounts.map((account) => account.entityNumber)).toEqual(
      all.accounts.slice(0, 2).map((account) => account.entityNumber),
    );
    expect(first.nextCursor).toBe(first.accounts[1]?.entityNumber);
    const second = await listStaffAccounts(db(), first.nextCursor ?? undefined, 2);
    expect(second.accounts.map((account) => account.entityNumber)).toEqual(
      all.accounts.slice(2, 4).map((account) => account.entityNumber),
    );
    const rest = await listStaffAccounts(db(), all.accounts.at(-2)?.entityNumber, 2);
    expect(rest).toEqual({ accounts: [all.accounts.at(-1)], nextCursor: null });
  });

  it("disabling ends a signed-in agent's session at its next request, keeps them listed, and is audited", async () => {
    const agent = await loggedInStaff(testApp, "STAFF_AGENT");
    expect((await agent.browser.request({ method: "GET", url: QUEUE })).statusCode).toBe(200);
    const before = await auditCount();

    const disabled = await post(supervisor, `${ACCOUNTS}/${agent.entityNumber}/disable`);
    expect(disabled.statusCode).toBe(204);

    expect(await sessionsOf(agent.entityNumber)).toBe(0);
    expect((await agent.browser.request({ method: "GET", url: QUEUE })).statusCode).toBe(401);
    expect((await new TestBrowser(testApp.app).logIn(agent.username, agent.password)).statusCode).toBe(401);
    expect(await listed(agent.entityNumber)).toMatchObject({
      role: "STAFF_AGENT",
      disabledAt: expect.any(String),
    });
    expect(await changesSince(before)).toEqual([
      expect.objectContaining({
        actorEntityNumber: supervisor.entityNumber,
        subjectEntityNumber: agent.entityNumber,
        resource: "staff-disable",
        action: "UPDATE",
      }),
    ]);

    // Disabling again changes nothing and writes nothing.
    const beforeAgain = await auditCount();
    expect((await post(supervisor, `${ACCOUNTS}/${agent.entityNumber}/disable`)).statusCode).toBe(204);
    expect(await auditCount()).toBe(beforeAgain);
  });

  it("enabling lets the log-in sign in again, audited once", async () => {
    const agent = await loggedInStaff(testApp, "STAFF_AGENT");
    await post(supervisor, `${ACCOUNTS}/${agent.entityNumber}/disable`);
    const before = await auditCount();

    expect((await post(supervisor, `${ACCOUNTS}/${agent.entityNumber}/enable`)).statusCode).toBe(204);
    expect((await post(supervisor, `${ACCOUNTS}/${agent.entityNumber}/enable`)).statusCode).toBe(204);

    const browser = new TestBrowser(testApp.app);
    expect((await browser.logIn(agent.username, agent.password)).statusCode).toBe(200);
    expect((await browser.request({ method: "GET", url: QUEUE })).statusCode).toBe(200);
    expect(await listed(agent.entityNumber)).toMatchObject({ disabledAt: null });
    expect(await changesSince(before)).toEqual([
      expect.objectContaining({
        subjectEntityNumber: agent.entityNumber,
        resource: "staff-enable",
        action: "UPDATE",
      }),
    ]);
  });

  it("a role change applies from the same session's next request, audited with the supervisor as actor", async () => {
    const agent = await loggedInStaff(testApp, "STAFF_AGENT");
    expect((await agent.browser.request({ method: "GET", url: FAILED_MAILS })).statusCode).toBe(403);
    const before = await auditCount();

    const promoted = await post(supervisor, `${ACCOUNTS}/${agent.entityNumber}/role`, {
      role: "STAFF_SUPERVISOR",
    });
    expect(promoted.statusCode).toBe(204);
    expect((await agent.browser.request({ method: "GET", url: FAILED_MAILS })).statusCode).toBe(200);
    expect(await listed(agent.entityNumber)).toMatchObject({ role: "STAFF_SUPERVISOR" });

    const demoted = await post(supervisor, `${ACCOUNTS}/${agent.entityNumber}/role`, { role: "STAFF_AGENT" });
    expect(demoted.statusCode).toBe(204);
    expect((await agent.browser.request({ method: "GET", url: FAILED_MAILS })).statusCode).toBe(403);
    expect((await agent.browser.request({ method: "GET", url: ACCOUNTS })).statusCode).toBe(403);
    // The same role again changes nothing and writes nothing.
    await post(supervisor, `${ACCOUNTS}/${agent.entityNumber}/role`, { role: "STAFF_AGENT" });

    expect(await changesSince(before)).toEqual([
      expect.objectContaining({ subjectEntityNumber: agent.entityNumber, resource: "staff-role" }),
      expect.objectContaining({ subjectEntityNumber: agent.entityNumber, resource: "staff-role" }),
    ]);
  });

  it("giving the information officer's role is audited with the role and mailed to every other officer and supervisor", async () => {
    const agent = await loggedInStaff(testApp, "STAFF_AGENT");
    const officer = await loggedInStaff(testApp, "STAFF_INFORMATION_OFFICER");
    const otherSupervisor = await loggedInStaff(testApp, "STAFF_SUPERVISOR");
    const grantee = await loggedInStaff(testApp, "STAFF_AGENT");
    const addressOf = async (entityNumber: number) =>
      (await db().select().from(memberEmails).where(eq(memberEmails.memberEntityNumber, entityNumber))).map(
        (row) => row.address,
      );
    const nameOf = async (entityNumber: number) => {
      const [person] = await db().select().from(members).where(eq(members.entityNumber, entityNumber));
      return `${person?.firstName} ${person?.lastName}`;
    };
    const before = await auditCount();
    const outboxBefore = await lastOutboxId(db());

    const granted = await post(supervisor, `${ACCOUNTS}/${grantee.entityNumber}/role`, {
      role: "STAFF_INFORMATION_OFFICER",
    });
    expect(granted.statusCode).toBe(204);
    expect(await changesSince(before)).toEqual([
      expect.objectContaining({
        subjectEntityNumber: grantee.entityNumber,
        resource: "staff-role",
        detail: { role: "STAFF_INFORMATION_OFFICER" },
      }),
    ]);
    const mails = await expectOfficerGrantMails(db(), outboxBefore, {
      grantee: grantee.entityNumber,
      granteeName: await nameOf(grantee.entityNumber),
      grantedBy: `${await nameOf(supervisor.entityNumber)} (a supervisor)`,
      to: [
        ...(await addressOf(officer.entityNumber)),
        ...(await addressOf(otherSupervisor.entityNumber)),
        ...(await addressOf(supervisor.entityNumber)),
      ],
      notTo: [...(await addressOf(grantee.entityNumber)), ...(await addressOf(agent.entityNumber))],
    });
    expect(mails.length).toBeGreaterThanOrEqual(3);

    // Held already: nothing changes, nobody is told again.
    const again = await lastOutboxId(db());
    expect(
      (
        await post(supervisor, `${ACCOUNTS}/${grantee.entityNumber}/role`, {
          role: "STAFF_INFORMATION_OFFICER",
        })
      ).statusCode,
    ).toBe(204);
    expect(await officerGrantMailsSince(db(), again)).toEqual([]);
  });

  it("an agent whose staff role is taken away gets 403 on the next console call with the same session", async () => {
    const agent = await loggedInStaff(testApp, "STAFF_AGENT");
    expect((await agent.browser.request({ method: "GET", url: QUEUE })).statusCode).toBe(200);
    await db()
      .delete(memberRoles)
      .where(and(eq(memberRoles.entityNumber, agent.entityNumber), eq(memberRoles.role, "STAFF_AGENT")));
    expect((await agent.browser.request({ method: "GET", url: QUEUE })).statusCode).toBe(403);
  });

  it("leaves a disabled log-in out of the console's assignee list, and lists it again once enabled", async () => {
    const agent = await loggedInStaff(testApp, "STAFF_AGENT");
    const assignees = async () => {
      const answer = await supervisor.browser.request({ method: "GET", url: `${CONSOLE_BASE}/staff` });
      expect(answer.statusCode).toBe(200);
      return answer.json().staff.map((person: { entityNumber: number }) => person.entityNumber);
    };
    expect(await assignees()).toContain(agent.entityNumber);
    expect((await post(supervisor, `${ACCOUNTS}/${agent.entityNumber}/disable`)).statusCode).toBe(204);
    expect(await assignees()).not.toContain(agent.entityNumber);
    expect(await assignees()).toContain(supervisor.entityNumber);
    expect((await post(supervisor, `${ACCOUNTS}/${agent.entityNumber}/enable`)).statusCode).toBe(204);
    expect(await assignees()).toContain(agent.entityNumber);
  });

  it("refuses agents with 403 on every staff-account route, and changes nothing", async () => {
    const agent = await loggedInStaff(testApp, "STAFF_AGENT");
    const other = await loggedInStaff(testApp, "STAFF_AGENT");
    expect((await agent.browser.request({ method: "GET", url: ACCOUNTS })).statusCode).toBe(403);
    for (const action of ["disable", "enable"]) {
      expect((await post(agent, `${ACCOUNTS}/${other.entityNumber}/${action}`)).statusCode).toBe(403);
    }
    const role = await post(agent, `${ACCOUNTS}/${agent.entityNumber}/role`, { role: "STAFF_SUPERVISOR" });
    expect(role.statusCode).toBe(403);
    expect(role.json().message).toBe("Only a supervisor may do this.");
    expect((await other.browser.request({ method: "GET", url: QUEUE })).statusCode).toBe(200);
    // Only the agent's own sign-in is on record (a local staff log-in's sign-in is audited).
    expect((await auditRowsOf(testApp, agent.entityNumber)).map((row) => row.resource)).toEqual([
      "staff-sign-in",
    ]);
  });

  it("refuses a supervisor disabling themselves or taking away their own supervisor role (409)", async () => {
    const before = await auditCount();
    const disabled = await post(supervisor, `${ACCOUNTS}/${supervisor.entityNumber}/disable`);
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().message).toBe(SELF_DISABLE_REFUSAL);
    const demoted = await post(supervisor, `${ACCOUNTS}/${supervisor.entityNumber}/role`, {
      role: "STAFF_AGENT",
    });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json().message).toBe(SELF_DEMOTION_REFUSAL);
    expect((await supervisor.browser.request({ method: "GET", url: FAILED_MAILS })).statusCode).toBe(200);
    expect(await auditCount()).toBe(before);
  });

  it("answers 404 for a member who is not staff, and for no one, changing nothing", async () => {
    const member = await loggedInMember(testApp);
    const agent = await loggedInStaff(testApp, "STAFF_AGENT");
    // The same call for a staff log-in is answered.
    expect((await post(supervisor, `${ACCOUNTS}/${agent.entityNumber}/enable`)).statusCode).toBe(204);
    expect((await post(supervisor, `${ACCOUNTS}/${member.entityNumber}/disable`)).statusCode).toBe(404);
    expect(
      (await post(supervisor, `${ACCOUNTS}/${member.entityNumber}/role`, { role: "STAFF_AGENT" })).statusCode,
    ).toBe(404);
    expect((await post(supervisor, `${ACCOUNTS}/2000000000/enable`)).statusCode).toBe(404);
    expect((await member.browser.request({ method: "GET", url: "/wsg/session" })).json()).toMatchObject({
      authenticated: true,
    });
  });
});
