import { CONSOLE_BASE, calendarDateIn } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { memberWithData } from "../../../test-support/modules/data-rights.js";
import { loggedInStaff } from "../../../test-support/modules/member-details.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { addDays } from "./data-requests.js";

// A data request is received on a day that has been: not after today in the scheme's time zone,
// not before 2000. Out of bounds is a 400 with its own code, never a 500 from the database.

describe.each(TEST_DATABASE_KINDS)("the day a data request was received, on %s", (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => testApp.close());

  it("is refused after today and before 2000, and taken today", async () => {
    const io = await loggedInStaff(testApp, "STAFF_INFORMATION_OFFICER");
    const member = await memberWithData(testApp, "dated");
    const today = calendarDateIn("Africa/Johannesburg", testApp.clock.now);
    const record = (receivedOn: string) =>
      io.browser.request({
        method: "POST",
        url: `${CONSOLE_BASE}/data-requests`,
        payload: { entityNumber: member.entityNumber, kind: "ACCESS", receivedOn },
      });
    for (const day of ["9999-12-31", addDays(today, 1), "1999-12-31", "0001-01-01"]) {
      const refused = await record(day);
      expect(refused.statusCode, day).toBe(400);
      expect(refused.json().exceptionCode, day).toBe("DATA_REQUEST_DATE_OUT_OF_RANGE");
    }
    expect((await record(today)).statusCode).toBe(201);
    expect((await record("2000-01-01")).statusCode).toBe(201);
  });
});
