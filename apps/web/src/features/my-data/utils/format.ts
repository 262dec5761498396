import { formatSchemeDateTime as schemeDateTime } from "../../../config/scheme-time-zone";

// Times shown in the scheme's time zone, as the server words them in its sentences (member-limits'
// "try again after 14:35"), whatever the zone of the member's device: a member abroad reads the
// same time the scheme's staff and mails use.

/** "2026-11-20 14:35": the day (DATE_FORMAT) and the time in the scheme's time zone. */
export function formatSchemeDateTime(value: string): string {
  return schemeDateTime(value);
}
