import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import {
  auditRowsOf,
  enrolFamily,
  type Family,
  MD,
  MISSING_ENTITY,
  TEST_PLAN,
  TEST_SCHEME,
} from "../../../test-support/modules/member-details.js";
import { createTestApp, type TestApp, type TestBrowser } from "../../../test-support/test-app.js";
import { reachableEntities } from "../access/reach.js";
import {
  ensurePlan,
  insertPersonWithoutLogin,
  insertPolicy,
  insertPolicyDependent,
} from "./enrolment-repository.js";

// The worst bug this product can have is one member reaching another's medical-aid data. Member A
// (a principal with a spouse and a child who logs in), member B (another principal with a family)
// and A's child try every path that names an entity or a policy. What the rules refuse must be the
// very same 404 an entity that does not exist gets, so no one can even learn that it exists.

const entityPaths = (entity: number) => [
  `/dependent/${entity}`,
  `/group-access/${entity}`,
  `/${entity}`,
  `/${entity}?emergencyContacts=true&dependents=true&addresses=true`,
  `/${entity}/dependents`,
  `/${entity}/emergency-contacts`,
  `/${entity}/patient-list-details`,
  `/${entity}/plan`,
  `/${entity}/scheme`,
];

const policyPath = (policyId: number, policyIdentifier: string) =>
  `/policies/${policyId}/dependents?policyIdentifier=${encodeURIComponent(policyIdentifier)}`;

describe.each(TEST_DATABASE_KINDS)("member-details access between members on %s", (kind) => {
  let testApp: TestApp;
  let a: Family;
  let b: Family;
  /** A dependent on the policy A's spouse holds as principal: A's spouse reaches them, A does not. */
  let spousesOwnDependent: number;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    a = await enrolFamily(testApp);
    b = await enrolFamily(testApp);
    const db = testApp.database.db;
    const planId = await ensurePlan(db, TEST_SCHEME, TEST_PLAN);
    const spousePolicy = await insertPolicy(db, {
      policyIdentifier: `POL-SPOUSE-${a.spouse}`,
      planId,
      principalEntityNumber: a.spouse,
      startDate: "2020-03-01",
    });
    spousesOwnDependent = await insertPersonWithoutLogin(db, { firstName: "Step", lastName: "Child" });
    await insertPolicyDependent(db, {
      policyId: spousePolicy,
      dependentEntityNumber: spousesOwnDependent,
      relationship: "CHILD",
      dependentCode: "01",
    });
  });
  afterAll(async () => testApp.close());

  const get = (browser: TestBrowser, path: string) => browser.request({ method: "GET", url: `${MD}${path}` });

  /** Each path for the entity must answer exactly as the same path for an entity that does not exist. */
  async function expectRefused(browser: TestBrowser, entity: number) {
    const missing = entityPaths(MISSING_ENTITY);
    for (const [index, path] of entityPaths(entity).entries()) {
      const answer = await get(browser, path);
      const nothing = await get(browser, missing[index] ?? "");
      expect({ path, status: answer.statusCode, body: answer.json() }).toEqual({
        path,
        status: 404,
        body: nothing.json(),
      });
      expect(answer.body).not.toContain(String(entity));
    }
  }

  /** Every path answers; the dependent/{n} path only for a dependent, not for oneself. */
  async function expectReached(browser: TestBrowser, entity: number, isOwnEntity: boolean) {
    for (const path of entityPaths(entity)) {
      const answer = await get(browser, path);
      const expected = isOwnEntity && path.startsWith("/dependent/") ? 404 : 200;
      expect({ path, status: answer.statusCode }).toEqual({ path, status: expected });
    }
  }

  it("reachableEntities is the actor and the dependents on the actor's policies, nothing else", async () => {
    const db = testApp.database.db;
    expect(await reachableEntities(db, a.principal.entityNumber)).toEqual([
      a.principal.entityNumber,
      a.spouse,
      a.child.entityNumber,
    ]);
    expect(await reachableEntities(db, a.child.entityNumber)).toEqual([a.child.entityNumber]);
    // The spouse is also the principal of a policy of their own: its dependent is theirs to reach.
    expect(await reachableEntities(db, a.spouse)).toEqual([a.spouse, spousesOwnDependent]);
  });

  it("member A reaches their own entity and their dependents on every path", async () => {
    await expectReached(a.principal.browser, a.principal.entityNumber, true);
    await expectReached(a.principal.browser, a.spouse, false);
    await expectReached(a.principal.browser, a.child.entityNumber, false);
  });

  it("member A gets 404 for member B and B's dependents on every path", async () => {
    await expectRefused(a.principal.browser, b.principal.entityNumber);
    await expectRefused(a.principal.browser, b.spouse);
    await expectRefused(a.principal.browser, b.child.entityNumber);
  });

  it("member B gets 404 for member A and A's dependents on every path, and writes no audit row", async () => {
    await expectRefused(b.principal.browser, a.principal.entityNumber);
    await expectRefused(b.principal.browser, a.spouse);
    await expectRefused(b.principal.browser, a.child.entityNumber);
    expect(await auditRowsOf(testApp, b.principal.entityNumber)).toEqual([]);
  });

  it("A's child who logs in reaches only themselves", async () => {
    await expectReached(a.child.browser, a.child.entityNumber, true);
    await expectRefused(a.child.browser, a.principal.entityNumber);
    await expectRefused(a.child.browser, a.spouse);
    await expectRefused(a.child.browser, b.principal.entityNumber);
    await expectRefused(a.child.browser, b.child.entityNumber);
  });

  it("a policy's dependents answer only its principal, with its own identifier", async () => {
    const nothing = await get(a.principal.browser, policyPath(MISSING_ENTITY, "POL-NONE"));
    expect(nothing.statusCode).toBe(404);
    expect((await get(a.principal.browser, policyPath(a.policyId, a.policyIdentifier))).statusCode).toBe(200);
    const refusals: [TestBrowser, string][] = [
      [a.principal.browser, policyPath(b.policyId, b.policyIdentifier)],
      [a.principal.browser, policyPath(b.policyId, a.policyIdentifier)],
      [a.principal.browser, policyPath(a.policyId, b.policyIdentifier)],
      [b.principal.browser, policyPath(a.policyId, a.policyIdentifier)],
      [a.child.browser, policyPath(a.policyId, a.policyIdentifier)],
    ];
    for (const [browser, path] of refusals) {
      const answer = await get(browser, path);
      expect({ path, status: answer.statusCode, body: answer.json() }).toEqual({
        path,
        status: 404,
        body: nothing.json(),
      });
    }
  });

  it("the entity-free paths answer each member's own data only", async () => {
    const aDependents = (await get(a.principal.browser, "/dependents")).json().dependents;
    const bDependents = (await get(b.principal.browser, "/dependents")).json().dependents;
    const entities = (list: { entityNumber: number }[]) => list.map((entry) => entry.entityNumber);
    expect(entities(aDependents)).toEqual([a.spouse, a.child.entityNumber]);
    expect(entities(bDependents)).toEqual([b.spouse, b.child.entityNumber]);
    expect((await get(b.principal.browser, "")).json().entityNumber).toBe(b.principal.entityNumber);
    expect((await get(b.principal.browser, "/plan")).json().policyId).toBe(b.policyId);
  });

  it("member A does not reach the dependents on a policy their own spouse holds", async () => {
    await expectRefused(a.principal.browser, spousesOwnDependent);
    const browser = a.principal.browser;
    const listed = [
      await get(browser, `/${a.spouse}/dependents`),
      await get(browser, `/${a.spouse}?dependents=true`),
      await get(browser, `/${a.spouse}/patient-list-details`),
      await get(browser, `/group-access/${a.spouse}`),
    ];
    for (const answer of listed) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(String(spousesOwnDependent));
      expect(answer.body).not.toContain("Step");
    }
    expect(listed[0]?.json()).toEqual({ dependents: [] });
    expect(listed[1]?.json().dependents).toEqual([]);
    expect(listed[3]?.json().accessibleEntities).toHaveLength(1);
    const audited = await auditRowsOf(testApp, a.principal.entityNumber);
    expect(audited.some((row) => row.subjectEntityNumber === spousesOwnDependent)).toBe(false);
  });
});
