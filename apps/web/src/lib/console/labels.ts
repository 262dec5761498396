import { formatDate, type ServerOrigin } from "@portal/domain";
import { formatSchemeDateTime } from "../../config/scheme-time-zone";

// Words the console shows for the services' values.

export const ORIGIN_LABELS: Readonly<Record<ServerOrigin, string>> = {
  MEMBER_WEB: "Member portal",
  MED_XPRESS: "MedXpress",
};

export const ROLE_LABELS = {
  STAFF_AGENT: "Agent",
  STAFF_SUPERVISOR: "Supervisor",
  STAFF_INFORMATION_OFFICER: "Information officer",
} as const;

export function personName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

/** yyyy-MM-dd HH:mm in the scheme's time zone, for when something was logged, sent or written. */
export function formatDateTime(value: string): string {
  return formatSchemeDateTime(value);
}

/** The day a reply is due, as the member is told it: "2026-11-24". */
export function dueDateText(replyDueOn: string): string {
  return formatDate(replyDueOn);
}

/** "1.5 MB": an archive's size. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
