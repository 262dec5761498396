import type { MEMBER_MESSAGE_KINDS } from "@portal/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/database.js";
import { rowsOf } from "../../../db/raw-rows.js";
import {
  attachments as attachmentRows,
  conversations,
  queries,
  threadEntries,
} from "../../../db/schema/conversations.js";
import { errors } from "../../../lib/errors.js";
import { messageWords } from "../search-document.js";

// A member's messages: a new query starts a conversation; an update adds to one. Both run inside
// the submission's transaction (it also commits the files and queues the acknowledgement).

export interface NewMessage {
  memberEntityNumber: number;
  origin: "MEMBER_WEB" | "MED_XPRESS";
  category: string;
  subCategory: string | null;
  product: string | null;
  queryText: string;
  email: string;
  ccEmail: string | null;
  loggedAt: Date;
  /** The promise made for this message (replyDueWindow of the domain); null only for old rows. */
  replyDueOn: string | null;
  legacy?: boolean;
}

export interface NewAttachment {
  fileName: string;
  contentType: string;
  sizeBytes: number;
  blobKey: string;
}

/** How a member's message came: through the portal, or by e-mail (modules/inbound-mail). */
export type MemberMessageKind = (typeof MEMBER_MESSAGE_KINDS)[number];

/** The message's entry in its conversation's thread, and its files on that entry. */
async function insertMessageEntry(
  tx: Queryable,
  entry: { conversation: number; referenceNumber: number; at: Date; kind: MemberMessageKind },
  attachments: readonly NewAttachment[],
) {
  const [created] = await tx
    .insert(threadEntries)
    .values({
      conversationReferenceNumber: entry.conversation,
      kind: entry.kind,
      at: entry.at,
      queryReferenceNumber: entry.referenceNumber,
    })
    .returning({ id: threadEntries.id });
  if (!created) throw new Error("insert into thread_entries returned no row");
  await insertAttachments(tx, created.id, attachments);
}

/** Files on a thread entry, in the order given. */
export async function insertAttachments(
  tx: Queryable,
  threadEntryId: number,
  attachments: readonly NewAttachment[],
): Promise<void> {
  if (attachments.length === 0) return;
  await tx
    .insert(attachmentRows)
    .values(attachments.map((attachment, position) => ({ ...attachment, threadEntryId, position })));
}

/**
 * A new query, and the conversation it starts (keyed by the query's reference number, taken from
 * the queries' sequence first so both rows are written once). Answers the reference number.
 */
export async function startConversation(
  tx: Queryable,
  message: NewMessage,
  attachments: readonly NewAttachment[],
  kind: MemberMessageKind = "MEMBER_MESSAGE",
): Promise<number> {
  const [taken] = await rowsOf<{ reference: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('queries', 'reference_number'))::int as reference`,
  );
  if (!taken) throw new Error("the queries' sequence gave no number");
  const referenceNumber = taken.reference;
  await tx.insert(conversations).values({
    referenceNumber,
    memberEntityNumber: message.memberEntityNumber,
    origin: message.origin,
    category: message.category,
    subCategory: message.subCategory,
    email: message.email,
    status: "OPEN",
    waitingOn: "AGENT",
    replyDueOn: message.replyDueOn,
    dueKey: message.replyDueOn ?? "-infinity",
    loggedAt: message.loggedAt,
    lastMessageAt: message.loggedAt,
    latestReferenceNumber: referenceNumber,
    messageCount: 1,
    legacy: message.legacy ?? false,
    searchDocument: messageWords(message.queryText) as unknown as string,
  });
  await tx
    .insert(queries)
    .overridingSystemValue()
    .values({
      ...message,
      referenceNumber,
      conversationReferenceNumber: referenceNumber,
      parentReferenceNumber: null,
      status: "OPEN",
    });
  await insertMessageEntry(
    tx,
    { conversation: referenceNumber, referenceNumber, at: message.loggedAt, kind },
    attachments,
  );
  return referenceNumber;
}

/**
 * An update: a new query row added to the conversation of `parentReferenceNumber`, which then
 * waits on the scheme again. The reply owed stays the earliest promise not yet answered. Refused
 * (409) when the conversation was closed meanwhile: the row lock of the conversation's update
 * orders this after a close that committed first.
 */
export async function addMemberMessage(
  tx: Queryable,
  message: NewMessage & { parentReferenceNumber: number },
  attachments: readonly NewAttachment[],
  kind: MemberMessageKind = "MEMBER_MESSAGE",
): Promise<number> {
  const [parent] = await tx
    .select({ conversation: queries.conversationReferenceNumber })
    .from(queries)
    .where(
      and(
        eq(queries.referenceNumber, message.parentReferenceNumber),
        eq(queries.memberEntityNumber, message.memberEntityNumber),
        eq(queries.origin, message.origin),
      ),
    )
    .limit(1);
  if (!parent) throw errors.notFound();
  const [created] = await tx
    .insert(queries)
    .values({ ...message, conversationReferenceNumber: parent.conversation, status: "OPEN" })
    .returning({ referenceNumber: queries.referenceNumber });
  if (!created) throw new Error("insert into queries returned no row");
  const due = sql`coalesce(${message.replyDueOn}::date, '-infinity'::date)`;
  const owed = sql`case when ${conversations.waitingOn} = 'AGENT' then least(${conversations.dueKey}, ${due}) else ${due} end`;
  const updated = await tx
    .update(conversations)
    .set({
      waitingOn: "AGENT",
      dueKey: sql`${owed}`,
      replyDueOn: sql`nullif(${owed}, '-infinity'::date)`,
      lastMessageAt: message.loggedAt,
      latestReferenceNumber: created.referenceNumber,
      messageCount: sql`${conversations.messageCount} + 1`,
      searchDocument: sql`${conversations.searchDocument} || ${messageWords(message.queryText)}`,
    })
    .where(and(eq(conversations.referenceNumber, parent.conversation), eq(conversations.status, "OPEN")))
    .returning({ referenceNumber: conversations.referenceNumber });
  if (updated.length === 0) throw errors.conflict("This query can no longer be updated.");
  await insertMessageEntry(
    tx,
    {
      conversation: parent.conversation,
      referenceNumber: created.referenceNumber,
      at: message.loggedAt,
      kind,
    },
    attachments,
  );
  return created.referenceNumber;
}

/** A member's message either way: an update when it names the query it adds to, else a new conversation. */
export function recordMemberMessage(
  tx: Queryable,
  message: NewMessage & { parentReferenceNumber: number | null },
  attachments: readonly NewAttachment[],
): Promise<number> {
  const { parentReferenceNumber, ...fields } = message;
  return parentReferenceNumber === null
    ? startConversation(tx, fields, attachments)
    : addMemberMessage(tx, { ...fields, parentReferenceNumber }, attachments);
}
