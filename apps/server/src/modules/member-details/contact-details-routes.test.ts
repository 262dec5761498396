import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { auditRowsOf, BASE, enrolFamily, type Family } from "../../../test-support/modules/member-details.js";
import { createTestApp, type TestApp, TestBrowser } from "../../../test-support/test-app.js";

// POST /member-details/: the member replaces their own e-mail addresses, phone numbers and
// addresses; validated by the domain's rules, written in one transaction with an audit row.

const validUpdate = () => ({
  emails: [" new.first@example.com ", "new.second@example.org"],
  phoneNumbers: [{ type: "WORK", number: "+27 (11) 555-0100" }],
  addresses: [
    {
      type: "RESIDENTIAL",
      line1: "22 New Street",
      line2: "",
      suburb: "Newtown",
      city: "Johannesburg",
      province: null,
      postalCode: "2001",
      country: "South Africa",
    },
  ],
});

describe.each(TEST_DATABASE_KINDS)("POST /member-details/ on %s", (kind) => {
  let testApp: TestApp;
  let family: Family;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    family = await enrolFamily(testApp);
  });
  afterAll(async () => testApp.close());

  const post = (browser: TestBrowser, payload: unknown, options: { withXsrf?: boolean } = {}) =>
    browser.request({
      method: "POST",
      url: `${BASE}/member-details/`,
      payload: payload as object,
      headers: { "x-request-id": "contact-details-change" },
      ...options,
    });
  const current = async (browser: TestBrowser) =>
    (await browser.request({ method: "GET", url: `${BASE}/member-details/?addresses=true` })).json();

  it("replaces the contact details, answers them as they now stand and audits the change", async () => {
    const answer = await post(family.principal.browser, {
      ...validUpdate(),
      currentPassword: family.principal.password,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    const expected = {
      entityNumber: family.principal.entityNumber,
      emails: [{ address: "new.first@example.com" }, { address: "new.second@example.org" }],
      phoneNumbers: [{ type: "WORK", number: "+27 (11) 555-0100" }],
      addresses: [{ ...validUpdate().addresses[0], line2: null }],
    };
    expect(answer.json()).toMatchObject(expected);
    expect(await current(family.principal.browser)).toMatchObject(expected);
    // Who, whose, which resource, which request: never the data.
    const audited = (resource: string) => ({
      actorEntityNumber: family.principal.entityNumber,
      subjectEntityNumber: family.principal.entityNumber,
      resource,
      action: "UPDATE",
      at: testApp.clock.now,
      requestId: "contact-details-change",
    });
    expect(await auditRowsOf(testApp, family.principal.entityNumber)).toEqual([
      audited("email-change"),
      audited("phone-change"),
      {
        actorEntityNumber: family.principal.entityNumber,
        subjectEntityNumber: family.principal.entityNumber,
        resource: "contact-details",
        action: "UPDATE",
        at: testApp.clock.now,
        requestId: "contact-details-change",
      },
    ]);
  });

  it("changes only the member's own details, never a dependent's", async () => {
    const other = await enrolFamily(testApp);
    await post(other.child.browser, {
      emails: ["child@example.com"],
      phoneNumbers: [],
      addresses: [],
      currentPassword: other.child.password,
    });
    expect((await current(other.child.browser)).emails).toEqual([{ address: "child@example.com" }]);
    expect((await current(other.principal.browser)).addresses).toHaveLength(2);
  });

  it.each([
    ["no e-mail address", { emails: [] }],
    ["a malformed e-mail address", { emails: ["not-an-address"] }],
    ["an e-mail address twice", { emails: ["a@example.com", "A@example.com"] }],
    ["six e-mail addresses", { emails: [1, 2, 3, 4, 5, 6].map((n) => `m${n}@example.com`) }],
    ["a phone number with letters", { phoneNumbers: [{ type: "MOBILE", number: "call me" }] }],
    ["a phone number too short", { phoneNumbers: [{ type: "MOBILE", number: "12345" }] }],
    ["an unknown phone type", { phoneNumbers: [{ type: "FAX", number: "+27 11 555 0100" }] }],
    ["two residential addresses", { addresses: [validUpdate().addresses[0], validUpdate().addresses[0]] }],
    ["an address without a city", { addresses: [{ ...validUpdate().addresses[0], city: " " }] }],
    ["a malformed postal code", { addresses: [{ ...validUpdate().addresses[0], postalCode: "<b>" }] }],
    ["a missing section", { phoneNumbers: undefined }],
  ])("refuses %s with 400, changing nothing and auditing nothing", async (_case, change) => {
    const other = await enrolFamily(testApp);
    const before = await current(other.principal.browser);
    const answer = await post(other.principal.browser, { ...validUpdate(), ...change });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().exceptionCode).toBe("VALIDATION_FAILED");
    expect(answer.body).not.toContain("@example");
    expect(await current(other.principal.browser)).toEqual(before);
    expect(await auditRowsOf(testApp, other.principal.entityNumber)).toEqual([]);
  });

  it("refuses a request without the anti-forgery token (403) or without a session (401)", async () => {
    const other = await enrolFamily(testApp);
    const before = await current(other.principal.browser);
    const withoutToken = await post(other.principal.browser, validUpdate(), { withXsrf: false });
    expect(withoutToken.statusCode).toBe(403);
    expect(withoutToken.json().exceptionCode).toBe("XSRF_REJECTED");
    // A browser holding the anti-forgery cookie but no session.
    const anonymous = new TestBrowser(testApp.app);
    await anonymous.visit();
    const withoutSession = await post(anonymous, validUpdate());
    expect(withoutSession.statusCode).toBe(401);
    expect(await current(other.principal.browser)).toEqual(before);
    expect(await auditRowsOf(testApp, other.principal.entityNumber)).toEqual([]);
  });
});
