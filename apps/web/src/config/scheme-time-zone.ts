import { formatDateIn, formatDateTimeIn, SCHEME_TIME_ZONE } from "@portal/domain";

// Every date and time the SPA shows is in the scheme's time zone (TIME_ZONE on the server, sent in
// /app-config.json), whatever the zone of the device: a query logged at 00:25 in Johannesburg is of
// the 25th for a member abroad too, as its reply due date, the mails and the staff's screens say.
// Set once, before the first render, as the brand's colours are (main.tsx); a setting of the whole
// page rather than a context, because plain helpers and components alike format dates.

let schemeTimeZone = SCHEME_TIME_ZONE;

/** Called with /app-config.json's timeZone before the first render. */
export function setSchemeTimeZone(timeZone: string): void {
  schemeTimeZone = timeZone;
}

export function getSchemeTimeZone(): string {
  return schemeTimeZone;
}

/** yyyy-MM-dd in the scheme's zone: an instant's day there; a bare calendar date as it is. */
export function formatSchemeDate(value: Date | string): string {
  return formatDateIn(schemeTimeZone, value);
}

/** "2026-11-20 14:35": the day and the 24-hour time in the scheme's zone; the value itself when it is no date. */
export function formatSchemeDateTime(value: string): string {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value;
  return formatDateTimeIn(schemeTimeZone, instant);
}
