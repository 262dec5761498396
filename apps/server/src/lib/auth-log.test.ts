import { Writable } from "node:stream";
import { ACCOUNT_PATHS } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../test-support/databases.js";
import { TEST_SECRET } from "../../test-support/modules/mail.js";
import { addMember, createTestApp, type TestApp, TestBrowser } from "../../test-support/test-app.js";
import { issueAccountToken } from "../modules/accounts/account-tokens.js";
import { insertPersonWithoutLogin } from "../modules/member-details/enrolment-repository.js";
import { createAuthLog } from "./auth-log.js";
import { loggerOptions } from "./logger.js";

// Each authentication event has its line in the log, saying what happened, about which account and
// from which address, by keyed hashes only: never the username, the e-mail address, the membership
// number, the password or the client's address.

const STRONG_PASSWORD = "Saffron-Lantern-42!";
/** What inject() sends from. */
const CLIENT_ADDRESS = "127.0.0.1";

interface Line {
  level: number;
  msg: string;
  event?: string;
  reason?: string;
  subjectHash?: string;
  addressHash?: string;
}

describe.each(TEST_DATABASE_KINDS)("authentication events in the log, on %s", (kind) => {
  let testApp: TestApp;
  const raw: string[] = [];
  const lines = () =>
    raw
      .join("")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Line);
  const eventLines = (event: string) => lines().filter((line) => line.event === event);
  const expected = createAuthLog(TEST_SECRET);
  const hashes = (subject: string) => {
    const { subjectHash, addressHash } = expected.fields("logout", subject, CLIENT_ADDRESS);
    return { subjectHash, addressHash };
  };

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        raw.push(String(chunk));
        done();
      },
    });
    testApp = await createTestApp(kind, {}, { logger: { ...loggerOptions("info"), stream } });
  });
  afterAll(async () => testApp.close());

  it("logs failed and successful log-ins, and the log-out, with the account's and the address's hashes", async () => {
    const member = await addMember(testApp.database);
    const browser = new TestBrowser(testApp.app);
    expect((await browser.logIn(member.username, "Wrong-Password-1!")).statusCode).toBe(401);
    expect((await browser.logIn(` ${member.username.toUpperCase()}`, member.password)).statusCode).toBe(200);
    expect((await browser.request({ method: "POST", url: "/wsg/logout" })).statusCode).toBe(204);

    const { subjectHash, addressHash } = hashes(member.username);
    expect(subjectHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [failed] = eventLines("login_failed");
    expect(failed).toMatchObject({ level: 40, reason: "wrong_credentials", subjectHash, addressHash });
    // The same account however it was typed; the same address.
    expect(eventLines("login_succeeded")).toEqual([
      expect.objectContaining({ level: 30, subjectHash, addressHash }),
    ]);
    expect(eventLines("logout")).toEqual([expect.objectContaining({ subjectHash, addressHash })]);

    const log = raw.join("");
    expect(log).not.toContain(member.username);
    expect(log).not.toContain(member.password);
    expect(log).not.toContain(CLIENT_ADDRESS);
  });

  it("logs a refused log-in of an unknown account with that name's hash, and no other", async () => {
    const browser = new TestBrowser(testApp.app);
    expect((await browser.logIn("no.such.person", "Wrong-Password-1!")).statusCode).toBe(401);
    const line = eventLines("login_failed").at(-1);
    expect(line?.subjectHash).toBe(hashes("no.such.person").subjectHash);
    expect(raw.join("")).not.toContain("no.such.person");
  });

  it("logs the password reset asked for and completed, about the same account", async () => {
    const member = await addMember(testApp.database, { emails: ["reset.me@example.com"] });
    const browser = new TestBrowser(testApp.app);
    await browser.visit();
    const asked = await browser.request({
      method: "POST",
      url: ACCOUNT_PATHS.passwordReset,
      payload: { login: member.username },
    });
    expect(asked.statusCode).toBe(202);
    const token = await issueAccountToken(testApp.database.db, {
      purpose: "PASSWORD_RESET",
      entityNumber: member.entityNumber,
      email: "reset.me@example.com",
      now: testApp.clock.now,
      validMs: 30 * 60_000,
    });
    const completed = await browser.request({
      method: "POST",
      url: ACCOUNT_PATHS.passwordResetComplete,
      payload: { token, password: STRONG_PASSWORD },
    });
    expect(completed.statusCode).toBe(200);

    const { subjectHash, addressHash } = hashes(member.username);
    expect(eventLines("password_reset_requested").at(-1)).toMatchObject({ subjectHash, addressHash });
    expect(eventLines("password_reset_completed").at(-1)).toMatchObject({ subjectHash, addressHash });
    const log = raw.join("");
    expect(log).not.toContain(member.username);
    expect(log).not.toContain("reset.me@example.com");
    expect(log).not.toContain(token);
  });

  it("logs a registration asked for by its membership number's hash, and the account activated by its username's", async () => {
    const browser = new TestBrowser(testApp.app);
    await browser.visit();
    const membershipNumber = `88${Date.now().toString().slice(-7)}`;
    const asked = await browser.request({
      method: "POST",
      url: ACCOUNT_PATHS.registration,
      payload: {
        membershipNumber,
        identityNumber: "8705140123088",
        dateOfBirth: "1987-05-14",
        email: "someone.registering@example.com",
      },
    });
    expect(asked.statusCode).toBe(202);
    expect(eventLines("registration_requested").at(-1)).toMatchObject(hashes(membershipNumber));

    const entityNumber = await insertPersonWithoutLogin(testApp.database.db, {
      firstName: "Nomsa",
      lastName: "Activating",
    });
    const token = await issueAccountToken(testApp.database.db, {
      purpose: "ACTIVATION",
      entityNumber,
      email: "nomsa.activating@example.com",
      now: testApp.clock.now,
      validMs: 60 * 60_000,
    });
    const username = `nomsa.${Date.now().toString(36)}`;
    const activated = await browser.request({
      method: "POST",
      url: ACCOUNT_PATHS.activation,
      payload: { token, username, password: STRONG_PASSWORD },
    });
    expect(activated.statusCode).toBe(200);
    expect(eventLines("account_activated").at(-1)).toMatchObject(hashes(username));

    const log = raw.join("");
    for (const personal of [
      membershipNumber,
      "someone.registering@example.com",
      username,
      "Nomsa",
      "8705140123088",
    ]) {
      expect(log).not.toContain(personal);
    }
  });
});

describe("auth log hashes", () => {
  it("are keyed by the secret, and differ by kind, so a log hash is no throttle key", () => {
    const one = createAuthLog(TEST_SECRET).fields("logout", "someone", "10.0.0.1");
    const other = createAuthLog(`${TEST_SECRET}-other`).fields("logout", "someone", "10.0.0.1");
    expect(one.subjectHash).not.toBe(other.subjectHash);
    expect(one.addressHash).not.toBe(other.addressHash);
    expect(createAuthLog(TEST_SECRET).fields("logout", "10.0.0.1", "10.0.0.1").subjectHash).not.toBe(
      one.addressHash,
    );
  });
});
