import { MEMBER_LANGUAGE_PATH } from "@portal/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { addMember, createTestApp, type TestApp, TestBrowser } from "../../../test-support/test-app.js";
import { auditEvents } from "../../db/schema/access.js";
import { members } from "../../db/schema/members.js";
import { AUDIT_RESOURCES } from "../access/audit-trail.js";

describe.each(TEST_DATABASE_KINDS)("the member's kept language on %s", (kind) => {
  let testApp: TestApp;

  beforeAll(async () => {
    // isiZulu and English offered; Afrikaans, though translated, not (MEMBER_LANGUAGES).
    testApp = await createTestApp(kind, { MEMBER_LANGUAGES: "en,zu" });
  });
  afterAll(async () => testApp.close());

  const choose = (browser: TestBrowser, language: string, withXsrf = true) =>
    browser.request({ method: "PUT", url: MEMBER_LANGUAGE_PATH, payload: { language }, withXsrf });
  const sessionOf = async (browser: TestBrowser) =>
    (await browser.request({ method: "GET", url: "/wsg/session" })).json();

  it("keeps the member's choice on the account: the session, a new browser's log-in and the audit trail show it", async () => {
    const member = await addMember(testApp.database);
    const browser = new TestBrowser(testApp.app);
    await browser.logIn(member.username, member.password);
    expect((await sessionOf(browser)).member.language).toBeNull();

    expect((await choose(browser, "zu")).statusCode).toBe(204);
    expect((await sessionOf(browser)).member.language).toBe("zu");

    const newBrowser = new TestBrowser(testApp.app);
    const login = await newBrowser.logIn(member.username, member.password);
    expect(login.json().member.language).toBe("zu");

    const audit = await testApp.database.db
      .select({ subject: auditEvents.subjectEntityNumber })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.actorEntityNumber, member.entityNumber),
          eq(auditEvents.resource, AUDIT_RESOURCES.memberLanguage),
        ),
      );
    expect(audit).toEqual([{ subject: member.entityNumber }]);

    // Back to English: the specification's language, kept as a choice too.
    expect((await choose(browser, "en")).statusCode).toBe(204);
    expect((await sessionOf(newBrowser)).member.language).toBe("en");
  });

  it("refuses a language this installation does not offer, and one that is no member language", async () => {
    const member = await addMember(testApp.database);
    const browser = new TestBrowser(testApp.app);
    await browser.logIn(member.username, member.password);
    const notOffered = await choose(browser, "af");
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json()).toMatchObject({ message: "That language is not offered here." });
    expect((await choose(browser, "fr")).statusCode).toBe(400);
    const [row] = await testApp.database.db
      .select({ language: members.language })
      .from(members)
      .where(eq(members.entityNumber, member.entityNumber));
    expect(row?.language).toBeNull();
  });

  it("needs a member's session and the anti-forgery token", async () => {
    const anonymous = new TestBrowser(testApp.app);
    await anonymous.visit();
    expect((await choose(anonymous, "zu")).statusCode).toBe(401);
    const member = await addMember(testApp.database);
    const browser = new TestBrowser(testApp.app);
    await browser.logIn(member.username, member.password);
    expect((await choose(browser, "zu", false)).statusCode).toBe(403);
  });

  it("offers the configured languages to the web app", async () => {
    const config = (await testApp.app.inject({ method: "GET", url: "/app-config.json" })).json();
    expect(config.memberLanguages).toEqual(["en", "zu"]);
  });
});
