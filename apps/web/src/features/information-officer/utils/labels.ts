import { calendarDateIn, DAY_MS, type DataExportStatus, type DataRequestKind } from "@portal/domain";
import { getSchemeTimeZone } from "../../../config/scheme-time-zone";

// Words the information officer's desk shows for the services' values, and its statutory days.

export const DATA_REQUEST_KIND_LABELS: Readonly<Record<DataRequestKind, string>> = {
  ACCESS: "Access to their data",
  CORRECTION: "Correction of their data",
  DELETION: "Deletion of their data",
};

export const DATA_REQUEST_STATUS_LABELS = { OPEN: "Open", COMPLETED: "Completed" } as const;

export const EXPORT_STATUS_LABELS: Readonly<Record<DataExportStatus, string>> = {
  QUEUED: "Waiting to start",
  RUNNING: "Being prepared",
  READY: "Ready",
  FAILED: "Failed",
  EXPIRED: "Removed after its time",
};

/** The audit trail's operator: changes made at the command line, by no person in the register. */
export const OPERATOR_ENTITY_NUMBER = 0;

/** Who acted or whose data it was, in the audit trail and on a hold: a name where there is one. */
export function auditPersonName(person: { entityNumber: number; name: string | null }): string {
  if (person.entityNumber === OPERATOR_ENTITY_NUMBER) return "The operator";
  return person.name ?? "Not in the register";
}

/** Today in the scheme's time zone, yyyy-MM-dd: the day the statutory clocks count from. */
export function schemeToday(now: Date = new Date()): string {
  return calendarDateIn(getSchemeTimeZone(), now);
}

/** Whole days from `from` to `to` (both yyyy-MM-dd); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
