import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  calendarDateIn,
  DAY_MS,
  formatDate,
  formatDateIn,
  formatTimeIn,
  isKnownTimeZone,
  SCHEME_TIME_ZONE,
} from "./dates.js";

describe("formatDate", () => {
  it("formats a Date as yyyy-MM-dd in local time, with zero padding", () => {
    expect(formatDate(new Date(2024, 0, 5, 9, 30))).toBe("2024-01-05");
    expect(formatDate(new Date(2024, 11, 31, 23, 59, 59))).toBe("2024-12-31");
    expect(formatDate(new Date(2024, 0, 1, 0, 0, 0))).toBe("2024-01-01");
  });

  it("formats an ISO date-time string in local time", () => {
    const local = new Date(2023, 6, 14, 12, 0);
    expect(formatDate(local.toISOString())).toBe("2023-07-14");
  });

  it("keeps a bare calendar date as that day, whatever the time zone", () => {
    expect(formatDate("2024-03-05")).toBe("2024-03-05");
    expect(formatDate("2024-02-29")).toBe("2024-02-29");
  });

  it("pads years below 1000 and keeps years below 100 as they are", () => {
    expect(formatDate("0099-01-02")).toBe("0099-01-02");
  });

  it.each(["not a date", "", "2023-02-29", "2024-13-01", "2024-04-31"])(
    "throws a RangeError for %j",
    (value) => {
      expect(() => formatDate(value)).toThrow(RangeError);
    },
  );

  it("throws a RangeError for an invalid Date", () => {
    expect(() => formatDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});

// Node applies a changed TZ at once; each test file runs in its own worker, so others are unaffected.
describe("formatDate west of UTC (America/Los_Angeles)", () => {
  const originalTimeZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = "America/Los_Angeles";
  });
  afterAll(() => {
    // Assigning undefined would store the text "undefined".
    if (originalTimeZone === undefined) delete process.env.TZ;
    else process.env.TZ = originalTimeZone;
  });

  it("uses the local day of an instant, not the UTC day", () => {
    expect(formatDate("2024-03-05T03:00:00Z")).toBe("2024-03-04");
    expect(formatDate(new Date(Date.UTC(2024, 0, 1, 7, 59)))).toBe("2023-12-31");
  });

  it("keeps a bare calendar date as that day", () => {
    expect(formatDate("2024-03-05")).toBe("2024-03-05");
  });
});

describe("calendarDateIn", () => {
  it.each([
    // Johannesburg is UTC+2 all year: from 22:00 UTC it is already the next day there.
    ["2026-03-31T21:59:59.999Z", "2026-03-31"],
    ["2026-03-31T22:00:00Z", "2026-04-01"],
    ["2026-03-31T22:30:00Z", "2026-04-01"],
    ["2026-12-31T22:30:00Z", "2027-01-01"],
    ["2028-02-28T23:00:00Z", "2028-02-29"],
    ["2026-04-01T21:59:00Z", "2026-04-01"],
  ])("puts %s on %s in the scheme's time zone", (instant, day) => {
    expect(calendarDateIn(SCHEME_TIME_ZONE, new Date(instant))).toBe(day);
  });

  it("gives the day of the zone asked for, whatever the process's own zone", () => {
    const lateEvening = new Date("2026-03-31T22:30:00Z");
    expect(calendarDateIn("UTC", lateEvening)).toBe("2026-03-31");
    expect(calendarDateIn("America/Los_Angeles", lateEvening)).toBe("2026-03-31");
    expect(calendarDateIn("Pacific/Kiritimati", new Date("2026-03-31T10:00:00Z"))).toBe("2026-04-01");
  });

  it("pads years below 1000", () => {
    expect(calendarDateIn("UTC", new Date(Date.UTC(999, 0, 2, 12)))).toBe("0999-01-02");
  });

  it("throws a RangeError for an invalid Date or an unknown time zone", () => {
    expect(() => calendarDateIn(SCHEME_TIME_ZONE, new Date("nope"))).toThrow(RangeError);
    expect(() => calendarDateIn("Mars/Olympus_Mons", new Date())).toThrow(RangeError);
  });
});

describe("isKnownTimeZone", () => {
  it.each([
    [SCHEME_TIME_ZONE, true],
    ["UTC", true],
    ["Europe/London", true],
    ["Mars/Olympus_Mons", false],
    ["", false],
    ["   ", false],
  ])("says %j is known: %s", (timeZone, known) => {
    expect(isKnownTimeZone(timeZone)).toBe(known);
  });
});

describe("DAY_MS", () => {
  it("steps an instant by exactly one UTC day", () => {
    const start = Date.UTC(2026, 2, 31, 22, 30);
    expect(new Date(start + DAY_MS).toISOString()).toBe("2026-04-01T22:30:00.000Z");
  });
});

describe("formatDateIn and formatTimeIn: one time zone for every date shown", () => {
  // 00:25 in Johannesburg is 22:25 the day before in UTC: the day a query was logged follows the
  // scheme's zone, not the browser's.
  const justAfterMidnight = "2027-03-24T22:25:00.000Z";

  it("gives an instant's day and time in the zone asked for", () => {
    expect(formatDateIn("Africa/Johannesburg", justAfterMidnight)).toBe("2027-03-25");
    expect(formatDateIn("UTC", justAfterMidnight)).toBe("2027-03-24");
    expect(formatDateIn("Africa/Johannesburg", new Date(justAfterMidnight))).toBe("2027-03-25");
    expect(formatTimeIn("Africa/Johannesburg", justAfterMidnight)).toBe("00:25");
    expect(formatTimeIn("UTC", justAfterMidnight)).toBe("22:25");
  });

  it("keeps a bare calendar date as the day it names, in any zone", () => {
    expect(formatDateIn("Pacific/Kiritimati", "1980-02-29")).toBe("1980-02-29");
    expect(formatDateIn("America/Los_Angeles", "1980-02-29")).toBe("1980-02-29");
  });

  it("refuses what is no date", () => {
    expect(() => formatDateIn("UTC", "2024-02-30")).toThrow(RangeError);
    expect(() => formatDateIn("UTC", "soon")).toThrow(RangeError);
    expect(() => formatTimeIn("UTC", "soon")).toThrow(RangeError);
  });
});
