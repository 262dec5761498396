import type { QueryStatus } from "./limits.js";
import { isOverdue } from "./reply-due-date.js";

// A conversation is a member's query and the updates added to it, with the scheme's replies: one
// thing to the desk, with one status, one assignee and one due date. Who it waits on decides
// whether the scheme owes a reply: a member's message makes it wait on the scheme (the agent) with
// the promise made for that message; an agent's reply that does not close it waits on the member.

export const WAITING_ON = ["AGENT", "MEMBER"] as const;

/**
 * What a conversation's thread holds, one typed entry each, oldest first: the member's messages
 * (from the portal, or received by e-mail), the scheme's replies, staff's internal notes, documents
 * received, and what happened to it (assigned, closed, reopened, escalated). Only replies and the
 * member's messages ever reach the member; notes and events are the desk's.
 */
export const THREAD_ENTRY_KINDS = [
  "MEMBER_MESSAGE",
  "EMAIL_RECEIVED",
  "REPLY",
  "NOTE",
  "DOCUMENT_RECEIVED",
  "ASSIGNED",
  "CLOSED",
  "REOPENED",
  "ESCALATED",
] as const;
export type ThreadEntryKind = (typeof THREAD_ENTRY_KINDS)[number];

/** The kinds that are a member's message (the entry of one query row). */
export const MEMBER_MESSAGE_KINDS = [
  "MEMBER_MESSAGE",
  "EMAIL_RECEIVED",
] as const satisfies readonly ThreadEntryKind[];

/** The kinds that record something done to the conversation rather than something said. */
export const THREAD_EVENT_KINDS = [
  "ASSIGNED",
  "CLOSED",
  "REOPENED",
  "ESCALATED",
] as const satisfies readonly ThreadEntryKind[];
export type ThreadEventKind = (typeof THREAD_EVENT_KINDS)[number];
export type WaitingOn = (typeof WAITING_ON)[number];

export interface ConversationState {
  status: QueryStatus;
  waitingOn: WaitingOn;
  /** The last day of the promise owed; null when the first unanswered message predates promises. */
  replyDueOn: string | null;
}

/**
 * The one definition of overdue, used by the queue, the query page and the counts: open, waiting on
 * the scheme, and `today` (a calendar day in the scheme's TIME_ZONE) past the promise. A message
 * with no recorded promise was logged before promises were recorded, so it is long overdue.
 */
export function isConversationOverdue(conversation: ConversationState, today: string): boolean {
  if (conversation.status !== "OPEN" || conversation.waitingOn !== "AGENT") return false;
  return conversation.replyDueOn === null || isOverdue(conversation.replyDueOn, today);
}

/**
 * Where the conversation stands in the queue's "due" order, as the database keeps it (a date, or
 * PostgreSQL's -infinity / infinity): no recorded promise first, then by the day owed, and those
 * waiting on the member (nothing owed) last. Overdue is then `dueKey < today` for open ones.
 */
export function queueDueKey(conversation: Omit<ConversationState, "status">): string {
  if (conversation.waitingOn === "MEMBER") return "infinity";
  return conversation.replyDueOn ?? "-infinity";
}
