import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import {
  auditRowsOf,
  BASE,
  enrolFamily,
  type Family,
  loggedInStaff,
  MISSING_ENTITY,
} from "../../../test-support/modules/member-details.js";
import { createTestApp, type TestApp, type TestBrowser } from "../../../test-support/test-app.js";
import { normaliseProfilePicture } from "./profile-picture-image.js";
import { saveProfilePicture } from "./profile-picture-repository.js";

// The member self-service paths that name an entity, tried by member
// A (a principal with a spouse and a child who logs in), member B, A's child and a staff member.
// What the rules refuse must be the very same 404 an entity that does not exist gets.

const entityPaths = (entity: number) => [
  `/member-details/${entity}`,
  `/member-details/${entity}?addresses=true`,
  `/member-details/member/${entity}/roles/MEMBER,STAFF_AGENT`,
  `/permissions/${entity}?permissions=VIEW_CLAIMS`,
  `/permissions/${entity}/DENTISTRY?permissions=VIEW_CLAIMS&permissions=ORDER_MEMBERSHIP_CARD`,
  `/policy-exclusions/${entity}/waiting-periods`,
  `/policy-exclusions/${entity}/waiting-periods?asAtDate=2026-06-01`,
  `/patient/${entity}/doctor-allocation-details`,
  `/patient/${entity}/doctor-allocation/GP`,
  `/profile-picture/${entity}`,
  `/profile-picture/${entity}/base64?width=8&height=8&crop=true`,
];

/** Everyone in a family gets a picture, so that a refused picture cannot be told from a missing one. */
async function givePictures(testApp: TestApp, entities: readonly number[]) {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
  const picture = await normaliseProfilePicture(png);
  for (const entity of entities) {
    await saveProfilePicture(testApp.database.db, entity, picture, new Date());
  }
}

describe.each(TEST_DATABASE_KINDS)("member self-service access on %s", (kind) => {
  let testApp: TestApp;
  let a: Family;
  let b: Family;
  let staff: Awaited<ReturnType<typeof loggedInStaff>>;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    a = await enrolFamily(testApp);
    b = await enrolFamily(testApp);
    staff = await loggedInStaff(testApp, "STAFF_SUPERVISOR");
    for (const family of [a, b]) {
      await givePictures(testApp, [family.principal.entityNumber, family.spouse, family.child.entityNumber]);
    }
    await givePictures(testApp, [staff.entityNumber]);
  });
  afterAll(async () => testApp.close());

  const get = (browser: TestBrowser, path: string) =>
    browser.request({ method: "GET", url: `${BASE}${path}` });

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

  async function expectReached(browser: TestBrowser, entity: number) {
    for (const path of entityPaths(entity)) {
      const answer = await get(browser, path);
      expect({ path, status: answer.statusCode }).toEqual({ path, status: 200 });
    }
  }

  it("member A reaches themselves and both dependents on every path", async () => {
    await expectReached(a.principal.browser, a.principal.entityNumber);
    await expectReached(a.principal.browser, a.spouse);
    await expectReached(a.principal.browser, a.child.entityNumber);
  });

  it("member A gets 404 for member B and B's dependents on every path", async () => {
    await expectRefused(a.principal.browser, b.principal.entityNumber);
    await expectRefused(a.principal.browser, b.spouse);
    await expectRefused(a.principal.browser, b.child.entityNumber);
  });

  it("member B gets 404 for A and A's family, and writes no audit row", async () => {
    await expectRefused(b.principal.browser, a.principal.entityNumber);
    await expectRefused(b.principal.browser, a.spouse);
    await expectRefused(b.principal.browser, a.child.entityNumber);
    expect(await auditRowsOf(testApp, b.principal.entityNumber)).toEqual([]);
  });

  it("A's child reaches only themselves", async () => {
    await expectReached(a.child.browser, a.child.entityNumber);
    await expectRefused(a.child.browser, a.principal.entityNumber);
    await expectRefused(a.child.browser, a.spouse);
    await expectRefused(a.child.browser, b.principal.entityNumber);
  });

  it("staff reach no member's entity through these paths: search is their only way in", async () => {
    await expectReached(staff.browser, staff.entityNumber);
    for (const entity of [
      a.principal.entityNumber,
      a.spouse,
      a.child.entityNumber,
      b.principal.entityNumber,
    ]) {
      await expectRefused(staff.browser, entity);
    }
    // Nothing but the staff member's own sign-in (audited) is on record.
    expect((await auditRowsOf(testApp, staff.entityNumber)).map((row) => row.resource)).toEqual([
      "staff-sign-in",
    ]);
  });

  it("every read of a dependent's data by A is audited, one row per read, naming the dependent", async () => {
    const before = (await auditRowsOf(testApp, a.principal.entityNumber)).length;
    await expectReached(a.principal.browser, a.spouse);
    const rows = (await auditRowsOf(testApp, a.principal.entityNumber)).slice(before);
    expect(rows).toHaveLength(entityPaths(a.spouse).length - 2);
    expect(rows.every((row) => row.subjectEntityNumber === a.spouse && row.action === "READ")).toBe(true);
    expect(new Set(rows.map((row) => row.resource))).toEqual(
      new Set(["member-details", "roles", "waiting-periods", "doctor-allocations", "profile-picture"]),
    );
  });
});
