import { replyDueWindow } from "@portal/domain";
import type { Db } from "../../src/db/database.js";
import { addMemberMessage, sendReply, startConversation } from "../../src/modules/conversations/index.js";

// A desk written at chosen moments, through the commands, for the reports' tests: the reports
// count what the commands' triggers keep, so the conversations are written as a member and an
// agent would, only at the hours a test needs.

export const TIME_ZONE = "Africa/Johannesburg";
/** Wall-clock time in Johannesburg (UTC+2, no daylight saving). */
export const at = (local: string) => new Date(`${local}:00+02:00`);
export const silentLog = { info: () => undefined, error: () => undefined };

const message = (member: number, category: string, loggedAt: Date) => ({
  memberEntityNumber: member,
  category,
  subCategory: null,
  product: null,
  email: "member@example.com",
  ccEmail: null,
  loggedAt,
});

/** A member's new query at `local`, with the promise the portal makes for it. */
export function startConversationAt(
  db: Db,
  member: number,
  local: string,
  category: string,
  origin: "MEMBER_WEB" | "MED_XPRESS" = "MEMBER_WEB",
): Promise<number> {
  const loggedAt = at(local);
  return startConversation(
    db,
    {
      ...message(member, category, loggedAt),
      origin,
      queryText: "A question.",
      replyDueOn: replyDueWindow(loggedAt, "QUERY", TIME_ZONE).latest,
    },
    [],
  );
}

/** The member's update of `conversation` at `local`. */
export function addUpdateAt(
  db: Db,
  member: number,
  conversation: number,
  local: string,
  category: string,
): Promise<number> {
  const loggedAt = at(local);
  return addMemberMessage(
    db,
    {
      ...message(member, category, loggedAt),
      origin: "MEMBER_WEB",
      queryText: "And another thing.",
      replyDueOn: replyDueWindow(loggedAt, "UPDATE", TIME_ZONE).latest,
      parentReferenceNumber: conversation,
    },
    [],
  );
}

/** An agent's reply at `local`, closing the conversation when `close`. */
export function replyAt(db: Db, conversation: number, local: string, by: number, close = false) {
  return sendReply(db, conversation, {
    html: "<p>An answer.</p>",
    sentByEntityNumber: by,
    sentAt: at(local),
    close,
    mail: null,
  });
}
