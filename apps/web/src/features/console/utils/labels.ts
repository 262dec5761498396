import {
  categoryLabel,
  DEFAULT_CATEGORIES,
  findCategory,
  formatDate,
  formatDueDate,
  MEDXPRESS_CATEGORIES,
  type QueryStatus,
  type ServerOrigin,
} from "@portal/domain";

// Words the console shows for the services' values.

export const ORIGIN_LABELS: Readonly<Record<ServerOrigin, string>> = {
  MEMBER_WEB: "Member portal",
  MED_XPRESS: "MedXpress",
};

export const STATUS_LABELS: Readonly<Record<QueryStatus, string>> = { OPEN: "Open", CLOSED: "Closed" };

export const ROLE_LABELS = { STAFF_AGENT: "Agent", STAFF_SUPERVISOR: "Supervisor" } as const;

/** Every category a query may carry, default and medxpress, for the queue's filter. */
export const ALL_CATEGORIES = [...DEFAULT_CATEGORIES, ...MEDXPRESS_CATEGORIES];

export function personName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

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

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

/** yyyy-MM-dd HH:mm in the browser's time, for when something was logged, sent or written. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The day a reply is due, as the member is told it: "Tue 24 Nov 2026". */
export function dueDateText(replyDueOn: string): string {
  return formatDueDate(replyDueOn);
}

/** "Reply sent" for REPLY_SENT: the outbox's kinds, in words. */
export function mailKindLabel(kind: string): string {
  const words = kind.replace(/[_-]+/g, " ").trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
