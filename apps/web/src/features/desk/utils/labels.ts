import {
  categoryLabel,
  DEFAULT_CATEGORIES,
  findCategory,
  MEDXPRESS_CATEGORIES,
  type QueryStatus,
  type QueueSort,
  type WaitingOn,
} from "@portal/domain";

// Words the desk shows for the services' values: statuses, whom a conversation waits on, the queue's
// order, categories.

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
