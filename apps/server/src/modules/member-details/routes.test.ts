import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import {
  enrolFamily,
  type Family,
  loggedInMember,
  MD,
  TEST_PLAN,
  TEST_SCHEME,
} from "../../../test-support/modules/member-details.js";
import { createTestApp, type TestApp, TestBrowser } from "../../../test-support/test-app.js";

// The paths that act on the logged-in member: /v2/member-details with its flags, and the
// dependents, dependent, emergency-contacts, group-access, plan, scheme and policy-dependents calls.

describe.each(TEST_DATABASE_KINDS)("member-details routes of the logged-in member on %s", (kind) => {
  let testApp: TestApp;
  let family: Family;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    family = await enrolFamily(testApp);
  });
  afterAll(async () => testApp.close());

  const get = (browser: TestBrowser, url: string) => browser.request({ method: "GET", url });

  describe("GET /v2/member-details", () => {
    it("answers the member's own details, e-mail addresses in their order", async () => {
      const first = await loggedInMember(testApp, ["first@example.com", "second@example.org"]);
      await loggedInMember(testApp, ["someone.else@example.com"]);
      const answer = await get(first.browser, MD);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["cache-control"]).toBe("private, no-store");
      // A member without a profile yet: the personal fields are null, never missing.
      expect(answer.json()).toEqual({
        entityNumber: first.entityNumber,
        title: null,
        firstName: "Test",
        lastName: expect.stringMatching(/^Member \d+$/),
        dateOfBirth: null,
        gender: null,
        identityNumber: null,
        identityType: null,
        membershipNumber: null,
        emails: [{ address: "first@example.com" }, { address: "second@example.org" }],
        phoneNumbers: [],
      });
    });

    it("answers the profile and phone numbers, and no flagged section without its flag", async () => {
      const answer = await get(family.principal.browser, MD);
      expect(answer.statusCode).toBe(200);
      const body = answer.json();
      expect(body).toMatchObject({
        entityNumber: family.principal.entityNumber,
        title: "Mrs",
        dateOfBirth: "1980-02-29",
        gender: "FEMALE",
        identityType: "ID",
        membershipNumber: `M${family.principal.entityNumber}`,
        phoneNumbers: [
          { type: "MOBILE", number: "+27 82 000 0001" },
          { type: "HOME", number: "+27 11 000 0002" },
        ],
      });
      expect(body).not.toHaveProperty("emergencyContacts");
      expect(body).not.toHaveProperty("dependents");
      expect(body).not.toHaveProperty("addresses");
    });

    it.each([
      ["emergencyContacts", ["emergencyContacts"]],
      ["dependents", ["dependents"]],
      ["addresses", ["addresses"]],
      ["emergencyContacts&dependents&addresses", ["emergencyContacts", "dependents", "addresses"]],
    ])("with %s=true adds exactly those sections", async (flags, sections) => {
      const query = flags
        .split("&")
        .map((flag) => `${flag}=true`)
        .join("&");
      const body = (await get(family.principal.browser, `${MD}?${query}`)).json();
      for (const section of ["emergencyContacts", "dependents", "addresses"]) {
        if (sections.includes(section)) expect(body).toHaveProperty(section);
        else expect(body).not.toHaveProperty(section);
      }
    });

    it("fills each flagged section with the member's rows", async () => {
      const answer = await get(
        family.principal.browser,
        `${MD}?emergencyContacts=true&dependents=true&addresses=true`,
      );
      const body = answer.json();
      expect(body.emergencyContacts).toEqual([
        { name: "Contact One", relationship: "Brother", phoneNumber: "+27 83 000 0003", email: null },
        {
          name: "Contact Two",
          relationship: "Friend",
          phoneNumber: "+27 83 000 0004",
          email: "two@example.com",
        },
      ]);
      expect(body.addresses.map((address: { type: string }) => address.type)).toEqual([
        "POSTAL",
        "RESIDENTIAL",
      ]);
      expect(body.addresses[1]).toEqual({
        type: "RESIDENTIAL",
        line1: "1 Test Road",
        line2: null,
        suburb: "Testville",
        city: "Pretoria",
        province: "Gauteng",
        postalCode: "0001",
        country: "South Africa",
      });
      expect(body.dependents).toEqual([
        {
          entityNumber: family.spouse,
          title: "Mr",
          firstName: "Spouse",
          lastName: "Of Principal",
          dateOfBirth: "1979-06-15",
          gender: "MALE",
          relationship: "SPOUSE",
          dependentCode: "01",
          policyId: family.policyId,
        },
        expect.objectContaining({
          entityNumber: family.child.entityNumber,
          relationship: "CHILD",
          dependentCode: "02",
        }),
      ]);
    });

    it("treats a flag set to false as absent and refuses other values", async () => {
      const body = (
        await get(family.principal.browser, `${MD}?emergencyContacts=false&dependents=false`)
      ).json();
      expect(body).not.toHaveProperty("emergencyContacts");
      expect(body).not.toHaveProperty("dependents");
      expect((await get(family.principal.browser, `${MD}?addresses=maybe`)).statusCode).toBe(400);
    });
  });

  it("GET /dependents lists the dependents on the member's policies, and none for a dependent", async () => {
    const answer = await get(family.principal.browser, `${MD}/dependents`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    expect(
      answer.json().dependents.map((dependent: { entityNumber: number }) => dependent.entityNumber),
    ).toEqual([family.spouse, family.child.entityNumber]);
    expect((await get(family.child.browser, `${MD}/dependents`)).json()).toEqual({ dependents: [] });
  });

  it("GET /dependent/{n} answers one dependent with their identity details", async () => {
    const answer = await get(family.principal.browser, `${MD}/dependent/${family.spouse}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      entityNumber: family.spouse,
      title: "Mr",
      firstName: "Spouse",
      lastName: "Of Principal",
      dateOfBirth: "1979-06-15",
      gender: "MALE",
      relationship: "SPOUSE",
      dependentCode: "01",
      policyId: family.policyId,
      identityNumber: null,
      identityType: null,
      membershipNumber: null,
    });
  });

  it("GET /emergency-contacts answers the member's own contacts", async () => {
    const answer = await get(family.principal.browser, `${MD}/emergency-contacts`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().emergencyContacts).toHaveLength(2);
    expect((await get(family.child.browser, `${MD}/emergency-contacts`)).json()).toEqual({
      emergencyContacts: [],
    });
  });

  it("GET /group-access/{n} reports whom the entity reaches", async () => {
    const own = await get(family.principal.browser, `${MD}/group-access/${family.principal.entityNumber}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      entityNumber: family.principal.entityNumber,
      accessibleEntities: [
        {
          entityNumber: family.principal.entityNumber,
          firstName: "Test",
          lastName: expect.any(String),
          relationship: "SELF",
        },
        {
          entityNumber: family.spouse,
          firstName: "Spouse",
          lastName: "Of Principal",
          relationship: "SPOUSE",
        },
        {
          entityNumber: family.child.entityNumber,
          firstName: "Test",
          lastName: expect.any(String),
          relationship: "CHILD",
        },
      ],
    });
    // A dependent reaches only themselves, whoever asks.
    for (const browser of [family.principal.browser, family.child.browser]) {
      const child = await get(browser, `${MD}/group-access/${family.child.entityNumber}`);
      expect(
        child.json().accessibleEntities.map((entity: { relationship: string }) => entity.relationship),
      ).toEqual(["SELF"]);
    }
  });

  it("GET /plan and /scheme answer the policy's plan and scheme, for the principal and a dependent", async () => {
    for (const browser of [family.principal.browser, family.child.browser]) {
      const plan = await get(browser, `${MD}/plan`);
      expect(plan.statusCode).toBe(200);
      expect(plan.json()).toEqual({
        planCode: TEST_PLAN.code,
        planName: TEST_PLAN.name,
        schemeCode: TEST_SCHEME.code,
        schemeName: TEST_SCHEME.name,
        policyId: family.policyId,
        policyIdentifier: family.policyIdentifier,
        startDate: "2024-01-01",
      });
      const scheme = await get(browser, `${MD}/scheme`);
      expect(scheme.json()).toEqual({ schemeCode: TEST_SCHEME.code, schemeName: TEST_SCHEME.name });
    }
  });

  it("GET /plan and /scheme answer 404 for a member on no policy", async () => {
    const loner = await loggedInMember(testApp);
    expect((await get(loner.browser, `${MD}/plan`)).statusCode).toBe(404);
    expect((await get(loner.browser, `${MD}/scheme`)).statusCode).toBe(404);
  });

  it("GET /policies/{policyId}/dependents needs the matching policyIdentifier", async () => {
    const url = `${MD}/policies/${family.policyId}/dependents`;
    const answer = await get(family.principal.browser, `${url}?policyIdentifier=${family.policyIdentifier}`);
    expect(answer.statusCode).toBe(200);
    expect(
      answer.json().dependents.map((dependent: { dependentCode: string }) => dependent.dependentCode),
    ).toEqual(["01", "02"]);
    expect((await get(family.principal.browser, `${url}?policyIdentifier=POL-WRONG`)).statusCode).toBe(404);
    expect((await get(family.principal.browser, url)).statusCode).toBe(400);
    expect(
      (await get(family.principal.browser, `${MD}/policies/abc/dependents?policyIdentifier=x`)).statusCode,
    ).toBe(400);
  });

  it.each([
    "",
    "/dependents",
    "/emergency-contacts",
    "/plan",
    "/scheme",
    "/group-access/70000001",
    "/dependent/70000001",
    "/policies/4000001/dependents?policyIdentifier=x",
  ])("answers 401 without a session: %s", async (path) => {
    const answer = await new TestBrowser(testApp.app).request({ method: "GET", url: `${MD}${path}` });
    expect(answer.statusCode).toBe(401);
  });
});
