import { ACCOUNT_MESSAGES, ACCOUNT_PATHS, EXCEPTION_CODES } from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import {
  recordingLog,
  type SmtpPeer,
  startSmtpPeer,
  TEST_SECRET,
} from "../../../test-support/modules/mail.js";
import { addMember, createTestApp, type TestApp, TestBrowser } from "../../../test-support/test-app.js";
import type { Db } from "../../db/database.js";
import { accountTokens, auditEvents, memberEmails, members, outboxMails, sessions } from "../../db/schema.js";
import { AUDIT_RESOURCES } from "../access/audit-trail.js";
import { createMailTransport } from "../mail/mail-transport.js";
import { createMailWorker } from "../mail/mail-worker.js";
import {
  ensurePlan,
  insertPersonWithoutLogin,
  insertPolicy,
  insertPolicyDependent,
  insertProfile,
} from "../member-details/enrolment-repository.js";
import { ACCOUNT_THROTTLE_LIMITS } from "./account-throttle.js";

// Registration and forgotten passwords through the routes, the mails delivered to a real SMTP
// peer on loopback, and the links taken out of them.

const PUBLIC_URL = "https://portal.scheme.example";
const STRONG_PASSWORD = "Saffron-Lantern-42!";

interface RegisterPerson {
  entityNumber: number;
  membershipNumber: string;
  identityNumber: string;
  dateOfBirth: string;
  email: string;
}

let personCounter = 0;

/** A principal member on the register, without a log-in, with a spouse on the policy. */
async function registerFamily(db: Db) {
  personCounter += 1;
  const suffix = String(personCounter).padStart(3, "0");
  const principal: RegisterPerson = {
    entityNumber: await insertPersonWithoutLogin(db, {
      firstName: "Thandeka",
      lastName: `Register ${suffix}`,
    }),
    membershipNumber: `77${Date.now().toString().slice(-5)}${suffix}`,
    identityNumber: `87051401230${suffix.slice(-2)}`,
    dateOfBirth: "1987-05-14",
    email: `principal-${suffix}@example.com`,
  };
  await insertProfile(db, principal.entityNumber, {
    membershipNumber: principal.membershipNumber,
    identityNumber: principal.identityNumber,
    identityType: "ID",
    dateOfBirth: principal.dateOfBirth,
  });
  await db.insert(memberEmails).values([
    { memberEntityNumber: principal.entityNumber, address: principal.email, position: 0 },
    { memberEntityNumber: principal.entityNumber, address: `other-${suffix}@example.com`, position: 1 },
  ]);
  const spouse: RegisterPerson = {
    entityNumber: await insertPersonWithoutLogin(db, { firstName: "Sipho", lastName: `Register ${suffix}` }),
    membershipNumber: principal.membershipNumber,
    identityNumber: `A${suffix}99887`,
    dateOfBirth: "1985-11-02",
    email: `spouse-${suffix}@example.com`,
  };
  await insertProfile(db, spouse.entityNumber, {
    identityNumber: spouse.identityNumber,
    identityType: "PASSPORT",
    dateOfBirth: spouse.dateOfBirth,
  });
  await db
    .insert(memberEmails)
    .values({ memberEntityNumber: spouse.entityNumber, address: spouse.email, position: 0 });
  const planId = await ensurePlan(
    db,
    { code: "TEST", name: "Test scheme" },
    { code: "BASIC", name: "Basic" },
  );
  const policyId = await insertPolicy(db, {
    policyIdentifier: `POL-${principal.membershipNumber}`,
    planId,
    principalEntityNumber: principal.entityNumber,
    startDate: "2020-01-01",
  });
  await insertPolicyDependent(db, {
    policyId,
    dependentEntityNumber: spouse.entityNumber,
    relationship: "SPOUSE",
    dependentCode: "01",
  });
  return { principal, spouse };
}

const registrationOf = (person: RegisterPerson) => ({
  membershipNumber: person.membershipNumber,
  identityNumber: person.identityNumber,
  dateOfBirth: person.dateOfBirth,
  email: person.email,
});

describe.each(TEST_DATABASE_KINDS)("registration and forgotten passwords, on %s", (kind) => {
  let testApp: TestApp;
  let peer: SmtpPeer;
  let browser: TestBrowser;

  beforeAll(async () => {
    testApp = await createTestApp(kind, { PUBLIC_URL, ACTIVATION_LINK_MINUTES: "60" });
    peer = await startSmtpPeer();
  });
  afterAll(async () => {
    await testApp.close();
    await peer.close();
  });
  beforeEach(async () => {
    browser = new TestBrowser(testApp.app);
    await browser.visit();
  });
  afterEach(async () => {
    // Each test starts from a clean count: its requests are its own.
    await testApp.database.db.execute("delete from login_throttle");
  });

  const db = () => testApp.database.db;
  const post = (url: string, payload: unknown, target = browser) =>
    target.request({ method: "POST", url, payload });

  /** Sends what the outbox holds to the SMTP peer; returns the messages that arrived. */
  async function deliverMails() {
    const transport = createMailTransport({
      SMTP_URL: peer.url,
      MAIL_FROM: "Portal <no-reply@scheme.example>",
      DATA_DIR: "",
    });
    const worker = createMailWorker({
      db: db(),
      transport,
      log: recordingLog(),
      maxAttempts: 3,
      secret: TEST_SECRET,
      now: () => testApp.clock.now,
    });
    const before = peer.received.length;
    const results = await worker.runOnce();
    transport.close();
    expect(results.every((result) => result.outcome === "sent")).toBe(true);
    return peer.received.slice(before);
  }

  /** The token of the one link in a delivered mail (text and html agree). */
  function tokenFrom(
    mail: { message: { text: string | undefined; html: string | undefined } },
    route: string,
  ) {
    const pattern = new RegExp(`${PUBLIC_URL.replaceAll(".", "\\.")}/#${route}([A-Za-z0-9_-]{43})`);
    const fromText = mail.message.text?.match(pattern)?.[1];
    const fromHtml = mail.message.html?.match(pattern)?.[1];
    expect(fromText).toBeDefined();
    expect(fromHtml).toBe(fromText);
    return fromText ?? "";
  }

  const auditRows = (entityNumber: number, resource: string) =>
    db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectEntityNumber, entityNumber))
      .then((rows) => rows.filter((row) => row.resource === resource));

  it("mails a registration link to the named address; the link sets a log-in that works, once", async () => {
    const { principal } = await registerFamily(db());
    const asked = await post(ACCOUNT_PATHS.registration, registrationOf(principal));
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: ACCOUNT_MESSAGES.registrationLinkSent });

    // Queued with the link sealed: no usable token in the database, in either table.
    const [queued] = await db()
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.memberEntityNumber, principal.entityNumber));
    expect(queued?.kind).toBe("ACCOUNT_ACTIVATION");
    expect(queued?.html).not.toMatch(/#\/register\/activate\/[A-Za-z0-9_-]{43}/);
    expect(queued?.sealedLink).toBeTruthy();

    const [mail] = await deliverMails();
    expect(mail?.recipients).toEqual([principal.email]);
    expect(mail?.message.headers.get("subject")).toBe("Finish registering for the member portal");
    // Nothing in the mail says who the person is.
    expect(mail?.raw).not.toContain(principal.membershipNumber);
    expect(mail?.raw).not.toContain("Thandeka");
    const token = tokenFrom(mail as NonNullable<typeof mail>, "/register/activate/");
    const [stored] = await db()
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.entityNumber, principal.entityNumber));
    expect(stored?.tokenHash).not.toBe(token);
    expect(JSON.stringify(stored)).not.toContain(token);

    const username = `thandeka.${personCounter}`;
    const activated = await post(ACCOUNT_PATHS.activation, {
      token,
      username: username.toUpperCase(),
      password: STRONG_PASSWORD,
    });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toEqual({ message: ACCOUNT_MESSAGES.activated });

    const login = await new TestBrowser(testApp.app).logIn(username, STRONG_PASSWORD);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({
      member: { entityNumber: principal.entityNumber },
      workspace: "member",
    });

    const again = await post(ACCOUNT_PATHS.activation, {
      token,
      username: `${username}.two`,
      password: STRONG_PASSWORD,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      exceptionCode: EXCEPTION_CODES.ACCOUNT_LINK_INVALID,
      message: ACCOUNT_MESSAGES.linkInvalid,
    });
    expect(await auditRows(principal.entityNumber, AUDIT_RESOURCES.registrationRequest)).toHaveLength(1);
    expect(await auditRows(principal.entityNumber, AUDIT_RESOURCES.accountActivation)).toHaveLength(1);
  });

  it("lets a dependent register with the principal member's membership number and their own passport", async () => {
    const { spouse } = await registerFamily(db());
    expect(
      (
        await post(ACCOUNT_PATHS.registration, {
          ...registrationOf(spouse),
          identityNumber: ` ${spouse.identityNumber.toLowerCase()} `,
        })
      ).statusCode,
    ).toBe(202);
    const [mail] = await deliverMails();
    expect(mail?.recipients).toEqual([spouse.email]);
  });

  it("answers the same sentence, and mails nobody, when any detail does not match", async () => {
    const { principal } = await registerFamily(db());
    const outboxBefore = await db().$count(outboxMails);
    const wrongDetails = [
      { ...registrationOf(principal), membershipNumber: "99999999" },
      { ...registrationOf(principal), identityNumber: "8001015009087" },
      { ...registrationOf(principal), dateOfBirth: "1987-05-15" },
      // An address the register does not hold for them: a link never goes to a stranger's mailbox.
      { ...registrationOf(principal), email: "attacker@example.net" },
    ];
    for (const details of wrongDetails) {
      await db().execute("delete from login_throttle");
      const answer = await post(ACCOUNT_PATHS.registration, details);
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ message: ACCOUNT_MESSAGES.registrationLinkSent });
    }
    expect(await db().$count(outboxMails)).toBe(outboxBefore);
    expect(await db().$count(accountTokens, eq(accountTokens.entityNumber, principal.entityNumber))).toBe(0);
  });

  it("tells someone who already has a log-in, by mail only, to reset the password instead", async () => {
    const member = await addMember(testApp.database);
    const { principal } = await registerFamily(db());
    const activated = await activateThroughMail(principal, `first.${personCounter}`);
    expect(activated).toBe(200);
    const answer = await post(ACCOUNT_PATHS.registration, registrationOf(principal));
    expect(answer.json()).toEqual({ message: ACCOUNT_MESSAGES.registrationLinkSent });
    const [mail] = await deliverMails();
    expect(mail?.message.headers.get("subject")).toBe("You already have a member portal log-in");
    expect(mail?.message.text).not.toMatch(/#\/register\/activate\//);
    expect(member.entityNumber).toBeGreaterThan(0);
  });

  async function activateThroughMail(person: RegisterPerson, username: string) {
    await post(ACCOUNT_PATHS.registration, registrationOf(person));
    const [mail] = await deliverMails();
    const token = tokenFrom(mail as NonNullable<typeof mail>, "/register/activate/");
    return (await post(ACCOUNT_PATHS.activation, { token, username, password: STRONG_PASSWORD })).statusCode;
  }

  it("refuses a taken username and a weak password without spending the link", async () => {
    const taken = await addMember(testApp.database);
    const { principal } = await registerFamily(db());
    await post(ACCOUNT_PATHS.registration, registrationOf(principal));
    const [mail] = await deliverMails();
    const token = tokenFrom(mail as NonNullable<typeof mail>, "/register/activate/");

    const clash = await post(ACCOUNT_PATHS.activation, {
      token,
      username: taken.username,
      password: STRONG_PASSWORD,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      exceptionCode: EXCEPTION_CODES.USERNAME_TAKEN,
      message: ACCOUNT_MESSAGES.usernameTaken,
    });
    const weak = await post(ACCOUNT_PATHS.activation, {
      token,
      username: "new.name",
      password: "new.name-2026!",
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toContain("must not contain the username");
    const badName = await post(ACCOUNT_PATHS.activation, {
      token,
      username: "-x",
      password: STRONG_PASSWORD,
    });
    expect(badName.statusCode).toBe(400);

    expect(
      (await post(ACCOUNT_PATHS.activation, { token, username: "new.name", password: STRONG_PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it("lets a link expire, and only the newest link work", async () => {
    const { principal } = await registerFamily(db());
    await post(ACCOUNT_PATHS.registration, registrationOf(principal));
    const [first] = await deliverMails();
    await db().execute("delete from login_throttle");
    await post(ACCOUNT_PATHS.registration, registrationOf(principal));
    const [second] = await deliverMails();
    const firstToken = tokenFrom(first as NonNullable<typeof first>, "/register/activate/");
    const secondToken = tokenFrom(second as NonNullable<typeof second>, "/register/activate/");
    const superseded = await post(ACCOUNT_PATHS.activation, {
      token: firstToken,
      username: "early.bird",
      password: STRONG_PASSWORD,
    });
    expect(superseded.statusCode).toBe(400);

    testApp.clock.advanceMinutes(61);
    const expired = await post(ACCOUNT_PATHS.activation, {
      token: secondToken,
      username: "late.bird",
      password: STRONG_PASSWORD,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().exceptionCode).toBe(EXCEPTION_CODES.ACCOUNT_LINK_INVALID);
  });

  it("resets a forgotten password by username or address: new password works, old fails, sessions end, a mail says so", async () => {
    const member = await addMember(testApp.database);
    const loggedIn = new TestBrowser(testApp.app);
    expect((await loggedIn.logIn(member.username, member.password)).statusCode).toBe(200);
    expect(await db().$count(sessions, eq(sessions.memberEntityNumber, member.entityNumber))).toBe(1);

    const [address] = await db()
      .select()
      .from(memberEmails)
      .where(eq(memberEmails.memberEntityNumber, member.entityNumber));
    for (const login of [member.username.toUpperCase(), address?.address.toUpperCase() ?? ""]) {
      await db().execute("delete from login_throttle");
      const asked = await post(ACCOUNT_PATHS.passwordReset, { login });
      expect(asked.statusCode).toBe(202);
      expect(asked.json()).toEqual({ message: ACCOUNT_MESSAGES.resetLinkSent });
    }
    const mails = await deliverMails();
    expect(mails.map((mail) => mail.recipients)).toEqual([[address?.address], [address?.address]]);
    const [olderLink, newestLink] = mails.map((mail) => tokenFrom(mail, "/forgot-password/reset/"));
    // The mail greets the member by first name (addMember's "Test").
    expect(mails[0]?.message.text).toMatch(/^Dear Test,/);

    const newPassword = "Harbour-Lights-Over-9";
    const stale = await post(ACCOUNT_PATHS.passwordResetComplete, {
      token: olderLink,
      password: newPassword,
    });
    expect(stale.statusCode).toBe(400);
    const weak = await post(ACCOUNT_PATHS.passwordResetComplete, {
      token: newestLink,
      password: `${member.username}-1!`,
    });
    expect(weak.statusCode).toBe(400);
    const done = await post(ACCOUNT_PATHS.passwordResetComplete, {
      token: newestLink,
      password: newPassword,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordChanged });

    expect(await db().$count(sessions, eq(sessions.memberEntityNumber, member.entityNumber))).toBe(0);
    const stillThere = await loggedIn.request({ method: "GET", url: "/wsg/session" });
    expect(stillThere.json()).toEqual({ authenticated: false });
    expect((await new TestBrowser(testApp.app).logIn(member.username, member.password)).statusCode).toBe(401);
    expect((await new TestBrowser(testApp.app).logIn(member.username, newPassword)).statusCode).toBe(200);

    const [changed] = await deliverMails();
    expect(changed?.message.headers.get("subject")).toBe("Your member portal password was changed");
    expect(changed?.recipients).toEqual([address?.address]);
    expect(changed?.message.text).toMatch(/^Dear Test,/);
    expect(changed?.message.text).toMatch(/please call Member services on 0860 100 247/);
    expect(
      (
        await post(ACCOUNT_PATHS.passwordResetComplete, {
          token: newestLink,
          password: "Another-Fine-Day-77",
        })
      ).statusCode,
    ).toBe(400);
    expect(await auditRows(member.entityNumber, AUDIT_RESOURCES.passwordResetRequest)).toHaveLength(2);
    expect(await auditRows(member.entityNumber, AUDIT_RESOURCES.passwordReset)).toHaveLength(1);
  });

  it("writes the reset link's mail, and the changed-password mail, in the language the member chose", async () => {
    const member = await addMember(testApp.database);
    await db().update(members).set({ language: "af" }).where(eq(members.entityNumber, member.entityNumber));
    await db().execute("delete from login_throttle");
    expect((await post(ACCOUNT_PATHS.passwordReset, { login: member.username })).statusCode).toBe(202);
    const [linkMail] = await deliverMails();
    expect(linkMail?.message.headers.get("subject")).toBe("Stel u ledeportaal-wagwoord terug");
    expect(linkMail?.message.text).toMatch(/^Beste Test,/);
    expect(linkMail?.message.text).toMatch(/Die skakel werk een keer en verval oor \d+ minute\./);
    expect(linkMail?.message.html).toContain('<html lang="af">');
    const done = await post(ACCOUNT_PATHS.passwordResetComplete, {
      token: linkMail ? tokenFrom(linkMail, "/forgot-password/reset/") : "",
      password: "Harbour-Lights-Over-9",
    });
    expect(done.statusCode).toBe(200);
    const [changed] = await deliverMails();
    expect(changed?.message.headers.get("subject")).toBe("U ledeportaal-wagwoord is verander");
    expect(changed?.message.text).toMatch(/bel asseblief dadelik Member services by 0860 100 247/);
  });

  it("answers an unknown username or address exactly as a known one, and mails nobody", async () => {
    const outboxBefore = await db().$count(outboxMails);
    const unknown = await post(ACCOUNT_PATHS.passwordReset, { login: "nobody.here@example.com" });
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual({ message: ACCOUNT_MESSAGES.resetLinkSent });
    // A person without a log-in (a dependent) cannot be "reset" into one.
    const { spouse } = await registerFamily(db());
    await db().execute("delete from login_throttle");
    expect((await post(ACCOUNT_PATHS.passwordReset, { login: spouse.email })).json()).toEqual({
      message: ACCOUNT_MESSAGES.resetLinkSent,
    });
    expect(await db().$count(outboxMails)).toBe(outboxBefore + 0);
  });

  it("throttles requests per person asked about and per address, whether or not anyone matched", async () => {
    const asks = async (login: string, count: number) => {
      const codes: number[] = [];
      for (let index = 0; index < count; index += 1) {
        codes.push((await post(ACCOUNT_PATHS.passwordReset, { login })).statusCode);
      }
      return codes;
    };
    const perSubject = ACCOUNT_THROTTLE_LIMITS.requestsPerSubject;
    expect(await asks("someone@example.com", perSubject + 1)).toEqual([...Array(perSubject).fill(202), 429]);
    const refused = await post(ACCOUNT_PATHS.passwordReset, { login: "someone@example.com" });
    expect(refused.json()).toMatchObject({ exceptionCode: EXCEPTION_CODES.RATE_LIMITED });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);

    // Parallel requests cannot all slip under the limit: the count is taken atomically.
    await db().execute("delete from login_throttle");
    const parallel = await Promise.all(
      Array.from({ length: 12 }, () => post(ACCOUNT_PATHS.passwordReset, { login: "parallel@example.com" })),
    );
    expect(parallel.filter((answer) => answer.statusCode === 202)).toHaveLength(perSubject);

    await db().execute("delete from login_throttle");
    const perAddress = ACCOUNT_THROTTLE_LIMITS.requestsPerAddress;
    const spread = [];
    for (let index = 0; index <= perAddress; index += 1) {
      spread.push(
        (await post(ACCOUNT_PATHS.passwordReset, { login: `spread-${index}@example.com` })).statusCode,
      );
    }
    expect(spread.at(-1)).toBe(429);
    expect(spread.slice(0, perAddress).every((code) => code === 202)).toBe(true);
  });

  it("asks for the anti-forgery token and refuses malformed bodies with 400", async () => {
    const forged = await browser.request({
      method: "POST",
      url: ACCOUNT_PATHS.passwordReset,
      payload: { login: "x@example.com" },
      withXsrf: false,
    });
    expect(forged.statusCode).toBe(403);
    const badDate = await post(ACCOUNT_PATHS.registration, {
      membershipNumber: "1",
      identityNumber: "1",
      dateOfBirth: "1987-02-30",
      email: "a@example.com",
    });
    expect(badDate.statusCode).toBe(400);
    const badToken = await post(ACCOUNT_PATHS.passwordResetComplete, {
      token: "short",
      password: STRONG_PASSWORD,
    });
    expect(badToken.statusCode).toBe(400);
  });

  it("says whether a mailed link works without spending it: valid, used (or replaced), expired, unknown", async () => {
    const member = await addMember(testApp.database);
    const check = async (token: string) =>
      (await post(ACCOUNT_PATHS.linkCheck, { token, purpose: "PASSWORD_RESET" })).json().state;
    const ask = async () => {
      await db().execute("delete from login_throttle");
      expect((await post(ACCOUNT_PATHS.passwordReset, { login: member.username })).statusCode).toBe(202);
      const [mail] = await deliverMails();
      return tokenFrom(mail as Parameters<typeof tokenFrom>[0], "/forgot-password/reset/");
    };
    const first = await ask();
    expect(await check(first)).toBe("VALID");
    // Checking spends nothing: it still works, and still sets the password.
    expect(await check(first)).toBe("VALID");
    expect((await post(ACCOUNT_PATHS.linkCheck, { token: first, purpose: "ACTIVATION" })).json().state).toBe(
      "UNKNOWN",
    );
    const second = await ask();
    expect(await check(first)).toBe("USED");
    expect(await check(second)).toBe("VALID");
    testApp.clock.advanceMinutes(31);
    expect(await check(second)).toBe("EXPIRED");
    expect(await check("A".repeat(43))).toBe("UNKNOWN");
    expect(
      (await post(ACCOUNT_PATHS.linkCheck, { token: "short", purpose: "PASSWORD_RESET" })).statusCode,
    ).toBe(400);
  });
});
