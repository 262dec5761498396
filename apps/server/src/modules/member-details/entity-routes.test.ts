import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { enrolFamily, type Family, MD, TEST_SCHEME } from "../../../test-support/modules/member-details.js";
import { createTestApp, type TestApp, type TestBrowser } from "../../../test-support/test-app.js";

// /v2/member-details/{entityNumber} and its sub-paths, for the member's own entity and a dependent.

describe.each(TEST_DATABASE_KINDS)("member-details routes of an entity on %s", (kind) => {
  let testApp: TestApp;
  let family: Family;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    family = await enrolFamily(testApp);
  });
  afterAll(async () => testApp.close());

  const get = (browser: TestBrowser, url: string) => browser.request({ method: "GET", url });

  it("GET /{n} answers the same as /v2/member-details for the member's own entity, flags included", async () => {
    const flags = "?emergencyContacts=true&dependents=true&addresses=true";
    const own = await get(family.principal.browser, `${MD}${flags}`);
    const byNumber = await get(family.principal.browser, `${MD}/${family.principal.entityNumber}${flags}`);
    expect(byNumber.statusCode).toBe(200);
    expect(byNumber.headers["cache-control"]).toBe("private, no-store");
    expect(byNumber.json()).toEqual(own.json());
  });

  it("GET /{n} answers a dependent's details; flagged sections are the dependent's own", async () => {
    const answer = await get(
      family.principal.browser,
      `${MD}/${family.spouse}?emergencyContacts=true&dependents=true`,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      entityNumber: family.spouse,
      title: "Mr",
      firstName: "Spouse",
      lastName: "Of Principal",
      dateOfBirth: "1979-06-15",
      gender: "MALE",
      identityNumber: null,
      identityType: null,
      membershipNumber: null,
      emails: [],
      phoneNumbers: [],
      emergencyContacts: [
        { name: "Spouse Contact", relationship: "Mother", phoneNumber: "+27 83 000 0005", email: null },
      ],
      dependents: [],
    });
  });

  it("GET /{n}/dependents answers the entity's dependents", async () => {
    const own = await get(family.principal.browser, `${MD}/${family.principal.entityNumber}/dependents`);
    expect(own.json().dependents).toHaveLength(2);
    const spouse = await get(family.principal.browser, `${MD}/${family.spouse}/dependents`);
    expect(spouse.json()).toEqual({ dependents: [] });
  });

  it("GET /{n}/emergency-contacts answers the entity's contacts", async () => {
    const spouse = await get(family.principal.browser, `${MD}/${family.spouse}/emergency-contacts`);
    expect(spouse.statusCode).toBe(200);
    expect(spouse.json().emergencyContacts.map((contact: { name: string }) => contact.name)).toEqual([
      "Spouse Contact",
    ]);
  });

  it("GET /{n}/plan and /{n}/scheme answer the policy the entity is on", async () => {
    for (const entity of [family.principal.entityNumber, family.spouse, family.child.entityNumber]) {
      const plan = await get(family.principal.browser, `${MD}/${entity}/plan`);
      expect(plan.statusCode).toBe(200);
      expect(plan.json()).toMatchObject({ policyId: family.policyId, schemeName: TEST_SCHEME.name });
      const scheme = await get(family.principal.browser, `${MD}/${entity}/scheme`);
      expect(scheme.json()).toEqual({ schemeCode: TEST_SCHEME.code, schemeName: TEST_SCHEME.name });
    }
  });

  it("GET /{n}/patient-list-details lists the principal and the dependents, a dependent only themselves", async () => {
    const principal = await get(
      family.principal.browser,
      `${MD}/${family.principal.entityNumber}/patient-list-details`,
    );
    expect(principal.statusCode).toBe(200);
    expect(principal.json()).toEqual({
      policyId: family.policyId,
      policyIdentifier: family.policyIdentifier,
      patients: [
        {
          entityNumber: family.principal.entityNumber,
          firstName: "Test",
          lastName: expect.any(String),
          dateOfBirth: "1980-02-29",
          dependentCode: "00",
          relationship: "PRINCIPAL",
        },
        {
          entityNumber: family.spouse,
          firstName: "Spouse",
          lastName: "Of Principal",
          dateOfBirth: "1979-06-15",
          dependentCode: "01",
          relationship: "SPOUSE",
        },
        expect.objectContaining({ entityNumber: family.child.entityNumber, dependentCode: "02" }),
      ],
    });
    const child = await get(family.child.browser, `${MD}/${family.child.entityNumber}/patient-list-details`);
    expect(child.json().patients).toEqual([
      expect.objectContaining({
        entityNumber: family.child.entityNumber,
        dependentCode: "02",
        relationship: "CHILD",
      }),
    ]);
  });

  it.each(["abc", "0", "-5", "1.5", "99999999999"])(
    "refuses the entity number %s with 400",
    async (entity) => {
      const answer = await get(family.principal.browser, `${MD}/${entity}/plan`);
      expect(answer.statusCode).toBe(400);
    },
  );
});
