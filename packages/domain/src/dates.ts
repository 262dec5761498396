// The one date format wherever members and staff see a date (decision 0035): yyyy-MM-dd (the
// specification's "Date format: yyyy-MM-dd."), and an instant with its time as yyyy-MM-dd HH:mm,
// 24-hour, in the scheme's time zone. One function per need: formatDate / formatDateIn for a day,
// formatDateTimeIn for an instant, formatTimeIn for a time of day alone.

// A bare calendar date: new Date() would read it as UTC midnight, which is the previous day west of UTC.
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}

function toDate(value: Date | string): Date {
  const dateOnly = typeof value === "string" ? DATE_ONLY.exec(value) : null;
  if (dateOnly) {
    const [, year, month, day] = dateOnly.map(Number) as [number, number, number, number];
    // setFullYear, unlike the Date constructor, does not map years 0–99 to 1900–1999.
    const date = new Date(2000, 0, 1);
    date.setFullYear(year, month - 1, day);
    // Reject dates that roll over, such as 2024-02-30.
    if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
      throw new RangeError(`Invalid date: ${value}`);
    }
    return date;
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(value)}`);
  return date;
}

/** yyyy-MM-dd in local time; accepts a Date or an ISO string. Throws RangeError for an invalid date. */
export function formatDate(value: Date | string): string {
  const date = toDate(value);
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
}

/** One day in milliseconds: for ages and windows measured between instants, not for calendar days. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The scheme's own time zone: "today" for a member is the calendar day there, wherever the server
 * runs. The server reads it from TIME_ZONE; this is the default.
 */
export const SCHEME_TIME_ZONE = "Africa/Johannesburg";

// Building a formatter is the costly part, and a server asks for the same zone on every request.
const calendarFormats = new Map<string, Intl.DateTimeFormat>();

function calendarFormat(timeZone: string): Intl.DateTimeFormat {
  let format = calendarFormats.get(timeZone);
  if (!format) {
    // Throws a RangeError for a zone the runtime does not know.
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      calendar: "gregory",
      numberingSystem: "latn",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    calendarFormats.set(timeZone, format);
  }
  return format;
}

/** Whether the runtime knows this IANA time zone (e.g. "Africa/Johannesburg", "UTC"). */
export function isKnownTimeZone(timeZone: string): boolean {
  if (timeZone.trim() === "") return false;
  try {
    calendarFormat(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * yyyy-MM-dd of the calendar day an instant falls on in a time zone: what "today" means wherever a
 * date without a time is meant. Throws a RangeError for an invalid Date or an unknown time zone.
 */
export function calendarDateIn(timeZone: string, instant: Date): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError("Invalid date");
  const parts = calendarFormat(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value);
  return `${pad(part("year"), 4)}-${pad(part("month"), 2)}-${pad(part("day"), 2)}`;
}

/**
 * yyyy-MM-dd of a value in a time zone, as every screen shows a date: an instant (an ISO
 * date-time or a Date) on the calendar day it falls on there; a bare calendar date (a date of
 * birth, a start date) as it is, since it names a day, not an instant. Throws a RangeError for an
 * invalid value or an unknown zone.
 */
export function formatDateIn(timeZone: string, value: Date | string): string {
  if (typeof value === "string" && DATE_ONLY.test(value)) return formatDate(value);
  return calendarDateIn(timeZone, toDate(value));
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** HH:mm (24-hour) of an instant in a time zone. Throws a RangeError for an invalid value or an unknown zone. */
export function formatTimeIn(timeZone: string, value: Date | string): string {
  const instant = toDate(value);
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    clockFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/**
 * "2026-11-24 14:35": an instant's day and 24-hour time in a time zone (the scheme's), as every
 * screen, mail and document shows when something happened. A bare calendar date names no instant
 * and is refused, as is an invalid value or an unknown zone (RangeError).
 */
export function formatDateTimeIn(timeZone: string, value: Date | string): string {
  if (typeof value === "string" && DATE_ONLY.test(value)) {
    throw new RangeError(`A calendar date has no time: ${value}`);
  }
  const instant = toDate(value);
  return `${calendarDateIn(timeZone, instant)} ${formatTimeIn(timeZone, instant)}`;
}
