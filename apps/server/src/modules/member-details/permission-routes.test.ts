import { PERMISSIONS } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import {
  auditRowsOf,
  BASE,
  enrolFamily,
  type Family,
  loggedInStaff,
  MISSING_ENTITY,
  TEST_SCHEME,
} from "../../../test-support/modules/member-details.js";
import { createTestApp, type TestApp, type TestBrowser } from "../../../test-support/test-app.js";
import { ensurePlan, insertPolicy, insertPolicyDependent } from "./enrolment-repository.js";

// GET /permissions, /permissions/{entityNumber}, /permissions/{entityNumber}/{policyBenefit}: each
// permission asked answered from the asker's roles and their relationship to the entity.

const query = (permissions: readonly string[]) =>
  permissions.map((permission) => `permissions=${permission}`).join("&");

describe.each(TEST_DATABASE_KINDS)("permission routes on %s", (kind) => {
  let testApp: TestApp;
  let family: Family;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    family = await enrolFamily(testApp);
  });
  afterAll(async () => testApp.close());

  const get = (browser: TestBrowser, path: string) =>
    browser.request({ method: "GET", url: `${BASE}${path}` });
  /** The permissions granted, as a list, for a path asking for every permission there is. */
  async function granted(browser: TestBrowser, path: string) {
    const answer = await get(browser, `${path}?${query(PERMISSIONS)}`);
    expect(answer.statusCode).toBe(200);
    const body: { permissions: { permission: string; granted: boolean }[] } = answer.json();
    expect(body.permissions.map((entry) => entry.permission)).toEqual(PERMISSIONS);
    return body.permissions.filter((entry) => entry.granted).map((entry) => entry.permission);
  }

  it("answers one permission asked once, and each asked in the order asked, duplicates once", async () => {
    const one = await get(family.principal.browser, "/permissions?permissions=VIEW_CLAIMS");
    expect(one.json()).toEqual({ permissions: [{ permission: "VIEW_CLAIMS", granted: true }] });
    const several = await get(
      family.principal.browser,
      `/permissions?${query(["SEARCH_MEMBERS", "VIEW_CLAIMS", "SEARCH_MEMBERS"])}`,
    );
    expect(several.json()).toEqual({
      permissions: [
        { permission: "SEARCH_MEMBERS", granted: false },
        { permission: "VIEW_CLAIMS", granted: true },
      ],
    });
  });

  it("gives a principal member every member permission for themselves", async () => {
    const own = PERMISSIONS.filter((permission) => permission !== "SEARCH_MEMBERS");
    expect(await granted(family.principal.browser, "/permissions")).toEqual(own);
    expect(await granted(family.principal.browser, `/permissions/${family.principal.entityNumber}`)).toEqual(
      own,
    );
  });

  it("gives the principal the read permissions and card orders for a dependent, not their contact details", async () => {
    const expected = [
      "VIEW_MEMBER_DETAILS",
      "VIEW_CLAIMS",
      "ORDER_MEMBERSHIP_CARD",
      "VIEW_WAITING_PERIODS",
      "VIEW_DOCTOR_ALLOCATIONS",
    ];
    expect(await granted(family.principal.browser, `/permissions/${family.spouse}`)).toEqual(expected);
    expect(
      await granted(family.principal.browser, `/permissions/${family.child.entityNumber}/DENTISTRY`),
    ).toEqual(expected);
  });

  it("gives a dependent who logs in their own reads and contact details, no dependents and no card orders", async () => {
    expect(await granted(family.child.browser, "/permissions")).toEqual([
      "VIEW_MEMBER_DETAILS",
      "VIEW_CLAIMS",
      "UPDATE_CONTACT_DETAILS",
      "VIEW_WAITING_PERIODS",
      "VIEW_DOCTOR_ALLOCATIONS",
    ]);
  });

  it("gives staff member search and no member permission", async () => {
    const staff = await loggedInStaff(testApp);
    expect(await granted(staff.browser, "/permissions")).toEqual(["SEARCH_MEMBERS"]);
  });

  it("answers 404 for an entity out of reach, as for a missing one, and writes no audit row", async () => {
    const other = await enrolFamily(testApp);
    for (const path of [
      `/permissions/${other.principal.entityNumber}`,
      `/permissions/${other.spouse}/DENTISTRY`,
    ]) {
      const refused = await get(family.principal.browser, `${path}?permissions=VIEW_CLAIMS`);
      const missing = await get(
        family.principal.browser,
        `/permissions/${MISSING_ENTITY}?permissions=VIEW_CLAIMS`,
      );
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual(missing.json());
    }
    const parent = await get(
      family.child.browser,
      `/permissions/${family.principal.entityNumber}?permissions=VIEW_CLAIMS`,
    );
    expect(parent.statusCode).toBe(404);
    expect(await auditRowsOf(testApp, family.principal.entityNumber)).toEqual([]);
  });

  it.each([
    ["/permissions", "no permission"],
    ["/permissions?permissions=VIEW_EVERYTHING", "an unknown permission"],
    ["/permissions?permissions=view_claims", "a permission in the wrong case"],
    ["/permissions/abc?permissions=VIEW_CLAIMS", "a malformed entity number"],
  ])("refuses %s (%s) with 400", async (path) => {
    const answer = await get(family.principal.browser, path);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().exceptionCode).toBe("VALIDATION_FAILED");
  });

  it("grants nothing for a benefit the entity's plan does not cover", async () => {
    // The test plan covers HOSPITAL, CHRONIC_MEDICATION and DENTISTRY.
    for (const entity of [family.principal.entityNumber, family.spouse]) {
      expect(await granted(family.principal.browser, `/permissions/${entity}/OPTOMETRY`)).toEqual([]);
      expect(await granted(family.principal.browser, `/permissions/${entity}/HOSPITAL`)).toEqual(
        await granted(family.principal.browser, `/permissions/${entity}`),
      );
    }
  });

  it("asks the plan of the policy linking asker and dependent, never the dependent's other policy", async () => {
    // The child is also a dependent on a newer policy of someone else, on a plan with OPTOMETRY.
    const db = testApp.database.db;
    const other = await enrolFamily(testApp);
    const opticalPlan = await ensurePlan(db, TEST_SCHEME, {
      code: "OPTICAL",
      name: "Optical Plan",
      benefits: ["OPTOMETRY"],
    });
    const otherPolicy = await insertPolicy(db, {
      policyIdentifier: `POL-OPTICAL-${family.child.entityNumber}`,
      planId: opticalPlan,
      principalEntityNumber: other.principal.entityNumber,
      startDate: "2025-06-01",
    });
    await insertPolicyDependent(db, {
      policyId: otherPolicy,
      dependentEntityNumber: family.child.entityNumber,
      relationship: "CHILD",
      dependentCode: "03",
    });
    const child = family.child.entityNumber;
    expect(await granted(family.principal.browser, `/permissions/${child}/OPTOMETRY`)).toEqual([]);
    expect(await granted(family.principal.browser, `/permissions/${child}/DENTISTRY`)).not.toEqual([]);
    expect(await granted(other.principal.browser, `/permissions/${child}/OPTOMETRY`)).not.toEqual([]);
    expect(await granted(other.principal.browser, `/permissions/${child}/DENTISTRY`)).toEqual([]);
  });

  it("refuses a malformed or unknown benefit code with 400", async () => {
    for (const benefit of ["X".repeat(33), "XRAY", "dentistry"]) {
      const path = `/permissions/${family.principal.entityNumber}/${benefit}?permissions=VIEW_CLAIMS`;
      expect((await get(family.principal.browser, path)).statusCode).toBe(400);
    }
  });
});
