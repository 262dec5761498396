import { describe, expect, it } from "vitest";
import { BUSINESS_DAY_MINUTES, businessMinutesBetween, nextCalendarDay } from "./business-hours.js";

const ZONE = "Africa/Johannesburg";
/** Wall-clock time in Johannesburg (UTC+2). */
const at = (local: string) => new Date(`${local}:00+02:00`);
const minutes = (from: string, to: string, zone = ZONE) => businessMinutesBetween(at(from), at(to), zone);

describe("business minutes (08:00-17:00 on business days)", () => {
  it("counts only the open hours of one day", () => {
    expect(minutes("2026-11-24T09:00", "2026-11-24T10:30")).toBe(90);
    expect(minutes("2026-11-24T06:00", "2026-11-24T20:00")).toBe(BUSINESS_DAY_MINUTES);
    expect(minutes("2026-11-24T17:30", "2026-11-24T19:00")).toBe(0);
    expect(minutes("2026-11-28T09:00", "2026-11-28T12:00")).toBe(0); // a Saturday
  });

  it("skips weekends and public holidays between", () => {
    // Friday 16:00 to Monday 09:00.
    expect(minutes("2026-11-20T16:00", "2026-11-23T09:00")).toBe(120);
    // Thursday 2 April 2026 15:00 to Tuesday 7 April 10:30: Good Friday, a weekend, Family Day.
    expect(minutes("2026-04-02T15:00", "2026-04-07T10:30")).toBe(270);
    // Logged on a holiday evening (Freedom Day, Monday 27 April 2026), answered next morning.
    expect(minutes("2026-04-27T20:00", "2026-04-28T08:45")).toBe(45);
  });

  it("reads the wall clock of the zone given, not the machine's", () => {
    // 06:00 UTC is 08:00 in Johannesburg and 06:00 in UTC (before opening).
    const from = new Date("2026-11-24T06:00:00Z");
    const to = new Date("2026-11-24T07:00:00Z");
    expect(businessMinutesBetween(from, to, ZONE)).toBe(60);
    expect(businessMinutesBetween(from, to, "UTC")).toBe(0);
  });

  it("is 0 when the end is not after the start, and refuses what is not a time", () => {
    expect(minutes("2026-11-24T10:00", "2026-11-24T09:00")).toBe(0);
    expect(() => businessMinutesBetween(new Date(Number.NaN), new Date(), ZONE)).toThrow(RangeError);
    expect(() => businessMinutesBetween(new Date(), new Date(), "Mars/Olympus")).toThrow(RangeError);
  });

  it("steps calendar days across months and years", () => {
    expect(nextCalendarDay("2026-02-28")).toBe("2026-03-01");
    expect(nextCalendarDay("2026-12-31")).toBe("2027-01-01");
  });
});
