import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { auditRowsOf, enrolFamily, type Family, MD } from "../../../test-support/modules/member-details.js";
import { createTestApp, type TestApp, type TestBrowser } from "../../../test-support/test-app.js";

// Every read of another person's data leaves an audit row: who, whose, which resource, when,
// which request. Reads of one's own data leave none. The rows hold no data and cannot be changed.

describe.each(TEST_DATABASE_KINDS)("member-details audit trail on %s", (kind) => {
  let testApp: TestApp;
  let family: Family;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    family = await enrolFamily(testApp);
  });
  afterAll(async () => testApp.close());

  const get = (browser: TestBrowser, path: string, requestId: string) =>
    browser.request({ method: "GET", url: `${MD}${path}`, headers: { "x-request-id": requestId } });

  it("writes no row when members read their own data", async () => {
    const own = family.principal.entityNumber;
    for (const path of [
      "",
      "?emergencyContacts=true&addresses=true",
      "/emergency-contacts",
      "/plan",
      "/scheme",
    ]) {
      expect((await get(family.principal.browser, path, "own-read")).statusCode).toBe(200);
    }
    for (const path of [`/${own}`, `/${own}/plan`, `/${own}/scheme`, `/${own}/emergency-contacts`]) {
      expect((await get(family.principal.browser, path, "own-read")).statusCode).toBe(200);
    }
    const child = family.child.entityNumber;
    for (const path of [
      `/${child}`,
      `/${child}/patient-list-details`,
      `/group-access/${child}`,
      "/dependents",
    ]) {
      expect((await get(family.child.browser, path, "own-read")).statusCode).toBe(200);
    }
    expect(await auditRowsOf(testApp, own)).toEqual([]);
    expect(await auditRowsOf(testApp, child)).toEqual([]);
  });

  it.each([
    ["dependent", (f: Family) => `/dependent/${f.spouse}`, (f: Family) => [f.spouse]],
    ["member-details", (f: Family) => `/${f.spouse}`, (f: Family) => [f.spouse]],
    ["plan", (f: Family) => `/${f.spouse}/plan`, (f: Family) => [f.spouse]],
    ["scheme", (f: Family) => `/${f.child.entityNumber}/scheme`, (f: Family) => [f.child.entityNumber]],
    ["emergency-contacts", (f: Family) => `/${f.spouse}/emergency-contacts`, (f: Family) => [f.spouse]],
    ["patient-list-details", (f: Family) => `/${f.spouse}/patient-list-details`, (f: Family) => [f.spouse]],
    ["group-access", (f: Family) => `/group-access/${f.spouse}`, (f: Family) => [f.spouse]],
    ["dependents", () => "/dependents", (f: Family) => [f.spouse, f.child.entityNumber]],
    ["member-details", () => "?dependents=true", (f: Family) => [f.spouse, f.child.entityNumber]],
    [
      "patient-list-details",
      (f: Family) => `/${f.principal.entityNumber}/patient-list-details`,
      (f: Family) => [f.spouse, f.child.entityNumber],
    ],
    [
      "policy-dependents",
      (f: Family) => `/policies/${f.policyId}/dependents?policyIdentifier=${f.policyIdentifier}`,
      (f: Family) => [f.spouse, f.child.entityNumber],
    ],
  ])("writes one %s row per dependent whose data is read", async (resource, pathOf, subjectsOf) => {
    const actor = family.principal.entityNumber;
    const before = (await auditRowsOf(testApp, actor)).length;
    const requestId = `audit-${resource}-${before}`;
    const answer = await get(family.principal.browser, pathOf(family), requestId);
    expect(answer.statusCode).toBe(200);
    const written = (await auditRowsOf(testApp, actor)).slice(before);
    expect(written).toEqual(
      subjectsOf(family).map((subject) => ({
        actorEntityNumber: actor,
        subjectEntityNumber: subject,
        resource,
        action: "READ",
        at: testApp.clock.now,
        requestId,
      })),
    );
  });

  it("refuses to change or delete audit rows", async () => {
    const db = testApp.database.db;
    await expect(db.execute(sql`update audit_events set resource = 'edited'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_events`)).rejects.toThrow();
    expect((await auditRowsOf(testApp, family.principal.entityNumber)).length).toBeGreaterThan(0);
  });
});
