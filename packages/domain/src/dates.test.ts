import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDate, isoDateOnly } from "./dates.js";

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

describe("isoDateOnly", () => {
  it("gives the UTC calendar day", () => {
    expect(isoDateOnly(new Date(Date.UTC(2024, 5, 30, 23, 59)))).toBe("2024-06-30");
    expect(isoDateOnly(new Date(Date.UTC(2024, 6, 1, 0, 0)))).toBe("2024-07-01");
  });

  it("throws a RangeError for an invalid Date", () => {
    expect(() => isoDateOnly(new Date("nope"))).toThrow(RangeError);
  });
});
