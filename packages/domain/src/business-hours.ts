import { isBusinessDay } from "./reply-due-date.js";

/**
 * Business hours, for the desk's reports (docs/decisions 0025): 08:00 to 17:00 on business days
 * (Monday to Friday without South African public holidays, the calendar of the reply promise), in
 * the scheme's time zone. A business day is those nine hours: a first reply 540 business minutes
 * after the query took one business day, whatever the calendar says.
 */
export const BUSINESS_DAY_OPENS_MINUTE = 8 * 60;
export const BUSINESS_DAY_CLOSES_MINUTE = 17 * 60;
export const BUSINESS_DAY_MINUTES = BUSINESS_DAY_CLOSES_MINUTE - BUSINESS_DAY_OPENS_MINUTE;

// Building a formatter is the costly part; the reports' summariser asks for one zone many times.
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      calendar: "gregory",
      numberingSystem: "latn",
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar day (yyyy-MM-dd) and the minute of that day (fractional) an instant shows in a zone. */
function wallClock(timeZone: string, instant: Date): { date: string; minute: number } {
  if (Number.isNaN(instant.getTime())) throw new RangeError("Invalid date");
  const parts = wallClockFormat(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value);
  const date = `${String(part("year")).padStart(4, "0")}-${String(part("month")).padStart(2, "0")}-${String(part("day")).padStart(2, "0")}`;
  const seconds =
    part("hour") * 3600 + part("minute") * 60 + part("second") + instant.getUTCMilliseconds() / 1000;
  return { date, minute: seconds / 60 };
}

/** The calendar day after a yyyy-MM-dd one. */
export function nextCalendarDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) throw new RangeError(`Invalid date: ${date}`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

function clampToOpenHours(minute: number): number {
  return Math.min(Math.max(minute, BUSINESS_DAY_OPENS_MINUTE), BUSINESS_DAY_CLOSES_MINUTE);
}

/**
 * Business minutes from one instant to a later one in `timeZone`: only the minutes between 08:00
 * and 17:00 of business days count, so a query logged on Friday at 16:00 and answered on Monday at
 * 09:00 took 120. 0 when `to` is not after `from`. Whole minutes, rounded down. The minute of the
 * day is read off the wall clock, so on a day a zone changes its clocks an hour may be counted
 * twice or not at all (South Africa keeps no daylight saving). Throws RangeError for an invalid
 * Date or an unknown time zone.
 */
export function businessMinutesBetween(from: Date, to: Date, timeZone: string): number {
  if (to.getTime() <= from.getTime()) {
    wallClock(timeZone, from);
    wallClock(timeZone, to);
    return 0;
  }
  const start = wallClock(timeZone, from);
  const end = wallClock(timeZone, to);
  if (start.date === end.date) {
    if (!isBusinessDay(start.date)) return 0;
    return Math.floor(clampToOpenHours(end.minute) - clampToOpenHours(start.minute));
  }
  let minutes = 0;
  if (isBusinessDay(start.date)) minutes += BUSINESS_DAY_CLOSES_MINUTE - clampToOpenHours(start.minute);
  for (let day = nextCalendarDay(start.date); day < end.date; day = nextCalendarDay(day)) {
    if (isBusinessDay(day)) minutes += BUSINESS_DAY_MINUTES;
  }
  if (isBusinessDay(end.date)) minutes += clampToOpenHours(end.minute) - BUSINESS_DAY_OPENS_MINUTE;
  return Math.floor(minutes);
}
