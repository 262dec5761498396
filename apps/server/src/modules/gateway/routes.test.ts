import { DEFAULT_BRAND, LOGIN_FAILURE_MESSAGE, webBrandOf, XSRF_COOKIE } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import {
  addMember,
  createTestApp,
  loginMessage,
  type TestApp,
  TestBrowser,
} from "../../../test-support/test-app.js";
import { grantRoles } from "../access/index.js";
import { SESSION_COOKIE } from "../session/cookies.js";
import { DEVICE_COOKIE } from "./device-cookie.js";
import { failureDelayMs, THROTTLE_POLICY } from "./login-throttle.js";

describe.each(TEST_DATABASE_KINDS)("gateway on %s", (kind) => {
  let testApp: TestApp;
  let member: Awaited<ReturnType<typeof addMember>>;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    member = await addMember(testApp.database);
  });
  afterAll(async () => testApp.close());

  const browser = () => new TestBrowser(testApp.app);
  const sessionOf = async (visitor: TestBrowser) =>
    (await visitor.request({ method: "GET", url: "/wsg/session" })).json();

  describe("log-in", () => {
    it("logs in with the right password and starts a server-side session", async () => {
      const visitor = browser();
      expect(await sessionOf(visitor)).toEqual({ authenticated: false });
      const response = await visitor.logIn(member.username, member.password);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        authenticated: true,
        member: { entityNumber: member.entityNumber },
        workspace: "member",
      });
      const sessionCookie = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
      expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
      expect(sessionCookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await sessionOf(visitor)).toEqual({
        authenticated: true,
        member: {
          entityNumber: member.entityNumber,
          firstName: "Test",
          lastName: expect.any(String),
          language: null,
        },
        workspace: "member",
      });
    });

    it("sends the scheme's staff to the console workspace, at log-in and on every session check", async () => {
      const staff = await addMember(testApp.database);
      await grantRoles(testApp.database.db, staff.entityNumber, ["STAFF_AGENT"]);
      const visitor = browser();
      const response = await visitor.logIn(staff.username, staff.password);
      expect(response.json()).toMatchObject({ authenticated: true, workspace: "console" });
      expect(await sessionOf(visitor)).toMatchObject({ authenticated: true, workspace: "console" });
    });

    it("keeps a member on the member pages while staff hold roles: only the member's own roles count", async () => {
      const staff = await addMember(testApp.database);
      await grantRoles(testApp.database.db, staff.entityNumber, ["STAFF_SUPERVISOR"]);
      const visitor = browser();
      await visitor.logIn(member.username, member.password);
      expect(await sessionOf(visitor)).toMatchObject({ authenticated: true, workspace: "member" });
    });

    it("accepts the username in any letter case", async () => {
      const response = await browser().logIn(member.username.toUpperCase(), member.password);
      expect(response.statusCode).toBe(200);
    });

    it("answers a wrong password and an unknown user with the same 401", async () => {
      const wrongPassword = await browser().logIn(member.username, "not-the-password");
      const unknownUser = await browser().logIn("nobody.at.all", member.password);
      const expected = { status: 401, exceptionCode: "LOGIN_FAILED", message: LOGIN_FAILURE_MESSAGE };
      expect(wrongPassword.statusCode).toBe(401);
      expect(wrongPassword.json()).toEqual(expected);
      expect(unknownUser.statusCode).toBe(401);
      expect(unknownUser.json()).toEqual(expected);
      expect(wrongPassword.cookies.some((cookie) => cookie.name === SESSION_COOKIE)).toBe(false);
    });

    it.each([
      ["a schemaVersion other than 1", { schemaVersion: 2 }],
      ["another domain", { ddid: { domain: "otherportal" } }],
      ["another client id", { ddid: { clientId: "someone-else" } }],
      ["a redirect to another site", { ddid: { redirectUri: "https://evil.example/" } }],
      ["a redirect that is not a URL", { ddid: { redirectUri: "not a url" } }],
      ["no password", { Password: "" }],
    ])("refuses a message with %s (400, no session)", async (_label, change) => {
      const visitor = browser();
      await visitor.visit();
      const base = loginMessage(member.username, member.password);
      const ddidChange = (change as { ddid?: object }).ddid ?? {};
      const payload = { ...base, ...change, ddid: { ...base.ddid, ...ddidChange } };
      const response = await visitor.request({ method: "POST", url: "/wsg/rest", payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, exceptionCode: expect.any(String) });
      expect(await sessionOf(visitor)).toEqual({ authenticated: false });
    });

    it("rotates the session at log-in: the old token stops working", async () => {
      const visitor = browser();
      await visitor.logIn(member.username, member.password);
      const firstToken = visitor.jar.get(SESSION_COOKIE);
      await visitor.logIn(member.username, member.password);
      const secondToken = visitor.jar.get(SESSION_COOKIE);
      expect(secondToken).not.toBe(firstToken);
      const stale = await testApp.app.inject({
        method: "GET",
        url: "/wsg/session",
        cookies: { [SESSION_COOKIE]: firstToken ?? "" },
      });
      expect(stale.json()).toEqual({ authenticated: false });
    });
  });

  describe("brute-force protection", () => {
    it("locks an account after five failures, even for the right password, until the lock ends", async () => {
      const target = await addMember(testApp.database);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect((await browser().logIn(target.username, `wrong-${attempt}`)).statusCode).toBe(401);
      }
      const locked = await browser().logIn(target.username, target.password);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({
        status: 429,
        exceptionCode: "LOGIN_LOCKED",
        message: "Too many failed log-in attempts. Please try again in 15 minutes.",
      });
      expect(Number(locked.headers["retry-after"])).toBeGreaterThan(14 * 60);
      testApp.clock.advanceMinutes(16);
      expect((await browser().logIn(target.username, target.password)).statusCode).toBe(200);
    });

    it("runs no more password checks than allowed, however many guesses arrive at once", async () => {
      const target = await addMember(testApp.database);
      const guesses = Array.from({ length: 30 }, (_, index) => `wrong-${index}`);
      const answers = await Promise.all(
        [...guesses, target.password].map(async (password) => {
          const visitor = new TestBrowser(testApp.app);
          await visitor.visit();
          return (await visitor.logIn(target.username, password)).statusCode;
        }),
      );
      // Every answer but the allowed few is the lock, given before any password is looked at.
      const checked = answers.filter((status) => status !== 429);
      expect(checked.length).toBe(THROTTLE_POLICY.checksPerUntrustedAccount);
      expect(answers.filter((status) => status === 429)).toHaveLength(31 - checked.length);
    });

    it("keeps a browser that logged in before working while guesses from elsewhere lock the account", async () => {
      const target = await addMember(testApp.database);
      const ownBrowser = browser();
      expect((await ownBrowser.logIn(target.username, target.password)).statusCode).toBe(200);
      expect(ownBrowser.jar.get(DEVICE_COOKIE)).toBeTruthy();
      await ownBrowser.request({ method: "POST", url: "/wsg/logout" });

      for (let attempt = 1; attempt <= 6; attempt += 1)
        await browser().logIn(target.username, `wrong-${attempt}`);
      expect((await browser().logIn(target.username, target.password)).statusCode).toBe(429);
      // The member's own browser is counted apart: it logs in.
      expect((await ownBrowser.logIn(target.username, target.password)).statusCode).toBe(200);

      // A device cookie signed for another account, or altered, counts for nothing.
      const other = await addMember(testApp.database);
      const otherBrowser = browser();
      await otherBrowser.logIn(other.username, other.password);
      const borrowed = await testApp.app.inject({
        method: "POST",
        url: "/wsg/rest",
        payload: loginMessage(target.username, target.password),
        cookies: { ...otherBrowser.jar.header() },
        headers: { "x-xsrf-token": otherBrowser.jar.get(XSRF_COOKIE) ?? "" },
      });
      expect(borrowed.statusCode).toBe(429);
    });

    it("locks a device cookie that guesses too, and only that one", async () => {
      const target = await addMember(testApp.database);
      const stolen = browser();
      await stolen.logIn(target.username, target.password);
      await stolen.request({ method: "POST", url: "/wsg/logout" });
      for (let attempt = 1; attempt <= THROTTLE_POLICY.checksPerDevice; attempt += 1) {
        expect((await stolen.logIn(target.username, `wrong-${attempt}`)).statusCode).toBe(401);
      }
      expect((await stolen.logIn(target.username, target.password)).statusCode).toBe(429);
      expect((await browser().logIn(target.username, target.password)).statusCode).toBe(200);
    });

    it("slows a client address that tries many accounts, but never locks it", async () => {
      const local = await createTestApp(kind);
      try {
        const victim = await addMember(local.database);
        for (let attempt = 1; attempt <= 25; attempt += 1) {
          await new TestBrowser(local.app).logIn(`guess.${attempt}`, "password-guess");
        }
        const response = await new TestBrowser(local.app).logIn(victim.username, victim.password);
        expect(response.statusCode).toBe(200);
      } finally {
        await local.close();
      }
    });

    it("holds failed answers back more the more an account or an address fails", () => {
      expect(failureDelayMs(1, 1, 500)).toBe(0);
      expect(failureDelayMs(3, 3, 500)).toBe(500);
      expect(failureDelayMs(5, 5, 500)).toBe(2000);
      expect(failureDelayMs(1, THROTTLE_POLICY.addressFreeAttempts, 500)).toBe(0);
      expect(failureDelayMs(1, THROTTLE_POLICY.addressFreeAttempts + 1, 500)).toBe(500);
      expect(failureDelayMs(1, 10_000, 500)).toBe(4000);
    });
  });

  describe("sessions", () => {
    it("ends a session idle for more than 15 minutes", async () => {
      const visitor = browser();
      await visitor.logIn(member.username, member.password);
      testApp.clock.advanceMinutes(14);
      expect((await sessionOf(visitor)).authenticated).toBe(true);
      testApp.clock.advanceMinutes(16);
      expect(await sessionOf(visitor)).toEqual({ authenticated: false });
    });

    it("keeps an active session alive under a one-minute idle limit (it is no absolute limit)", async () => {
      const local = await createTestApp(kind, { SESSION_IDLE_MINUTES: "1" });
      try {
        const target = await addMember(local.database);
        const visitor = new TestBrowser(local.app);
        await visitor.logIn(target.username, target.password);
        for (let step = 0; step < 6; step += 1) {
          local.clock.advanceMinutes(0.5);
          const answer = await visitor.request({ method: "GET", url: "/wsg/session" });
          expect(answer.json().authenticated).toBe(true);
        }
        local.clock.advanceMinutes(1.5);
        expect((await visitor.request({ method: "GET", url: "/wsg/session" })).json()).toEqual({
          authenticated: false,
        });
      } finally {
        await local.close();
      }
    });

    it("ends an active session after 12 hours", async () => {
      const visitor = browser();
      await visitor.logIn(member.username, member.password);
      for (let hour = 0; hour < 12 * 6 - 1; hour += 1) {
        testApp.clock.advanceMinutes(10);
        expect((await sessionOf(visitor)).authenticated).toBe(true);
      }
      testApp.clock.advanceMinutes(11);
      expect(await sessionOf(visitor)).toEqual({ authenticated: false });
    });

    it("logs out on the server: the old cookie no longer works", async () => {
      const visitor = browser();
      await visitor.logIn(member.username, member.password);
      const token = visitor.jar.get(SESSION_COOKIE) ?? "";
      const response = await visitor.request({ method: "POST", url: "/wsg/logout" });
      expect(response.statusCode).toBe(204);
      expect(await sessionOf(visitor)).toEqual({ authenticated: false });
      const replay = await testApp.app.inject({
        method: "GET",
        url: "/wsg/session",
        cookies: { [SESSION_COOKIE]: token },
      });
      expect(replay.json()).toEqual({ authenticated: false });
    });
  });

  describe("anti-forgery", () => {
    it("refuses a log-in without the token, and changes nothing", async () => {
      const visitor = browser();
      await visitor.visit();
      const response = await visitor.request({
        method: "POST",
        url: "/wsg/rest",
        payload: loginMessage(member.username, member.password),
        withXsrf: false,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ status: 403, exceptionCode: "XSRF_REJECTED" });
      expect(await sessionOf(visitor)).toEqual({ authenticated: false });
    });

    it("refuses a wrong token, and a token from another visitor", async () => {
      const visitor = browser();
      const other = browser();
      await visitor.visit();
      await other.visit();
      const payload = loginMessage(member.username, member.password);
      const wrong = await visitor.request({
        method: "POST",
        url: "/wsg/rest",
        payload,
        withXsrf: false,
        headers: { "x-xsrf-token": "forged" },
      });
      const borrowed = await visitor.request({
        method: "POST",
        url: "/wsg/rest",
        payload,
        withXsrf: false,
        headers: { "x-xsrf-token": other.jar.get("XSRF-TOKEN") ?? "" },
      });
      expect([wrong.statusCode, borrowed.statusCode]).toEqual([403, 403]);
    });

    it("refuses a log-out without the token: the session stays", async () => {
      const visitor = browser();
      await visitor.logIn(member.username, member.password);
      const response = await visitor.request({ method: "POST", url: "/wsg/logout", withXsrf: false });
      expect(response.statusCode).toBe(403);
      expect((await sessionOf(visitor)).authenticated).toBe(true);
    });

    it("binds the token to the session: a new one is issued at log-in and log-out", async () => {
      const visitor = browser();
      await visitor.visit();
      const anonymousToken = visitor.jar.get("XSRF-TOKEN");
      await visitor.logIn(member.username, member.password);
      const sessionToken = visitor.jar.get("XSRF-TOKEN");
      expect(sessionToken).not.toBe(anonymousToken);
      await visitor.request({ method: "POST", url: "/wsg/logout" });
      expect(visitor.jar.get("XSRF-TOKEN")).not.toBe(sessionToken);
      // The token of the ended session no longer passes.
      const stale = await visitor.request({
        method: "POST",
        url: "/wsg/logout",
        withXsrf: false,
        headers: { "x-xsrf-token": sessionToken ?? "" },
      });
      expect(stale.statusCode).toBe(403);
    });

    it.each([
      ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
      ["an Origin of another site", { origin: "https://evil.example" }],
    ])("refuses an unsafe request with %s even with the right token", async (_label, headers) => {
      const visitor = browser();
      await visitor.visit();
      const response = await visitor.request({
        method: "POST",
        url: "/wsg/rest",
        payload: loginMessage(member.username, member.password),
        headers,
      });
      expect(response.statusCode).toBe(403);
    });

    it("accepts a same-origin request that says so", async () => {
      const visitor = browser();
      await visitor.visit();
      const response = await visitor.request({
        method: "POST",
        url: "/wsg/rest",
        payload: loginMessage(member.username, member.password),
        headers: { "sec-fetch-site": "same-origin", origin: "http://localhost" },
      });
      expect(response.statusCode).toBe(200);
    });
  });

  describe("portal", () => {
    it("keeps a caller's request id only when it is a plain token, and answers with it", async () => {
      const plain = await testApp.app.inject({
        method: "GET",
        url: "/portal/wlxapp/Ping.srv",
        headers: { "x-request-id": "lb-4f2a.9_x" },
      });
      expect(plain.headers["x-request-id"]).toBe("lb-4f2a.9_x");
      for (const hostile of ["a b", "x".repeat(65), 'id"}{"admin":true', "é"]) {
        const answer = await testApp.app.inject({
          method: "GET",
          url: "/portal/wlxapp/Ping.srv",
          headers: { "x-request-id": hostile },
        });
        // One of its own instead: 128 random bits, URL-safe.
        expect(answer.headers["x-request-id"]).toMatch(/^[A-Za-z0-9_-]{22}$/);
      }
    });

    it("sends HSTS only over TLS (behind a trusted proxy), and a Permissions-Policy on every page", async () => {
      const plainHttp = await testApp.app.inject({ method: "GET", url: "/portal/wlxapp/Ping.srv" });
      expect(plainHttp.headers["strict-transport-security"]).toBeUndefined();
      const page = await testApp.app.inject({
        method: "GET",
        url: "/no/such/page",
        headers: { accept: "text/html" },
      });
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
      expect(page.headers["permissions-policy"]).toContain("camera=()");
      const proxied = await createTestApp(kind, { TRUST_PROXY: "true" });
      try {
        const overTls = await proxied.app.inject({
          method: "GET",
          url: "/portal/wlxapp/Ping.srv",
          headers: { "x-forwarded-proto": "https" },
        });
        expect(overTls.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      } finally {
        await proxied.close();
      }
      // Without TRUST_PROXY a client's X-Forwarded-Proto is not believed.
      const spoofed = await testApp.app.inject({
        method: "GET",
        url: "/portal/wlxapp/Ping.srv",
        headers: { "x-forwarded-proto": "https" },
      });
      expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
    });

    it("answers the ping as text", async () => {
      const response = await testApp.app.inject({ method: "GET", url: "/portal/wlxapp/Ping.srv" });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/plain/);
      expect(response.body).toBe("OK");
    });

    it("answers unknown routes with the error shape and security headers", async () => {
      const response = await testApp.app.inject({ method: "GET", url: "/no/such/route" });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        status: 404,
        exceptionCode: "NOT_FOUND",
        message: "The requested resource was not found.",
      });
      // Not a page: it may run and load nothing if it is ever opened as one.
      expect(response.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'self'");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["cross-origin-resource-policy"]).toBe("same-origin");
    });

    it("sends a page the SPA's whole set of headers, and a JSON or text answer only the ones that mean something for it", async () => {
      const page = await testApp.app.inject({
        method: "GET",
        url: "/no/such/page",
        headers: { accept: "text/html" },
      });
      expect(page.headers).toMatchObject({
        "content-security-policy": expect.stringContaining("script-src 'self'"),
        "x-frame-options": "SAMEORIGIN",
        "referrer-policy": "strict-origin-when-cross-origin",
        "cross-origin-opener-policy": "same-origin",
        "x-content-type-options": "nosniff",
      });
      for (const url of ["/portal/wlxapp/Ping.srv", "/app-config.json"]) {
        const answer = await testApp.app.inject({ method: "GET", url });
        expect(answer.headers, url).toMatchObject({
          "content-security-policy": "default-src 'none'; frame-ancestors 'self'",
          "x-content-type-options": "nosniff",
          "cross-origin-resource-policy": "same-origin",
          "x-frame-options": "SAMEORIGIN",
        });
        expect(answer.headers["permissions-policy"], url).toBeUndefined();
        expect(answer.headers["x-request-id"], url).toBeDefined();
      }
    });

    it("starts a pre-session on a page and on the session check, not on every answer to a cookieless caller", async () => {
      for (const url of ["/portal/wlxapp/Ping.srv", "/app-config.json", "/no/such/route"]) {
        const answer = await testApp.app.inject({ method: "GET", url });
        expect(answer.headers["set-cookie"], url).toBeUndefined();
      }
      const page = await testApp.app.inject({
        method: "GET",
        url: "/no/such/page",
        headers: { accept: "text/html" },
      });
      const probe = await testApp.app.inject({ method: "GET", url: "/wsg/session" });
      for (const answer of [page, probe]) {
        expect(answer.cookies.map((cookie) => cookie.name).sort()).toEqual([
          "XSRF-TOKEN",
          "portal_presession",
        ]);
      }
      // What the probe gave lets the log-in through.
      const visitor = browser();
      await visitor.visit();
      expect((await visitor.logIn(member.username, member.password)).statusCode).toBe(200);
    });

    it("puts the right token back on any answer to a browser whose anti-forgery cookie went wrong", async () => {
      const visitor = browser();
      await visitor.logIn(member.username, member.password);
      const right = visitor.jar.get(XSRF_COOKIE);
      visitor.jar.set(XSRF_COOKIE, "tampered");
      await visitor.request({ method: "GET", url: "/portal/wlxapp/Ping.srv" });
      expect(visitor.jar.get(XSRF_COOKIE)).toBe(right);
    });

    it("answers malformed JSON with 400 in the error shape, not parser internals", async () => {
      const visitor = browser();
      await visitor.visit();
      const response = await visitor.request({
        method: "POST",
        url: "/wsg/rest",
        payload: "{not json",
        headers: { "content-type": "application/json" },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        status: 400,
        exceptionCode: "VALIDATION_FAILED",
        message: "The request could not be read.",
      });
    });

    it("gives the SPA its runtime configuration", async () => {
      const response = await testApp.app.inject({ method: "GET", url: "/app-config.json" });
      expect(response.json()).toEqual({
        smartInquiryBase: "/api/smart-inquiry",
        memberDetailsBase: "/api/member-details",
        contentPreviewMarker: "",
        authDomain: "memberportal",
        authClientId: "member-portal-web",
        brand: webBrandOf(DEFAULT_BRAND, "https://www.meridian.example"),
        sessionIdleMinutes: 15,
        staffSignIn: false,
        timeZone: "Africa/Johannesburg",
        // Every translated language, by default.
        memberLanguages: ["en", "zu", "af"],
      });
    });
  });
});
