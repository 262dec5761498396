import { calendarDateIn, SCHEME_TIME_ZONE } from "@portal/domain";
import { LOCALE } from "../../../lib/locale";

// Times shown in the scheme's time zone, as the server words them in its sentences (member-limits'
// "try again after 14:35"), whatever the zone of the member's device: a member abroad reads the
// same time the scheme's staff and mails use.

const clock = new Intl.DateTimeFormat(LOCALE, {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: SCHEME_TIME_ZONE,
});

/** "2026-11-20 14:35": the day (DATE_FORMAT) and the time in the scheme's time zone. */
export function formatSchemeDateTime(value: string): string {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value;
  return `${calendarDateIn(SCHEME_TIME_ZONE, instant)} ${clock.format(instant)}`;
}
