import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import {
  auditRowsOf,
  BASE,
  enrolFamily,
  type Family,
  loggedInStaff,
} from "../../../test-support/modules/member-details.js";
import { createTestApp, type TestApp, type TestBrowser } from "../../../test-support/test-app.js";
import { insertPersonWithoutLogin, insertProfile } from "./enrolment-repository.js";

// POST /member-search: staff only; a member gets 403 FORBIDDEN whatever they send.

describe.each(TEST_DATABASE_KINDS)("POST /member-search on %s", (kind) => {
  let testApp: TestApp;
  let family: Family;
  let staff: Awaited<ReturnType<typeof loggedInStaff>>;
  /** A surname no other test person has. */
  const surname = `Zz${kind}Searchable`;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    family = await enrolFamily(testApp);
    staff = await loggedInStaff(testApp);
  });
  afterAll(async () => testApp.close());

  const search = (browser: TestBrowser, payload: unknown, requestId = "member-search") =>
    browser.request({
      method: "POST",
      url: `${BASE}/member-search`,
      payload: payload as object,
      headers: { "x-request-id": requestId },
    });

  it("finds a member by membership number, audited as a read by the staff member", async () => {
    const answer = await search(staff.browser, { membershipNumber: `M${family.principal.entityNumber}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    expect(answer.json()).toEqual({
      members: [
        {
          entityNumber: family.principal.entityNumber,
          membershipNumber: `M${family.principal.entityNumber}`,
          firstName: "Test",
          lastName: expect.stringMatching(/^Member \d+$/),
        },
      ],
    });
    // The staff member's own sign-in (audited) left out.
    const rows = (await auditRowsOf(testApp, staff.entityNumber)).filter(
      (row) => row.resource !== "staff-sign-in",
    );
    expect(rows).toEqual([
      {
        actorEntityNumber: staff.entityNumber,
        subjectEntityNumber: family.principal.entityNumber,
        resource: "member-search",
        action: "READ",
        at: testApp.clock.now,
        requestId: "member-search",
      },
    ]);
  });

  it("finds by the start of a surname, case-insensitively, in name order; wildcards match as typed", async () => {
    const db = testApp.database.db;
    const bea = await insertPersonWithoutLogin(db, { firstName: "Bea", lastName: `${surname}-Two` });
    const al = await insertPersonWithoutLogin(db, { firstName: "Al", lastName: surname });
    await insertProfile(db, al, { membershipNumber: `S${al}` });
    const answer = await search(staff.browser, { surname: ` ${surname.toLowerCase()} ` });
    expect(answer.json().members).toEqual([
      { entityNumber: al, membershipNumber: `S${al}`, firstName: "Al", lastName: surname },
      { entityNumber: bea, membershipNumber: null, firstName: "Bea", lastName: `${surname}-Two` },
    ]);
    expect((await search(staff.browser, { surname: "%%" })).json()).toEqual({ members: [] });
    expect((await search(staff.browser, { surname: "__" })).json()).toEqual({ members: [] });
    expect((await search(staff.browser, { membershipNumber: "NOBODY" })).json()).toEqual({ members: [] });
  });

  it("finds by the start of any word of a compound surname, not by letters inside a word", async () => {
    const db = testApp.database.db;
    const compound = await insertPersonWithoutLogin(db, {
      firstName: "Anri",
      lastName: `van der ${surname}Merwe`,
    });
    const found = {
      entityNumber: compound,
      membershipNumber: null,
      firstName: "Anri",
      lastName: `van der ${surname}Merwe`,
    };
    for (const typed of [
      `${surname}Merwe`,
      `${surname.slice(0, 6)}`,
      `van der ${surname}`,
      `Anri ${surname}`,
    ]) {
      expect((await search(staff.browser, { surname: typed })).json().members, typed).toContainEqual(found);
    }
    for (const typed of [`${surname.slice(2)}Merwe`, `${surname}Merwe Smith`, `${surname}:* | a`]) {
      expect((await search(staff.browser, { surname: typed })).json().members, typed).not.toContainEqual(
        found,
      );
    }
  });

  it("answers a short list: at most 20", async () => {
    const db = testApp.database.db;
    for (let index = 0; index < 21; index += 1) {
      await insertPersonWithoutLogin(db, { firstName: `Many${index}`, lastName: `${surname}Many` });
    }
    const supervisor = await loggedInStaff(testApp, "STAFF_SUPERVISOR");
    const answer = await search(supervisor.browser, { surname: `${surname}Many` });
    expect(answer.json().members).toHaveLength(20);
  });

  it.each([
    ["an empty body", {}],
    ["both criteria", { membershipNumber: "1", surname: "Smith" }],
    ["a one-letter surname", { surname: "S" }],
    ["a malformed membership number", { membershipNumber: "1 OR 1=1" }],
    ["an unknown field", { idNumber: "8001015009087" }],
  ])("refuses %s from staff with 400", async (_case, payload) => {
    const answer = await search(staff.browser, payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().exceptionCode).toBe("VALIDATION_FAILED");
  });

  it("refuses members, principal or dependent, with 403 FORBIDDEN, valid body or not, auditing nothing", async () => {
    for (const browser of [family.principal.browser, family.child.browser]) {
      for (const payload of [{ membershipNumber: `M${family.principal.entityNumber}` }, {}]) {
        const answer = await search(browser, payload);
        expect(answer.statusCode).toBe(403);
        expect(answer.json()).toMatchObject({ status: 403, exceptionCode: "FORBIDDEN" });
      }
    }
    expect(await auditRowsOf(testApp, family.principal.entityNumber)).toEqual([]);
    expect(await auditRowsOf(testApp, family.child.entityNumber)).toEqual([]);
  });

  it("refuses staff without the anti-forgery token (403 XSRF_REJECTED)", async () => {
    const answer = await staff.browser.request({
      method: "POST",
      url: `${BASE}/member-search`,
      payload: { surname },
      withXsrf: false,
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().exceptionCode).toBe("XSRF_REJECTED");
  });
});
