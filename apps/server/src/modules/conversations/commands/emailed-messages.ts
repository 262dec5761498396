import { canUpdateQuery, replyDueWindow } from "@portal/domain";
import { eq } from "drizzle-orm";
import type { Queryable } from "../../../db/database.js";
import { conversations, queries } from "../../../db/schema/conversations.js";
import { addMemberMessage, type NewAttachment, startConversation } from "./member-messages.js";

// A member's message that came by e-mail (modules/inbound-mail): an update of the conversation it
// answers when the conversation still takes one, under the same rule as the portal's update form;
// otherwise a new query of the member's, which the inbound mail's row links to the conversation.

export interface EmailedMessage {
  conversation: number;
  /** The member's words: the mail's text with quoted history and signature cut. */
  text: string;
  at: Date;
  updateWindowDays: number;
  timeZone: string;
}

export interface EmailedMessageRecorded {
  /** UPDATE: added to the conversation; NEW_QUERY: it could not be, so a new query was logged. */
  outcome: "UPDATE" | "NEW_QUERY";
  referenceNumber: number;
  memberEntityNumber: number;
  /** Why the conversation took no update (NEW_QUERY only): closed, or past the window or of another channel. */
  refusal: "CLOSED" | "NOT_UPDATABLE" | null;
  /** Where the acknowledgement goes: the conversation's reply address and copy. */
  email: string;
  ccEmail: string | null;
  category: string;
  replyDueOn: string;
}

/**
 * Records the message; undefined when the conversation does not exist (purged meanwhile). The
 * conversation's row is locked first, so a close that commits meanwhile is seen: the message is
 * then a new query, never an update of a closed conversation.
 */
export async function recordEmailedMessage(
  tx: Queryable,
  message: EmailedMessage,
  attachments: readonly NewAttachment[],
): Promise<EmailedMessageRecorded | undefined> {
  const [conversation] = await tx
    .select({ status: conversations.status, member: conversations.memberEntityNumber })
    .from(conversations)
    .where(eq(conversations.referenceNumber, message.conversation))
    .for("update");
  const [first] = await tx
    .select()
    .from(queries)
    .where(eq(queries.referenceNumber, message.conversation))
    .limit(1);
  if (!conversation || !first) return undefined;
  const updatable = canUpdateQuery(
    { status: conversation.status, origin: first.origin, loggedAt: first.loggedAt, legacy: first.legacy },
    { now: message.at, updateWindowDays: message.updateWindowDays },
  );
  const fields = {
    memberEntityNumber: conversation.member,
    category: first.category,
    subCategory: first.subCategory,
    product: first.product,
    queryText: message.text,
    email: first.email,
    ccEmail: first.ccEmail,
    loggedAt: message.at,
  };
  const recorded = (outcome: "UPDATE" | "NEW_QUERY", referenceNumber: number, replyDueOn: string) =>
    ({
      outcome,
      referenceNumber,
      memberEntityNumber: conversation.member,
      refusal: outcome === "UPDATE" ? null : conversation.status === "OPEN" ? "NOT_UPDATABLE" : "CLOSED",
      email: first.email,
      ccEmail: first.ccEmail,
      category: first.category,
      replyDueOn,
    }) satisfies EmailedMessageRecorded;
  if (updatable) {
    const replyDueOn = replyDueWindow(message.at, "UPDATE", message.timeZone).latest;
    const referenceNumber = await addMemberMessage(
      tx,
      { ...fields, origin: "MEMBER_WEB", replyDueOn, parentReferenceNumber: message.conversation },
      attachments,
      "EMAIL_RECEIVED",
    );
    return recorded("UPDATE", referenceNumber, replyDueOn);
  }
  // A MedXpress conversation's follow-up stays a MedXpress query; any other is the portal's own.
  const origin = first.origin === "MED_XPRESS" && !first.legacy ? "MED_XPRESS" : "MEMBER_WEB";
  const replyDueOn = replyDueWindow(message.at, "QUERY", message.timeZone).latest;
  const referenceNumber = await startConversation(
    tx,
    { ...fields, origin, replyDueOn },
    attachments,
    "EMAIL_RECEIVED",
  );
  return recorded("NEW_QUERY", referenceNumber, replyDueOn);
}
