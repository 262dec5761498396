import Holidays from "date-holidays";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import {
  addBusinessDays,
  isBusinessDay,
  isOverdue,
  replyDueWindow,
  southAfricanPublicHolidays,
} from "./reply-due-date.js";

const SAST = "Africa/Johannesburg";

// Written out by hand from the Public Holidays Act: the twelve days, the Monday after each one that
// falls on a Sunday, and Good Friday and Family Day from Easter Sunday (2026-04-05, 2027-03-28,
// 2028-04-16, 2029-04-01, 2030-04-21).
const EXPECTED_HOLIDAYS: Record<number, string[]> = {
  2026: [
    "2026-01-01", // New Year's Day (Thu)
    "2026-03-21", // Human Rights Day (Sat: no Monday)
    "2026-04-03", // Good Friday
    "2026-04-06", // Family Day
    "2026-04-27", // Freedom Day (Mon)
    "2026-05-01", // Workers' Day (Fri)
    "2026-06-16", // Youth Day (Tue)
    "2026-08-09", // National Women's Day (Sun)
    "2026-08-10", // … moved to Monday
    "2026-09-24", // Heritage Day (Thu)
    "2026-12-16", // Day of Reconciliation (Wed)
    "2026-12-25", // Christmas Day (Fri)
    "2026-12-26", // Day of Goodwill (Sat: no Monday)
  ],
  2027: [
    "2027-01-01", // New Year's Day (Fri)
    "2027-03-21", // Human Rights Day (Sun)
    "2027-03-22", // … moved to Monday
    "2027-03-26", // Good Friday
    "2027-03-29", // Family Day
    "2027-04-27", // Freedom Day (Tue)
    "2027-05-01", // Workers' Day (Sat)
    "2027-06-16", // Youth Day (Wed)
    "2027-08-09", // National Women's Day (Mon)
    "2027-09-24", // Heritage Day (Fri)
    "2027-12-16", // Day of Reconciliation (Thu)
    "2027-12-25", // Christmas Day (Sat)
    "2027-12-26", // Day of Goodwill (Sun)
    "2027-12-27", // … moved to Monday
  ],
  2028: [
    "2028-01-01", // New Year's Day (Sat)
    "2028-03-21", // Human Rights Day (Tue)
    "2028-04-14", // Good Friday
    "2028-04-17", // Family Day
    "2028-04-27", // Freedom Day (Thu)
    "2028-05-01", // Workers' Day (Mon)
    "2028-06-16", // Youth Day (Fri)
    "2028-08-09", // National Women's Day (Wed)
    "2028-09-24", // Heritage Day (Sun)
    "2028-09-25", // … moved to Monday
    "2028-12-16", // Day of Reconciliation (Sat)
    "2028-12-25", // Christmas Day (Mon)
    "2028-12-26", // Day of Goodwill (Tue)
  ],
  2029: [
    "2029-01-01", // New Year's Day (Mon)
    "2029-03-21", // Human Rights Day (Wed)
    "2029-03-30", // Good Friday
    "2029-04-02", // Family Day
    "2029-04-27", // Freedom Day (Fri)
    "2029-05-01", // Workers' Day (Tue)
    "2029-06-16", // Youth Day (Sat)
    "2029-08-09", // National Women's Day (Thu)
    "2029-09-24", // Heritage Day (Mon)
    "2029-12-16", // Day of Reconciliation (Sun)
    "2029-12-17", // … moved to Monday
    "2029-12-25", // Christmas Day (Tue)
    "2029-12-26", // Day of Goodwill (Wed)
  ],
  2030: [
    "2030-01-01", // New Year's Day (Tue)
    "2030-03-21", // Human Rights Day (Thu)
    "2030-04-19", // Good Friday
    "2030-04-22", // Family Day
    "2030-04-27", // Freedom Day (Sat)
    "2030-05-01", // Workers' Day (Wed)
    "2030-06-16", // Youth Day (Sun)
    "2030-06-17", // … moved to Monday
    "2030-08-09", // National Women's Day (Fri)
    "2030-09-24", // Heritage Day (Tue)
    "2030-12-16", // Day of Reconciliation (Mon)
    "2030-12-25", // Christmas Day (Wed)
    "2030-12-26", // Day of Goodwill (Thu)
  ],
};

const YEARS = Object.keys(EXPECTED_HOLIDAYS).map(Number);

function daysOf(year: number): string[] {
  const days: string[] = [];
  for (let date = new Date(Date.UTC(year, 0, 1)); date.getUTCFullYear() === year; ) {
    days.push(date.toISOString().slice(0, 10));
    date.setUTCDate(date.getUTCDate() + 1);
  }
  return days;
}

describe("southAfricanPublicHolidays", () => {
  it.each(YEARS)("gives exactly the public holidays of %i", (year) => {
    expect(southAfricanPublicHolidays(year)).toEqual(EXPECTED_HOLIDAYS[year]);
  });

  // A second, independent reading of the same rules: the date-holidays package.
  it.each(YEARS)("agrees with date-holidays on %i", (year) => {
    const library = new Holidays("ZA", { types: ["public"] })
      .getHolidays(year)
      .map((holiday) => holiday.date.slice(0, 10));
    expect(southAfricanPublicHolidays(year)).toEqual(library);
  });

  it("includes days declared one by one, such as election day and the Tuesday after a Sunday Christmas", () => {
    expect(southAfricanPublicHolidays(2024)).toContain("2024-05-29");
    expect(southAfricanPublicHolidays(2022)).toEqual(expect.arrayContaining(["2022-12-26", "2022-12-27"]));
    expect(southAfricanPublicHolidays(2023)).not.toContain("2022-12-27");
  });

  it.each([Number.NaN, 2026.5, -1, 10_000])("throws a RangeError for the year %s", (year) => {
    expect(() => southAfricanPublicHolidays(year)).toThrow(RangeError);
  });
});

describe("isBusinessDay", () => {
  it.each(YEARS)("is Monday to Friday without the holidays, for every day of %i", (year) => {
    const holidays = new Set(EXPECTED_HOLIDAYS[year]);
    for (const day of daysOf(year)) {
      const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
      const expected = weekday !== 0 && weekday !== 6 && !holidays.has(day);
      expect([day, isBusinessDay(day)]).toEqual([day, expected]);
    }
  });

  it("treats the Monday after a Sunday holiday as a holiday and the Tuesday as a business day", () => {
    expect(isBusinessDay("2026-08-10")).toBe(false);
    expect(isBusinessDay("2026-08-11")).toBe(true);
  });

  it.each(["2026-02-29", "2026-13-01", "2026-1-5", "26-01-05", "2026-01-05T00:00:00Z", ""])(
    "throws a RangeError for %j",
    (value) => {
      expect(() => isBusinessDay(value)).toThrow(RangeError);
    },
  );
});

describe("addBusinessDays", () => {
  it.each([
    ["2026-11-23", 0, "2026-11-23"], // Monday, nothing added
    ["2026-11-28", 0, "2026-11-28"], // Saturday given back as it is
    ["2026-11-23", 1, "2026-11-24"], // Monday → Tuesday
    ["2026-11-26", 2, "2026-11-30"], // Thursday → Friday, Monday
    ["2026-11-27", 1, "2026-11-30"], // Friday → Monday
    ["2026-11-28", 1, "2026-11-30"], // Saturday → Monday
    ["2026-11-29", 1, "2026-11-30"], // Sunday → Monday
    ["2026-11-30", 5, "2026-12-07"], // a whole week
    ["2026-04-02", 1, "2026-04-07"], // Thursday before Easter → past Good Friday and Family Day
    ["2026-12-30", 2, "2027-01-04"], // past New Year's Day into the next year
    ["2028-02-28", 1, "2028-02-29"], // leap day
  ])("%s + %i business days is %s", (date, days, expected) => {
    expect(addBusinessDays(date, days)).toBe(expected);
  });

  it("always lands on a business day after the date, and adding in steps gives the same day", () => {
    const date = fc
      .date({
        min: new Date("2026-01-01T00:00:00Z"),
        max: new Date("2030-12-31T00:00:00Z"),
        noInvalidDate: true,
      })
      .map((value) => value.toISOString().slice(0, 10));
    fc.assert(
      fc.property(date, fc.nat(30), fc.nat(30), (start, first, second) => {
        const total = addBusinessDays(start, first + second);
        expect(addBusinessDays(addBusinessDays(start, first), second)).toBe(total);
        if (first + second > 0) {
          expect(isBusinessDay(total)).toBe(true);
          expect(total > start).toBe(true);
        }
      }),
    );
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])("throws a RangeError for %s days", (days) => {
    expect(() => addBusinessDays("2026-11-23", days)).toThrow(RangeError);
  });

  it("throws a RangeError for an invalid date", () => {
    expect(() => addBusinessDays("2026-02-30", 1)).toThrow(RangeError);
  });
});

// Logged at noon in Johannesburg (10:00 UTC) on the given day.
function loggedOn(date: string): Date {
  return new Date(`${date}T10:00:00Z`);
}

describe("replyDueWindow", () => {
  it.each([
    // Within one week.
    ["Monday query", "2026-11-23", "QUERY", "2026-11-24", "2026-11-25"],
    ["Monday update", "2026-11-23", "UPDATE", "2026-11-25", "2026-11-26"],
    // Across a weekend.
    ["Thursday query", "2026-11-26", "QUERY", "2026-11-27", "2026-11-30"],
    ["Thursday update", "2026-11-26", "UPDATE", "2026-11-30", "2026-12-01"],
    ["Friday query", "2026-11-27", "QUERY", "2026-11-30", "2026-12-01"],
    ["Saturday query", "2026-11-28", "QUERY", "2026-11-30", "2026-12-01"],
    ["Sunday update", "2026-11-29", "UPDATE", "2026-12-01", "2026-12-02"],
    // Across Easter 2026: Good Friday 3 April, Family Day 6 April.
    ["query on the Thursday before Easter", "2026-04-02", "QUERY", "2026-04-07", "2026-04-08"],
    ["update on the Thursday before Easter", "2026-04-02", "UPDATE", "2026-04-08", "2026-04-09"],
    ["query on Good Friday", "2026-04-03", "QUERY", "2026-04-07", "2026-04-08"],
    ["query on Family Day", "2026-04-06", "QUERY", "2026-04-07", "2026-04-08"],
    // Across Christmas and New Year.
    ["query on Christmas Eve 2026", "2026-12-24", "QUERY", "2026-12-28", "2026-12-29"],
    ["update on 30 December 2026", "2026-12-30", "UPDATE", "2027-01-04", "2027-01-05"],
    [
      "query on Christmas Eve 2027 (Day of Goodwill on Sunday)",
      "2027-12-24",
      "QUERY",
      "2027-12-28",
      "2027-12-29",
    ],
    [
      "update on 31 December 2027 (New Year's Day on Saturday)",
      "2027-12-31",
      "UPDATE",
      "2028-01-04",
      "2028-01-05",
    ],
    // Across a Sunday holiday moved to the Monday.
    ["query before Women's Day 2026", "2026-08-07", "QUERY", "2026-08-11", "2026-08-12"],
    ["update before Human Rights Day 2027", "2027-03-19", "UPDATE", "2027-03-24", "2027-03-25"],
    ["query before Youth Day 2030", "2030-06-14", "QUERY", "2030-06-18", "2030-06-19"],
  ] as const)("%s (%s, %s) is due %s to %s", (_label, day, kind, earliest, latest) => {
    expect(replyDueWindow(loggedOn(day), kind, SAST)).toEqual({ earliest, latest });
  });

  it("counts from the day in the scheme's time zone: 23:30 UTC on Monday is Tuesday there", () => {
    const loggedAt = new Date("2026-11-23T23:30:00Z");
    expect(replyDueWindow(loggedAt, "QUERY", SAST)).toEqual({ earliest: "2026-11-25", latest: "2026-11-26" });
    expect(replyDueWindow(loggedAt, "QUERY", "UTC")).toEqual({
      earliest: "2026-11-24",
      latest: "2026-11-25",
    });
  });

  it("changes day at midnight in Johannesburg, not at midnight UTC", () => {
    // Sunday 23:59:59 there counts as a weekend day; a second later it is Monday.
    expect(replyDueWindow(new Date("2026-11-22T21:59:59Z"), "QUERY", SAST)).toEqual({
      earliest: "2026-11-23",
      latest: "2026-11-24",
    });
    expect(replyDueWindow(new Date("2026-11-22T22:00:00Z"), "QUERY", SAST)).toEqual({
      earliest: "2026-11-24",
      latest: "2026-11-25",
    });
  });

  it("throws a RangeError for an invalid Date or an unknown time zone", () => {
    expect(() => replyDueWindow(new Date(Number.NaN), "QUERY", SAST)).toThrow(RangeError);
    expect(() => replyDueWindow(loggedOn("2026-11-23"), "QUERY", "Africa/Nowhere")).toThrow(RangeError);
  });
});

describe("isOverdue", () => {
  it.each([
    ["2026-11-25", "2026-11-24", false], // before the latest day
    ["2026-11-25", "2026-11-25", false], // on the latest day
    ["2026-11-25", "2026-11-26", true], // the day after
    ["2026-12-31", "2027-01-01", true], // across the year
    ["2027-01-04", "2026-12-31", false],
  ])("latest %s, today %s → %s", (latest, today, expected) => {
    expect(isOverdue(latest, today)).toBe(expected);
  });

  it("throws a RangeError for an invalid date", () => {
    expect(() => isOverdue("2026-11-25", "tomorrow")).toThrow(RangeError);
    expect(() => isOverdue("2026-11-31", "2026-11-25")).toThrow(RangeError);
  });
});

// Node applies a changed TZ at once; each test file runs in its own worker, so others are unaffected.
describe("independent of the machine's time zone", () => {
  const originalTimeZone = process.env.TZ;
  afterEach(() => {
    // Assigning undefined would store the text "undefined".
    if (originalTimeZone === undefined) delete process.env.TZ;
    else process.env.TZ = originalTimeZone;
  });

  it.each(["America/Los_Angeles", "Pacific/Kiritimati", "Europe/London"])(
    "gives the same answers in %s",
    (zone) => {
      process.env.TZ = zone;
      expect(replyDueWindow(new Date("2026-11-23T23:30:00Z"), "QUERY", SAST)).toEqual({
        earliest: "2026-11-25",
        latest: "2026-11-26",
      });
      expect(addBusinessDays("2026-12-30", 2)).toBe("2027-01-04");
      expect(isBusinessDay("2026-08-10")).toBe(false);
    },
  );
});
