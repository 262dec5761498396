import { calendarDateIn, DAY_MS } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { nextLateEveningUtc } from "../../../test-support/late-evening.js";
import {
  auditRowsOf,
  BASE,
  enrolFamily,
  type Family,
  MISSING_ENTITY,
} from "../../../test-support/modules/member-details.js";
import { createTestApp, type TestApp, type TestBrowser } from "../../../test-support/test-app.js";
import { insertDoctorAllocations, insertWaitingPeriods } from "./cover-repository.js";

// GET /policy-exclusions/{entityNumber}/waiting-periods?asAtDate= and the doctor allocations of
// /patient/{patientEntityNumber}/doctor-allocation-details and /doctor-allocation/{allocationType}.

describe.each(TEST_DATABASE_KINDS)("waiting periods and doctor allocations on %s", (kind) => {
  let testApp: TestApp;
  let family: Family;
  let today: string;
  let tomorrow: string;
  const GP = {
    allocationType: "GP" as const,
    practiceNumber: "0011223",
    practiceName: "Test Practice",
    doctorName: "Dr Test",
  };
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    // Near midnight, where the UTC day and the scheme's day differ: "today" is the scheme's.
    testApp.clock.now = nextLateEveningUtc(testApp.clock.now);
    family = await enrolFamily(testApp);
    const utcDay = (instant: number) => calendarDateIn("UTC", new Date(instant));
    today = utcDay(testApp.clock.now.getTime() + DAY_MS);
    tomorrow = utcDay(testApp.clock.now.getTime() + 2 * DAY_MS);
    const db = testApp.database.db;
    await insertWaitingPeriods(db, family.principal.entityNumber, [
      { type: "GENERAL", condition: null, startDate: "2026-01-01", endDate: "2026-03-31" },
      {
        type: "CONDITION_SPECIFIC",
        condition: "Hip replacement",
        startDate: "2026-01-01",
        endDate: "2026-12-31",
      },
      { type: "GENERAL", condition: null, startDate: today, endDate: today },
    ]);
    await insertWaitingPeriods(db, family.spouse, [
      { type: "CONDITION_SPECIFIC", condition: "Asthma", startDate: "2026-02-01", endDate: "2027-01-31" },
    ]);
    await insertDoctorAllocations(db, family.principal.entityNumber, [
      { ...GP, doctorName: "Dr Former", startDate: "2020-01-01", endDate: "2023-12-31" },
      { ...GP, startDate: "2024-01-01", endDate: null },
      { ...GP, allocationType: "DENTIST", doctorName: "Dr Later", startDate: tomorrow, endDate: null },
    ]);
  });
  afterAll(async () => testApp.close());

  const get = (browser: TestBrowser, path: string, requestId = "cover-read") =>
    browser.request({ method: "GET", url: `${BASE}${path}`, headers: { "x-request-id": requestId } });
  const periodsPath = (entity: number, asAtDate?: string) =>
    `/policy-exclusions/${entity}/waiting-periods${asAtDate ? `?asAtDate=${asAtDate}` : ""}`;

  describe("GET /policy-exclusions/{entityNumber}/waiting-periods", () => {
    it("answers the periods in force on the date, start and end days included", async () => {
      const { principal } = family;
      const onFirst = await get(principal.browser, periodsPath(principal.entityNumber, "2026-01-01"));
      expect(onFirst.statusCode).toBe(200);
      expect(onFirst.headers["cache-control"]).toBe("private, no-store");
      expect(onFirst.json()).toEqual({
        entityNumber: principal.entityNumber,
        asAtDate: "2026-01-01",
        waitingPeriods: [
          { type: "GENERAL", condition: null, startDate: "2026-01-01", endDate: "2026-03-31" },
          {
            type: "CONDITION_SPECIFIC",
            condition: "Hip replacement",
            startDate: "2026-01-01",
            endDate: "2026-12-31",
          },
        ],
      });
      const inApril = (
        await get(principal.browser, periodsPath(principal.entityNumber, "2026-04-01"))
      ).json();
      expect(inApril.waitingPeriods.map((period: { type: string }) => period.type)).toEqual([
        "CONDITION_SPECIFIC",
      ]);
      const before = (await get(principal.browser, periodsPath(principal.entityNumber, "2025-12-31"))).json();
      expect(before.waitingPeriods).toEqual([]);
      expect(await auditRowsOf(testApp, principal.entityNumber)).toEqual([]);
    });

    it("uses today in the scheme's time zone when asAtDate is absent, already tomorrow in UTC terms", async () => {
      const body = (await get(family.principal.browser, periodsPath(family.principal.entityNumber))).json();
      expect(body.asAtDate).toBe(today);
      expect(body.asAtDate).not.toBe(calendarDateIn("UTC", testApp.clock.now));
      expect(body.waitingPeriods).toContainEqual({
        type: "GENERAL",
        condition: null,
        startDate: today,
        endDate: today,
      });
    });

    it.each(["2026-02-30", "2026-13-01", "26-01-01", "today", "2026-1-1"])(
      "refuses asAtDate=%s with 400",
      async (date) => {
        const answer = await get(family.principal.browser, periodsPath(family.principal.entityNumber, date));
        expect(answer.statusCode).toBe(400);
        expect(answer.json().exceptionCode).toBe("VALIDATION_FAILED");
      },
    );

    it("answers a dependent's periods to the principal, audited, and 404 to others", async () => {
      const other = await enrolFamily(testApp);
      await insertWaitingPeriods(testApp.database.db, other.spouse, [
        { type: "GENERAL", condition: null, startDate: "2026-01-01", endDate: "2026-12-31" },
      ]);
      const spouse = await get(
        other.principal.browser,
        periodsPath(other.spouse, "2026-06-01"),
        "spouse-periods",
      );
      expect(spouse.json().waitingPeriods).toHaveLength(1);
      expect(await auditRowsOf(testApp, other.principal.entityNumber)).toEqual([
        {
          actorEntityNumber: other.principal.entityNumber,
          subjectEntityNumber: other.spouse,
          resource: "waiting-periods",
          action: "READ",
          at: testApp.clock.now,
          requestId: "spouse-periods",
        },
      ]);
      const refused = await get(family.principal.browser, periodsPath(other.spouse, "2026-06-01"));
      const missing = await get(family.principal.browser, periodsPath(MISSING_ENTITY, "2026-06-01"));
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual(missing.json());
    });
  });

  describe("doctor allocations", () => {
    it("answers every allocation of the patient, newest first", async () => {
      const answer = await get(
        family.principal.browser,
        `/patient/${family.principal.entityNumber}/doctor-allocation-details`,
      );
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        patientEntityNumber: family.principal.entityNumber,
        allocations: [
          { ...GP, allocationType: "DENTIST", doctorName: "Dr Later", startDate: tomorrow, endDate: null },
          { ...GP, startDate: "2024-01-01", endDate: null },
          { ...GP, doctorName: "Dr Former", startDate: "2020-01-01", endDate: "2023-12-31" },
        ],
      });
      const none = await get(family.principal.browser, `/patient/${family.spouse}/doctor-allocation-details`);
      expect(none.json()).toEqual({ patientEntityNumber: family.spouse, allocations: [] });
    });

    it("answers the allocation of a type in force today, or null", async () => {
      const path = (type: string) => `/patient/${family.principal.entityNumber}/doctor-allocation/${type}`;
      expect((await get(family.principal.browser, path("GP"))).json()).toEqual({
        patientEntityNumber: family.principal.entityNumber,
        allocationType: "GP",
        allocation: { ...GP, startDate: "2024-01-01", endDate: null },
      });
      // The dentist allocation starts tomorrow.
      expect((await get(family.principal.browser, path("DENTIST"))).json().allocation).toBeNull();
      expect((await get(family.principal.browser, path("SPECIALIST"))).json().allocation).toBeNull();
      const unknown = await get(family.principal.browser, path("SURGEON"));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().exceptionCode).toBe("VALIDATION_FAILED");
    });

    it("counts an allocation starting today in the scheme's time zone as in force", async () => {
      const { child } = family;
      await insertDoctorAllocations(testApp.database.db, child.entityNumber, [
        { ...GP, startDate: today, endDate: null },
      ]);
      const answer = await get(child.browser, `/patient/${child.entityNumber}/doctor-allocation/GP`);
      expect(answer.json().allocation).toEqual({ ...GP, startDate: today, endDate: null });
    });

    it("audits a dependent's allocations and answers 404 beyond reach", async () => {
      const other = await enrolFamily(testApp);
      const child = await get(
        other.principal.browser,
        `/patient/${other.child.entityNumber}/doctor-allocation/GP`,
        "child-gp",
      );
      expect(child.statusCode).toBe(200);
      expect((await auditRowsOf(testApp, other.principal.entityNumber)).map((row) => row.resource)).toEqual([
        "doctor-allocations",
      ]);
      for (const path of [
        `/patient/${family.principal.entityNumber}/doctor-allocation-details`,
        `/patient/${family.principal.entityNumber}/doctor-allocation/GP`,
      ]) {
        expect((await get(other.principal.browser, path)).statusCode).toBe(404);
        expect((await get(family.child.browser, path)).statusCode).toBe(404);
      }
    });
  });
});
