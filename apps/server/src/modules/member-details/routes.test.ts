import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../test-support/databases.js";
import { addMember, createTestApp, type TestApp, TestBrowser } from "../../test-support/test-app.js";

const DETAILS = "/api/member-details/v2/member-details";

describe.each(TEST_DATABASE_KINDS)("GET /v2/member-details on %s", (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => testApp.close());

  async function logIn(emails: string[]) {
    const member = await addMember(testApp.database, { emails });
    const browser = new TestBrowser(testApp.app);
    expect((await browser.logIn(member.username, member.password)).statusCode).toBe(200);
    return { ...member, browser };
  }

  it("answers the logged-in member's own details, e-mail addresses in their order", async () => {
    const first = await logIn(["first@example.com", "second@example.org"]);
    await logIn(["someone.else@example.com"]);
    const answer = await first.browser.request({ method: "GET", url: DETAILS });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    expect(answer.json()).toEqual({
      entityNumber: first.entityNumber,
      firstName: "Test",
      lastName: expect.stringMatching(/^Member \d+$/),
      emails: [{ address: "first@example.com" }, { address: "second@example.org" }],
    });
  });

  it("accepts the spec's flags and refuses other values", async () => {
    const member = await logIn(["flags@example.com"]);
    const withFlags = await member.browser.request({
      method: "GET",
      url: `${DETAILS}?emergencyContacts=true&dependents=false&addresses=true`,
    });
    expect(withFlags.statusCode).toBe(200);
    const badFlag = await member.browser.request({ method: "GET", url: `${DETAILS}?addresses=maybe` });
    expect(badFlag.statusCode).toBe(400);
  });

  it("answers 401 without a session", async () => {
    const answer = await new TestBrowser(testApp.app).request({ method: "GET", url: DETAILS });
    expect(answer.statusCode).toBe(401);
  });
});
