import { ACCOUNT_PATHS } from "@portal/domain";
import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { auditRowsOf, BASE, loggedInMember } from "../../../test-support/modules/member-details.js";
import { createTestApp, type TestApp, type TestBrowser } from "../../../test-support/test-app.js";
import { outboxMails } from "../../db/schema.js";
import { removeExpiredContactChanges } from "./change-contact-details.js";

// A borrowed session (a shared computer, a stolen cookie) must not take an account over: changing
// the e-mail addresses or phone numbers asks for the password again, tells the addresses the member
// had, and for a day a reset link to a new address tells the old ones too.

const OLD = "owner@example.com";
const ATTACKER = "attacker@example.net";

describe.each(TEST_DATABASE_KINDS)("contact details that recover a log-in, on %s", (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => testApp.close());
  afterEach(async () => {
    await testApp.database.db.execute("delete from login_throttle");
  });

  const change = (browser: TestBrowser, payload: object) =>
    browser.request({ method: "POST", url: `${BASE}/member-details/`, payload });
  const details = (emails: string[], extra: object = {}) => ({
    emails,
    phoneNumbers: [{ type: "MOBILE", number: "+27 82 555 0101" }],
    addresses: [],
    ...extra,
  });
  const mailsOf = async (entityNumber: number) =>
    (
      await testApp.database.db
        .select({ kind: outboxMails.kind, to: outboxMails.toAddresses, text: outboxMails.text })
        .from(outboxMails)
        .where(eq(outboxMails.memberEntityNumber, entityNumber))
        .orderBy(asc(outboxMails.id))
    ).map((mail) => ({ kind: mail.kind, to: mail.to, text: mail.text }));
  const emailsOf = async (browser: TestBrowser) =>
    (await browser.request({ method: "GET", url: `${BASE}/member-details/` })).json().emails;

  async function ownerWithPhone() {
    const owner = await loggedInMember(testApp, [OLD]);
    const first = await change(owner.browser, details([OLD], { currentPassword: owner.password }));
    expect(first.statusCode).toBe(200);
    return owner;
  }

  it("refuses to change the e-mail addresses or phone numbers without the current password", async () => {
    const owner = await ownerWithPhone();
    const auditBefore = await auditRowsOf(testApp, owner.entityNumber);
    const mailsBefore = await mailsOf(owner.entityNumber);
    for (const payload of [
      details([ATTACKER]),
      details([OLD], { phoneNumbers: [{ type: "MOBILE", number: "+27 82 555 0199" }] }),
    ]) {
      const refused = await change(owner.browser, payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().exceptionCode).toBe("PASSWORD_REQUIRED");
      const wrong = await change(owner.browser, { ...payload, currentPassword: "Not-The-Password-1" });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().exceptionCode).toBe("PASSWORD_INCORRECT");
    }
    expect(await emailsOf(owner.browser)).toEqual([{ address: OLD }]);
    expect(await auditRowsOf(testApp, owner.entityNumber)).toEqual(auditBefore);
    expect(await mailsOf(owner.entityNumber)).toEqual(mailsBefore);
    // A postal address, and the same addresses in another case, are no such change.
    const postal = await change(owner.browser, details([OLD.toUpperCase()]));
    expect(postal.statusCode).toBe(200);
  });

  it("stops guessing the password through the session after five wrong tries", async () => {
    const owner = await ownerWithPhone();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await change(owner.browser, details([ATTACKER], { currentPassword: `Guess-${attempt}` }));
      expect(wrong.statusCode).toBe(403);
    }
    const locked = await change(owner.browser, details([ATTACKER], { currentPassword: owner.password }));
    expect(locked.statusCode).toBe(429);
    expect(await emailsOf(owner.browser)).toEqual([{ address: OLD }]);
  });

  it("with the password: changes them, audits the change and mails every address the member had", async () => {
    const owner = await ownerWithPhone();
    const before = (await mailsOf(owner.entityNumber)).length;
    const changed = await change(owner.browser, details([ATTACKER], { currentPassword: owner.password }));
    expect(changed.statusCode).toBe(200);
    expect(await emailsOf(owner.browser)).toEqual([{ address: ATTACKER }]);
    const resources = (await auditRowsOf(testApp, owner.entityNumber)).map((row) => row.resource);
    expect(resources.slice(-2)).toEqual(["email-change", "contact-details"]);
    const [told] = (await mailsOf(owner.entityNumber)).slice(before);
    expect(told).toMatchObject({ kind: "CONTACT_DETAILS_CHANGED", to: [OLD] });
    expect(told?.text).toContain("a•••@example.net");
    expect(told?.text).toContain("0860 100 247");
    expect(told?.text).not.toContain(ATTACKER);
  });

  it("tells the old address when a reset link goes to an address added in the last day, and not after", async () => {
    const owner = await ownerWithPhone();
    await change(owner.browser, details([ATTACKER], { currentPassword: owner.password }));
    const before = (await mailsOf(owner.entityNumber)).length;
    const asked = await owner.browser.request({
      method: "POST",
      url: ACCOUNT_PATHS.passwordReset,
      payload: { login: ATTACKER },
    });
    expect(asked.statusCode).toBe(202);
    const mails = (await mailsOf(owner.entityNumber)).slice(before);
    expect(mails.map(({ kind, to }) => ({ kind, to }))).toEqual([
      { kind: "PASSWORD_RESET", to: [ATTACKER] },
      { kind: "PASSWORD_RESET_TO_NEW_ADDRESS", to: [OLD] },
    ]);

    testApp.clock.advanceMinutes(24 * 60 + 1);
    expect(await removeExpiredContactChanges(testApp.database.db, testApp.clock.now)).toBeGreaterThan(0);
    const later = (await mailsOf(owner.entityNumber)).length;
    await testApp.database.db.execute("delete from login_throttle");
    await owner.browser.request({
      method: "POST",
      url: ACCOUNT_PATHS.passwordReset,
      payload: { login: ATTACKER },
    });
    expect((await mailsOf(owner.entityNumber)).slice(later).map((mail) => mail.kind)).toEqual([
      "PASSWORD_RESET",
    ]);
  });
});
