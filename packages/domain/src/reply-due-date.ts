import { calendarDateIn, DAY_MS } from "./dates.js";

/**
 * When the scheme promises a reply: 1 to 2 business days for a new query, 2 to 3 for an update.
 *
 * Counting rule: the day of logging is day 0, whatever its kind; day 1 is the first business day
 * after it, in the scheme's time zone. A query logged on Monday is due Tuesday to Wednesday; one
 * logged on Saturday, Sunday or a public holiday counts from the next business day, so it gets the
 * same dates as one logged on the last business day before it. The hour of logging does not matter.
 *
 * Business days are Monday to Friday without South African public holidays. The holidays come from
 * the rules of the Public Holidays Act (below), not from the date-holidays package: that package
 * bundles every country's data and lunar-calendar code (about 1.4 MB minified, 240 kB gzipped), which
 * the member's screens would have to load for twelve dates a year, and its South African data misses
 * the 27 December declared when Christmas fell on a Sunday (2016, 2022). The test cross-checks these
 * rules against it.
 */
export type ReplyPromiseKind = "QUERY" | "UPDATE";

const PROMISE_BUSINESS_DAYS: Record<ReplyPromiseKind, { earliest: number; latest: number }> = {
  QUERY: { earliest: 1, latest: 2 },
  UPDATE: { earliest: 2, latest: 3 },
};

// Fixed-date public holidays (month, day). A holiday on a Sunday makes the Monday after it a holiday.
const FIXED_HOLIDAYS: readonly (readonly [number, number])[] = [
  [1, 1], // New Year's Day
  [3, 21], // Human Rights Day
  [4, 27], // Freedom Day
  [5, 1], // Workers' Day
  [6, 16], // Youth Day
  [8, 9], // National Women's Day
  [9, 24], // Heritage Day
  [12, 16], // Day of Reconciliation
  [12, 25], // Christmas Day
  [12, 26], // Day of Goodwill
];

// One-off days the President declared under section 2A (elections, and the Tuesday after a Sunday
// Christmas, whose Monday is already the Day of Goodwill). No rule predicts them: add each one when
// it is gazetted.
const DECLARED_HOLIDAYS: readonly string[] = ["2021-11-01", "2022-12-27", "2023-12-15", "2024-05-29"];

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

// Calendar days are counted as whole days since 1970-01-01 in UTC, so that neither the machine's
// time zone nor a daylight-saving change can shift a date.
function toDayNumber(year: number, month: number, day: number): number {
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0–99 to 1900–1999.
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime() / DAY_MS;
}

function parseDate(value: string): number {
  const match = DATE_ONLY.exec(value);
  if (match) {
    const [, year, month, day] = match.map(Number) as [number, number, number, number];
    const dayNumber = toDayNumber(year, month, day);
    // Reject dates that roll over, such as 2026-02-29.
    if (formatDayNumber(dayNumber) === value) return dayNumber;
  }
  throw new RangeError(`Invalid date: ${value}`);
}

function formatDayNumber(dayNumber: number): string {
  const date = new Date(dayNumber * DAY_MS);
  const pad = (value: number, width: number) => String(value).padStart(width, "0");
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
}

/** 0 for Sunday to 6 for Saturday. */
function weekdayOf(dayNumber: number): number {
  return new Date(dayNumber * DAY_MS).getUTCDay();
}

/** Easter Sunday of the Gregorian calendar (the anonymous Gregorian algorithm), as [month, day]. */
function easterSunday(year: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, day];
}

// Twelve dates a year, worked out once per year asked for.
const holidaysByYear = new Map<number, ReadonlySet<number>>();

function holidaysOf(year: number): ReadonlySet<number> {
  let holidays = holidaysByYear.get(year);
  if (!holidays) {
    const days = new Set<number>();
    for (const [month, day] of FIXED_HOLIDAYS) {
      const dayNumber = toDayNumber(year, month, day);
      days.add(dayNumber);
      // The Monday after a Sunday holiday. When that Monday is a holiday already (Christmas on a
      // Sunday), the Act gives no further day; a declaration did, so far, and goes in the list.
      if (weekdayOf(dayNumber) === 0) days.add(dayNumber + 1);
    }
    const easter = toDayNumber(year, ...easterSunday(year));
    days.add(easter - 2); // Good Friday
    days.add(easter + 1); // Family Day
    for (const declared of DECLARED_HOLIDAYS) {
      if (declared.startsWith(`${String(year).padStart(4, "0")}-`)) days.add(parseDate(declared));
    }
    holidays = days;
    holidaysByYear.set(year, holidays);
  }
  return holidays;
}

function isBusinessDayNumber(dayNumber: number): boolean {
  const weekday = weekdayOf(dayNumber);
  if (weekday === 0 || weekday === 6) return false;
  return !holidaysOf(new Date(dayNumber * DAY_MS).getUTCFullYear()).has(dayNumber);
}

/**
 * The South African public holidays of a year as yyyy-MM-dd, in order: the days themselves (a
 * Saturday or Sunday one included) and the Mondays they move to.
 */
export function southAfricanPublicHolidays(year: number): string[] {
  if (!Number.isInteger(year) || year < 0 || year > 9999) throw new RangeError(`Invalid year: ${year}`);
  return [...holidaysOf(year)].sort((a, b) => a - b).map(formatDayNumber);
}

/** Monday to Friday and not a South African public holiday. Throws RangeError for an invalid date. */
export function isBusinessDay(date: string): boolean {
  return isBusinessDayNumber(parseDate(date));
}

/**
 * The `days`-th business day after `date` (yyyy-MM-dd); `date` itself never counts, business day or
 * not, and 0 gives `date` back. Throws RangeError for an invalid date or a negative or fractional
 * count.
 */
export function addBusinessDays(date: string, days: number): string {
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError(`Invalid number of days: ${days}`);
  let dayNumber = parseDate(date);
  for (let counted = 0; counted < days; ) {
    dayNumber += 1;
    if (isBusinessDayNumber(dayNumber)) counted += 1;
  }
  return formatDayNumber(dayNumber);
}

/**
 * The dates (yyyy-MM-dd) between which a reply is promised for something logged at `loggedAt`,
 * counted from the calendar day it falls on in `timeZone` (the scheme's zone). Throws RangeError for
 * an invalid Date or an unknown time zone.
 */
export function replyDueWindow(
  loggedAt: Date,
  kind: ReplyPromiseKind,
  timeZone: string,
): { earliest: string; latest: string } {
  const loggedOn = calendarDateIn(timeZone, loggedAt);
  const promise = PROMISE_BUSINESS_DAYS[kind];
  return {
    earliest: addBusinessDays(loggedOn, promise.earliest),
    latest: addBusinessDays(loggedOn, promise.latest),
  };
}

/** Overdue once `today` is after `latest`; on the `latest` day itself a reply is still on time. */
export function isOverdue(latest: string, today: string): boolean {
  return parseDate(today) > parseDate(latest);
}
