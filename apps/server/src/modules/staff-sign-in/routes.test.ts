import { generateKeyPairSync, sign } from "node:crypto";
import { CONSOLE_BASE, STAFF_SIGN_IN_PATHS, XSRF_COOKIE } from "@portal/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import {
  expectOfficerGrantMails,
  lastOutboxId,
  officerGrantMailsSince,
} from "../../../test-support/modules/members-role-grants.js";
import {
  signInAtProvider,
  startTestOidcProvider,
  type TestOidcProvider,
} from "../../../test-support/oidc-provider.js";
import { addMember, createTestApp, type TestApp, TestBrowser } from "../../../test-support/test-app.js";
import {
  auditEvents,
  memberEmails,
  memberRoles,
  members,
  sessions,
  staffIdentities,
} from "../../db/schema.js";
import { grantRoles } from "../access/index.js";
import { STAFF_SIGN_IN_COOKIE } from "./sign-in-cookie.js";

// Staff sign in through the scheme's OpenID provider (a real one, oidc-provider on loopback): the
// code flow with PKCE, state and nonce, the ID token checked, the log-in matched by issuer and
// subject, its role taken from the roles claim at every sign-in.

const PUBLIC_URL = "http://portal.test";
const QUEUE = `${CONSOLE_BASE}/queries`;

describe.each(TEST_DATABASE_KINDS)("staff sign-in through the OpenID provider on %s", (kind) => {
  let provider: TestOidcProvider;
  let testApp: TestApp;
  let accountCounter = 0;

  beforeAll(async () => {
    provider = await startTestOidcProvider({
      redirectUri: `${PUBLIC_URL}${STAFF_SIGN_IN_PATHS.callback}`,
      postLogoutRedirectUri: `${PUBLIC_URL}/`,
    });
    testApp = await createTestApp(kind, {
      PUBLIC_URL,
      STAFF_OIDC_ISSUER: provider.issuer,
      STAFF_OIDC_CLIENT_ID: provider.client.clientId,
      STAFF_OIDC_CLIENT_SECRET: provider.client.clientSecret,
    });
  });
  afterAll(async () => {
    await testApp.close();
    await provider.close();
  });

  const db = () => testApp.database.db;
  const newAccount = (roles: string[]) => {
    accountCounter += 1;
    const id = `staff-${accountCounter}-${Date.now().toString(36)}`;
    provider.accounts.set(id, { givenName: "Thandi", familyName: `Nkosi ${accountCounter}`, roles });
    return id;
  };
  const identityOf = async (subject: string) =>
    (await db().select().from(staffIdentities).where(eq(staffIdentities.subject, subject)))[0];
  const rolesOf = async (entityNumber: number) =>
    (await db().select().from(memberRoles).where(eq(memberRoles.entityNumber, entityNumber)))
      .map((row) => row.role)
      .sort();
  const sessionsOf = async (entityNumber: number) =>
    db().select().from(sessions).where(eq(sessions.memberEntityNumber, entityNumber));
  const auditOf = async (entityNumber: number) =>
    (await db().select().from(auditEvents).where(eq(auditEvents.subjectEntityNumber, entityNumber))).map(
      (row) => row.resource,
    );

  /** The portal's redirect to the provider: the browser is given the sealed sign-in cookie. */
  async function start(browser: TestBrowser) {
    const response = await browser.request({ method: "GET", url: STAFF_SIGN_IN_PATHS.login });
    expect(response.statusCode).toBe(302);
    return new URL(response.headers.location as string);
  }

  /** The provider's answer handed to the portal's callback, as the browser is sent there. */
  async function callback(browser: TestBrowser, answer: URL) {
    expect(answer.origin + answer.pathname).toBe(`${PUBLIC_URL}${STAFF_SIGN_IN_PATHS.callback}`);
    return browser.request({ method: "GET", url: `${answer.pathname}${answer.search}` });
  }

  async function signIn(accountId: string, browser = new TestBrowser(testApp.app)) {
    const authorization = await start(browser);
    const answer = await signInAtProvider(authorization.href, accountId);
    return { browser, response: await callback(browser, answer), answer, authorization };
  }

  /** An agent's sign-in whose ID token the provider re-signs with its claims changed: the callback's answer. */
  async function signInWithClaims(change: (claims: Record<string, unknown>) => Record<string, unknown>) {
    const accountId = newAccount(["portal-agent"]);
    const browser = new TestBrowser(testApp.app);
    const authorization = await start(browser);
    const answer = await signInAtProvider(authorization.href, accountId);
    provider.rewriteIdToken = (idToken) => provider.resign(idToken, change);
    try {
      return { accountId, response: await callback(browser, answer) };
    } finally {
      provider.rewriteIdToken = undefined;
    }
  }

  it("sends the browser to the provider with PKCE, state and nonce, kept in a sealed HttpOnly cookie", async () => {
    const browser = new TestBrowser(testApp.app);
    const response = await browser.request({ method: "GET", url: STAFF_SIGN_IN_PATHS.login });
    expect(response.statusCode).toBe(302);
    const authorization = new URL(response.headers.location as string);
    expect(authorization.origin).toBe(provider.issuer);
    const params = authorization.searchParams;
    expect(params.get("client_id")).toBe(provider.client.clientId);
    expect(params.get("redirect_uri")).toBe(`${PUBLIC_URL}/auth/staff/callback`);
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("state")).toBeTruthy();
    expect(params.get("nonce")).toBeTruthy();
    const cookie = response.cookies.find((each) => each.name === STAFF_SIGN_IN_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    expect(cookie?.value).not.toContain(params.get("state") as string);
  });

  it("signs a new member of staff in: a log-in made by issuer and subject, the claim's role, a session that reaches the console", async () => {
    const accountId = newAccount(["portal-agent", "something-else"]);
    const { browser, response } = await signIn(accountId);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/#/console");
    const identity = await identityOf(accountId);
    expect(identity?.issuer).toBe(provider.issuer);
    const entityNumber = identity?.memberEntityNumber as number;
    const [member] = await db().select().from(members).where(eq(members.entityNumber, entityNumber));
    expect(member).toMatchObject({ username: null, passwordHash: null, firstName: "Thandi" });
    expect(member?.lastSignInMethod).toBe("oidc");
    expect(await rolesOf(entityNumber)).toEqual(["STAFF_AGENT"]);
    const [session] = await sessionsOf(entityNumber);
    expect(session?.signInMethod).toBe("oidc");
    expect(browser.jar.get(XSRF_COOKIE)).toBeTruthy();
    const queue = await browser.request({ method: "GET", url: QUEUE });
    expect(queue.statusCode).toBe(200);
    const info = await browser.request({ method: "GET", url: "/wsg/session" });
    expect(info.json()).toMatchObject({ authenticated: true, workspace: "console" });
    expect(await auditOf(entityNumber)).toEqual(
      expect.arrayContaining(["staff-identity-create", "staff-sign-in"]),
    );

    // Its log-out ends the portal session and sends the browser to the provider's end of session.
    const logout = await browser.request({ method: "POST", url: "/wsg/logout" });
    expect(logout.statusCode).toBe(200);
    const endSession = new URL(logout.json().endSessionUrl);
    expect(endSession.origin).toBe(provider.issuer);
    expect(endSession.searchParams.get("post_logout_redirect_uri")).toBe(`${PUBLIC_URL}/`);
    expect(await sessionsOf(entityNumber)).toHaveLength(0);
    expect((await browser.request({ method: "GET", url: QUEUE })).statusCode).toBe(401);
  });

  it("matches the same log-in at the next sign-in and takes the role from the claim again", async () => {
    const accountId = newAccount(["portal-agent"]);
    await signIn(accountId);
    const entityNumber = (await identityOf(accountId))?.memberEntityNumber as number;
    provider.accounts.set(accountId, { name: "Thandi Mbeki-Nkosi", roles: ["portal-supervisor"] });
    const { response } = await signIn(accountId);
    expect(response.statusCode).toBe(303);
    expect(
      (await db().select().from(staffIdentities).where(eq(staffIdentities.subject, accountId))).length,
    ).toBe(1);
    expect(await rolesOf(entityNumber)).toEqual(["STAFF_SUPERVISOR"]);
    const [member] = await db().select().from(members).where(eq(members.entityNumber, entityNumber));
    expect(member).toMatchObject({ firstName: "Thandi", lastName: "Mbeki-Nkosi" });
    expect(await auditOf(entityNumber)).toContain("staff-sign-in-role");
  });

  it("a first sign-in with the information officer's role is audited with it and mailed to every other officer and supervisor; a second is not", async () => {
    const addressesOf = async (entityNumber: number) =>
      (await db().select().from(memberEmails).where(eq(memberEmails.memberEntityNumber, entityNumber))).map(
        (row) => row.address,
      );
    const staffWith = async (role: "STAFF_AGENT" | "STAFF_SUPERVISOR" | "STAFF_INFORMATION_OFFICER") => {
      const person = await addMember(testApp.database);
      await grantRoles(db(), person.entityNumber, [role]);
      return addressesOf(person.entityNumber);
    };
    const officer = await staffWith("STAFF_INFORMATION_OFFICER");
    const supervisor = await staffWith("STAFF_SUPERVISOR");
    const agent = await staffWith("STAFF_AGENT");
    const detailsOf = async (entityNumber: number) =>
      (await db().select().from(auditEvents).where(eq(auditEvents.subjectEntityNumber, entityNumber))).map(
        (row) => ({ resource: row.resource, detail: row.detail }),
      );

    const accountId = newAccount(["portal-information-officer"]);
    const first = await lastOutboxId(db());
    expect((await signIn(accountId)).response.statusCode).toBe(303);
    const entityNumber = (await identityOf(accountId))?.memberEntityNumber as number;
    expect(await detailsOf(entityNumber)).toContainEqual({
      resource: "staff-identity-create",
      detail: { role: "STAFF_INFORMATION_OFFICER" },
    });
    const [person] = await db().select().from(members).where(eq(members.entityNumber, entityNumber));
    const mails = await expectOfficerGrantMails(db(), first, {
      grantee: entityNumber,
      granteeName: `${person?.firstName} ${person?.lastName}`,
      grantedBy: "the scheme's identity provider",
      to: [...officer, ...supervisor],
      notTo: agent,
    });
    expect(mails.length).toBeGreaterThanOrEqual(2);

    // The same role at the next sign-in: nothing changed, nobody told again.
    const second = await lastOutboxId(db());
    expect((await signIn(accountId)).response.statusCode).toBe(303);
    expect(await officerGrantMailsSince(db(), second)).toEqual([]);

    // An agent the provider makes an officer is told of as a first grant is.
    const promotedId = newAccount(["portal-agent"]);
    await signIn(promotedId);
    const promoted = (await identityOf(promotedId))?.memberEntityNumber as number;
    provider.accounts.set(promotedId, {
      givenName: "Thandi",
      familyName: "Promoted",
      roles: ["portal-information-officer"],
    });
    const third = await lastOutboxId(db());
    expect((await signIn(promotedId)).response.statusCode).toBe(303);
    expect(await detailsOf(promoted)).toContainEqual({
      resource: "staff-sign-in-role",
      detail: { role: "STAFF_INFORMATION_OFFICER" },
    });
    await expectOfficerGrantMails(db(), third, {
      grantee: promoted,
      granteeName: "Thandi Promoted",
      grantedBy: "the scheme's identity provider",
      to: [...officer, ...supervisor],
      notTo: agent,
    });
  });

  it("refuses a person whose claim holds no portal role, and creates nothing", async () => {
    const accountId = newAccount(["finance"]);
    const { response } = await signIn(accountId);
    expect(response.statusCode).toBe(403);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
    expect(response.body).toContain("holds no role in the member portal");
    expect(response.cookies.find((each) => each.name === "portal_session")).toBeUndefined();
    expect(await identityOf(accountId)).toBeUndefined();
  });

  it("refuses a second sign-in once the role is removed: the open sessions end and the staff role goes", async () => {
    const accountId = newAccount(["portal-supervisor"]);
    const first = await signIn(accountId);
    expect(first.response.statusCode).toBe(303);
    const entityNumber = (await identityOf(accountId))?.memberEntityNumber as number;
    provider.accounts.set(accountId, { givenName: "Thandi", familyName: "Gone", roles: [] });
    const second = await signIn(accountId);
    expect(second.response.statusCode).toBe(403);
    expect(second.response.body).toContain("holds no role in the member portal");
    expect(await sessionsOf(entityNumber)).toHaveLength(0);
    expect(await rolesOf(entityNumber)).toEqual([]);
    expect((await first.browser.request({ method: "GET", url: QUEUE })).statusCode).toBe(401);
    expect(await auditOf(entityNumber)).toEqual(
      expect.arrayContaining(["staff-sign-in-role", "staff-sign-in-refused"]),
    );
  });

  it("refuses a disabled log-in with the page", async () => {
    const accountId = newAccount(["portal-agent"]);
    await signIn(accountId);
    const entityNumber = (await identityOf(accountId))?.memberEntityNumber as number;
    await db().update(members).set({ disabledAt: new Date() }).where(eq(members.entityNumber, entityNumber));
    await db().delete(sessions).where(eq(sessions.memberEntityNumber, entityNumber));
    const { response } = await signIn(accountId);
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain("has been disabled");
    expect(await sessionsOf(entityNumber)).toHaveLength(0);
  });

  it("refuses an answer whose state is not the one sent", async () => {
    const accountId = newAccount(["portal-agent"]);
    const browser = new TestBrowser(testApp.app);
    const authorization = await start(browser);
    authorization.searchParams.set("state", "a-state-the-portal-never-sent");
    const answer = await signInAtProvider(authorization.href, accountId);
    const response = await callback(browser, answer);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("Sign-in did not complete");
    expect(await identityOf(accountId)).toBeUndefined();
  });

  it("refuses a code used twice", async () => {
    const accountId = newAccount(["portal-agent"]);
    const browser = new TestBrowser(testApp.app);
    const authorization = await start(browser);
    const pending = browser.jar.get(STAFF_SIGN_IN_COOKIE) as string;
    const answer = await signInAtProvider(authorization.href, accountId);
    expect((await callback(browser, answer)).statusCode).toBe(303);
    // The same answer again, with the sign-in cookie it was checked against the first time.
    const replayer = new TestBrowser(testApp.app);
    replayer.jar.set(STAFF_SIGN_IN_COOKIE, pending);
    const replayed = await callback(replayer, answer);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.cookies.find((each) => each.name === "portal_session")).toBeUndefined();
  });

  /** An agent's sign-in whose ID token is rewritten on its way back (as a TLS-intercepting proxy could). */
  async function signInWithIdToken(rewrite: (idToken: string) => string) {
    const accountId = newAccount(["portal-agent"]);
    const browser = new TestBrowser(testApp.app);
    const authorization = await start(browser);
    const answer = await signInAtProvider(authorization.href, accountId);
    provider.rewriteIdToken = rewrite;
    try {
      return { accountId, response: await callback(browser, answer) };
    } finally {
      provider.rewriteIdToken = undefined;
    }
  }
  const asSupervisor = (idToken: string) => {
    const [header, payload] = idToken.split(".") as [string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    const body = Buffer.from(JSON.stringify({ ...claims, roles: ["portal-supervisor"] })).toString(
      "base64url",
    );
    return `${header}.${body}`;
  };

  it("refuses an ID token whose roles were rewritten to supervisor, its signature left as it was", async () => {
    const { accountId, response } = await signInWithIdToken((idToken) => {
      const signature = idToken.split(".")[2] as string;
      return `${asSupervisor(idToken)}.${signature}`;
    });
    expect(response.statusCode).toBe(400);
    expect(response.cookies.find((each) => each.name === "portal_session")).toBeUndefined();
    expect(await identityOf(accountId)).toBeUndefined();
  });

  it("refuses an ID token signed with a key the provider does not publish (under the provider's key id)", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const { accountId, response } = await signInWithIdToken((idToken) => {
      const input = asSupervisor(idToken);
      return `${input}.${sign("sha256", Buffer.from(input), privateKey).toString("base64url")}`;
    });
    expect(response.statusCode).toBe(400);
    expect(await identityOf(accountId)).toBeUndefined();
  });

  it("refuses an ID token with a garbage signature", async () => {
    const { accountId, response } = await signInWithIdToken(
      (idToken) => `${asSupervisor(idToken)}.${Buffer.from("not a signature at all").toString("base64url")}`,
    );
    expect(response.statusCode).toBe(400);
    expect(await identityOf(accountId)).toBeUndefined();
  });

  it("refuses an ID token issued an hour in the future, and takes one 30 s ahead (clock skew)", async () => {
    const ahead = (seconds: number) => (claims: Record<string, unknown>) => ({
      ...claims,
      iat: (claims.iat as number) + seconds,
      exp: (claims.exp as number) + seconds,
    });
    const future = await signInWithClaims(ahead(3600));
    expect(future.response.statusCode).toBe(400);
    expect(await identityOf(future.accountId)).toBeUndefined();
    const skewed = await signInWithClaims(ahead(30));
    expect(skewed.response.statusCode).toBe(303);
  });

  it("accepts the provider's token re-signed unchanged (so the refusals below are the claims')", async () => {
    const { response } = await signInWithClaims((claims) => ({ ...claims }));
    expect(response.statusCode).toBe(303);
  });

  it("refuses an ID token made for another client of the provider", async () => {
    // Signed with the provider's own key, for the provider's other client.
    const { accountId, response } = await signInWithClaims((claims) => ({
      ...claims,
      aud: provider.other.clientId,
      azp: provider.other.clientId,
    }));
    expect(response.statusCode).toBe(400);
    expect(await identityOf(accountId)).toBeUndefined();
  });

  it("refuses an expired ID token (the provider's clock an hour behind)", async () => {
    const { accountId, response } = await signInWithClaims((claims) => ({
      ...claims,
      iat: (claims.iat as number) - 7200,
      exp: (claims.exp as number) - 7200,
      auth_time: (claims.auth_time as number) - 7200,
    }));
    expect(response.statusCode).toBe(400);
    expect(await identityOf(accountId)).toBeUndefined();
  });

  it("refuses a callback without the sign-in cookie", async () => {
    const accountId = newAccount(["portal-agent"]);
    const authorization = await start(new TestBrowser(testApp.app));
    const answer = await signInAtProvider(authorization.href, accountId);
    const response = await callback(new TestBrowser(testApp.app), answer);
    expect(response.statusCode).toBe(400);
  });

  it("refuses a local staff password at the gateway with the wrong password's 401, members unaffected", async () => {
    const staff = await addMember(testApp.database);
    await grantRoles(db(), staff.entityNumber, ["STAFF_AGENT"]);
    const wrong = await new TestBrowser(testApp.app).logIn(staff.username, "Wrong-Password-123!");
    const refused = await new TestBrowser(testApp.app).logIn(staff.username, staff.password);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(wrong.json());
    expect(await sessionsOf(staff.entityNumber)).toHaveLength(0);
    expect(await auditOf(staff.entityNumber)).toContain("staff-local-login-refused");
    const member = await addMember(testApp.database);
    const loggedIn = await new TestBrowser(testApp.app).logIn(member.username, member.password);
    expect(loggedIn.statusCode).toBe(200);
    expect(loggedIn.json()).toMatchObject({ authenticated: true, workspace: "member" });
  });

  it("tells the SPA that staff sign in through the provider", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/app-config.json" });
    expect(response.json().staffSignIn).toBe(true);
  });
});

describe.each(TEST_DATABASE_KINDS)("staff sign-in settings on %s", (kind) => {
  it("keeps local staff passwords with STAFF_LOCAL_LOGIN=true, and answers a page when the provider is down", async () => {
    const testApp = await createTestApp(kind, {
      STAFF_OIDC_ISSUER: "http://127.0.0.1:9",
      STAFF_OIDC_CLIENT_ID: "member-portal",
      STAFF_OIDC_CLIENT_SECRET: "secret",
      STAFF_LOCAL_LOGIN: "true",
    });
    try {
      const staff = await addMember(testApp.database);
      await grantRoles(testApp.database.db, staff.entityNumber, ["STAFF_SUPERVISOR"]);
      const login = await new TestBrowser(testApp.app).logIn(staff.username, staff.password);
      expect(login.statusCode).toBe(200);
      const page = await testApp.app.inject({ method: "GET", url: STAFF_SIGN_IN_PATHS.login });
      expect(page.statusCode).toBe(503);
      expect(page.body).toContain("The scheme's sign-in service cannot be reached; try again shortly.");
      const rows = await testApp.database.db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.subjectEntityNumber, staff.entityNumber),
            eq(auditEvents.resource, "staff-local-login-refused"),
          ),
        );
      expect(rows).toHaveLength(0);
    } finally {
      await testApp.close();
    }
  });

  it("answers the portal's own page, not a redirect to a dead host, when the provider stops after it was first reached", async () => {
    const provider = await startTestOidcProvider({
      redirectUri: `${PUBLIC_URL}${STAFF_SIGN_IN_PATHS.callback}`,
      postLogoutRedirectUri: `${PUBLIC_URL}/`,
    });
    const testApp = await createTestApp(kind, {
      PUBLIC_URL,
      STAFF_OIDC_ISSUER: provider.issuer,
      STAFF_OIDC_CLIENT_ID: provider.client.clientId,
      STAFF_OIDC_CLIENT_SECRET: provider.client.clientSecret,
    });
    try {
      const first = await testApp.app.inject({ method: "GET", url: STAFF_SIGN_IN_PATHS.login });
      expect(first.statusCode).toBe(302);
      await provider.close();
      const page = await testApp.app.inject({ method: "GET", url: STAFF_SIGN_IN_PATHS.login });
      expect(page.statusCode).toBe(503);
      expect(page.headers.location).toBeUndefined();
      expect(page.headers["content-type"]).toContain("text/html");
      expect(page.body).toContain("The scheme's sign-in service cannot be reached; try again shortly.");
      expect(page.body).toContain(`href="${STAFF_SIGN_IN_PATHS.login}"`);
      expect(page.body).toContain(`<a href="/">Back to the portal's log-in</a>`);
      expect(page.cookies.find((each) => each.name === STAFF_SIGN_IN_COOKIE)).toBeUndefined();
    } finally {
      await testApp.close();
      await provider.close();
    }
  });

  it("has no staff sign-in when the provider is not configured", async () => {
    const testApp = await createTestApp(kind);
    try {
      expect((await testApp.app.inject({ method: "GET", url: STAFF_SIGN_IN_PATHS.login })).statusCode).toBe(
        404,
      );
      expect((await testApp.app.inject({ method: "GET", url: "/app-config.json" })).json().staffSignIn).toBe(
        false,
      );
    } finally {
      await testApp.close();
    }
  });
});
