import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import {
  auditRowsOf,
  BASE,
  enrolFamily,
  type Family,
  MISSING_ENTITY,
} from "../../../test-support/modules/member-details.js";
import { createTestApp, type TestApp, type TestBrowser } from "../../../test-support/test-app.js";
import { grantRoles } from "../access/index.js";

// GET /member-details/ and /member-details/{memberEntityNumber} with the addresses flag, and the
// role check of /member-details/member/{entityNumber}/roles/{roles}.

describe.each(TEST_DATABASE_KINDS)("member-details profile routes on %s", (kind) => {
  let testApp: TestApp;
  let family: Family;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    family = await enrolFamily(testApp);
  });
  afterAll(async () => testApp.close());

  const get = (browser: TestBrowser, path: string) =>
    browser.request({ method: "GET", url: `${BASE}${path}` });

  describe("GET /member-details/", () => {
    it("answers the member's own details, addresses only with addresses=true, and audits nothing", async () => {
      const plain = await get(family.principal.browser, "/member-details/");
      expect(plain.statusCode).toBe(200);
      expect(plain.headers["cache-control"]).toBe("private, no-store");
      expect(plain.json()).toMatchObject({
        entityNumber: family.principal.entityNumber,
        title: "Mrs",
        phoneNumbers: [
          { type: "MOBILE", number: "+27 82 000 0001" },
          { type: "HOME", number: "+27 11 000 0002" },
        ],
      });
      expect(plain.json()).not.toHaveProperty("addresses");
      expect(
        (await get(family.principal.browser, "/member-details/?addresses=false")).json(),
      ).not.toHaveProperty("addresses");
      const withAddresses = (await get(family.principal.browser, "/member-details/?addresses=true")).json();
      expect(withAddresses.addresses.map((address: { type: string }) => address.type)).toEqual([
        "POSTAL",
        "RESIDENTIAL",
      ]);
      expect(withAddresses).not.toHaveProperty("dependents");
      expect(withAddresses).not.toHaveProperty("emergencyContacts");
      expect(await auditRowsOf(testApp, family.principal.entityNumber)).toEqual([]);
    });

    it("refuses a wrong flag (400) and a request without a session (401)", async () => {
      const wrong = await get(family.principal.browser, "/member-details/?addresses=yes");
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().exceptionCode).toBe("VALIDATION_FAILED");
      const anonymous = await testApp.app.inject({ method: "GET", url: `${BASE}/member-details/` });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe("GET /member-details/{memberEntityNumber}", () => {
    it("answers oneself unaudited and a dependent audited", async () => {
      const other = await enrolFamily(testApp);
      const own = await get(other.principal.browser, `/member-details/${other.principal.entityNumber}`);
      expect(own.statusCode).toBe(200);
      expect(own.json().entityNumber).toBe(other.principal.entityNumber);
      expect(await auditRowsOf(testApp, other.principal.entityNumber)).toEqual([]);

      const spouse = await other.principal.browser.request({
        method: "GET",
        url: `${BASE}/member-details/${other.spouse}?addresses=true`,
        headers: { "x-request-id": "profile-read-of-spouse" },
      });
      expect(spouse.statusCode).toBe(200);
      expect(spouse.json()).toMatchObject({ entityNumber: other.spouse, firstName: "Spouse", addresses: [] });
      expect(await auditRowsOf(testApp, other.principal.entityNumber)).toEqual([
        {
          actorEntityNumber: other.principal.entityNumber,
          subjectEntityNumber: other.spouse,
          resource: "member-details",
          action: "READ",
          at: testApp.clock.now,
          requestId: "profile-read-of-spouse",
        },
      ]);
    });

    it("answers 404 for another member and a missing entity alike, 400 for a malformed number", async () => {
      const other = await enrolFamily(testApp);
      const refused = await get(family.principal.browser, `/member-details/${other.principal.entityNumber}`);
      const missing = await get(family.principal.browser, `/member-details/${MISSING_ENTITY}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual(missing.json());
      expect((await get(family.principal.browser, "/member-details/abc")).statusCode).toBe(400);
      expect((await get(family.principal.browser, "/member-details/0")).statusCode).toBe(400);
    });
  });

  describe("GET /member-details/member/{entityNumber}/roles/{roles}", () => {
    it("answers for each role asked, in the order asked, whether the entity holds it", async () => {
      const answer = await get(
        family.principal.browser,
        `/member-details/member/${family.principal.entityNumber}/roles/STAFF_AGENT,MEMBER,MEMBER`,
      );
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        entityNumber: family.principal.entityNumber,
        roles: [
          { role: "STAFF_AGENT", held: false },
          { role: "MEMBER", held: true },
        ],
      });
    });

    it("answers for a dependent (audited) and 404 for anyone else", async () => {
      const other = await enrolFamily(testApp);
      await grantRoles(testApp.database.db, other.spouse, ["MEMBER"]);
      const spouse = await get(
        other.principal.browser,
        `/member-details/member/${other.spouse}/roles/MEMBER`,
      );
      expect(spouse.json()).toEqual({ entityNumber: other.spouse, roles: [{ role: "MEMBER", held: true }] });
      expect((await auditRowsOf(testApp, other.principal.entityNumber)).map((row) => row.resource)).toEqual([
        "roles",
      ]);
      const refused = await get(
        family.principal.browser,
        `/member-details/member/${other.spouse}/roles/MEMBER`,
      );
      expect(refused.statusCode).toBe(404);
    });

    it("refuses an unknown or empty role with 400", async () => {
      const me = family.principal.entityNumber;
      for (const roles of ["ADMIN", "MEMBER,ADMIN", "member", ","]) {
        const answer = await get(family.principal.browser, `/member-details/member/${me}/roles/${roles}`);
        expect({ roles, status: answer.statusCode }).toEqual({ roles, status: 400 });
      }
    });
  });
});
