import {
  calendarDateIn,
  categoryLabel,
  DAY_MS,
  type DataExportStatus,
  type DataRequestKind,
  DEFAULT_CATEGORIES,
  findCategory,
  MEDXPRESS_CATEGORIES,
  type QueryStatus,
  type QueueSort,
  type WaitingOn,
} from "@portal/domain";
import { getSchemeTimeZone } from "../../../config/scheme-time-zone";

// Words the console shows for the desk's and the information officer's values.

export const STATUS_LABELS: Readonly<Record<QueryStatus, string>> = { OPEN: "Open", CLOSED: "Closed" };

/** Who an open conversation waits on: the desk owes a reply, or the member was answered. */
export const WAITING_ON_LABELS: Readonly<Record<WaitingOn, string>> = {
  AGENT: "The desk",
  MEMBER: "The member",
};

/** Who the conversation waits on; a closed one waits on nobody. */
export function waitingOnText(conversation: { status: QueryStatus; waitingOn: WaitingOn }): string {
  return conversation.status === "CLOSED" ? "Nobody (closed)" : WAITING_ON_LABELS[conversation.waitingOn];
}

/** The queue's caption, saying its order. */
export const QUEUE_SORT_CAPTIONS: Readonly<Record<QueueSort, string>> = {
  due: "Conversations, the soonest reply due first",
  "-due": "Conversations, the latest reply due first",
  "-latest": "Conversations, the newest message first",
  latest: "Conversations, the oldest message first",
};

/** "1 conversation", "3 conversations". */
export function conversationCount(count: number): string {
  return count === 1 ? "1 conversation" : `${count} conversations`;
}

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

/** Every category a query may carry, default and medxpress, for the queue's filter. */
export const ALL_CATEGORIES = [...DEFAULT_CATEGORIES, ...MEDXPRESS_CATEGORIES];

/** The label of a subcategory within its category; the value itself when unknown. */
export function subCategoryLabel(category: string, subCategory: string): string {
  const option = findCategory(ALL_CATEGORIES, category);
  return option?.subCategory.find((sub) => sub.value === subCategory)?.label ?? subCategory;
}

/** "Medical claims — Claim not paid", or the category alone. */
export function categoryText(category: string, subCategory: string | null): string {
  const main = categoryLabel(category);
  return subCategory ? `${main} — ${subCategoryLabel(category, subCategory)}` : main;
}

/** "Reply sent" for REPLY_SENT: the outbox's kinds, in words. */
export function mailKindLabel(kind: string): string {
  const words = kind.replace(/[_-]+/g, " ").trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Today in the scheme's time zone, yyyy-MM-dd: the day the statutory clocks count from. */
export function schemeToday(now: Date = new Date()): string {
  return calendarDateIn(getSchemeTimeZone(), now);
}

/** Whole days from `from` to `to` (both yyyy-MM-dd); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
