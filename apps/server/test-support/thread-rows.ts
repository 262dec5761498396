import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../src/db/database.js";
import { attachments, queries, threadEntries } from "../src/db/schema.js";

// What tests look up in a conversation's thread, as the rows the desk stores.

/** The replies sent to a query (the conversation's first query for the desk's), oldest first. */
export function repliesTo(db: Db, referenceNumber: number) {
  return db
    .select({
      id: threadEntries.id,
      html: threadEntries.body,
      sentAt: threadEntries.at,
      sentByEntityNumber: threadEntries.authorEntityNumber,
      idempotencyKey: threadEntries.idempotencyKey,
    })
    .from(threadEntries)
    .where(and(eq(threadEntries.queryReferenceNumber, referenceNumber), eq(threadEntries.kind, "REPLY")))
    .orderBy(asc(threadEntries.at), asc(threadEntries.id));
}

/** Every reply stored, of any conversation. */
export function allReplies(db: Db) {
  return db
    .select({
      id: threadEntries.id,
      html: threadEntries.body,
      referenceNumber: threadEntries.queryReferenceNumber,
    })
    .from(threadEntries)
    .where(eq(threadEntries.kind, "REPLY"));
}

/** The files of a member's message (a query or an update), in order. */
export function messageFilesOf(db: Db, referenceNumber: number) {
  return db
    .select({
      attachmentId: attachments.attachmentId,
      fileName: attachments.fileName,
      contentType: attachments.contentType,
      sizeBytes: attachments.sizeBytes,
      blobKey: attachments.blobKey,
    })
    .from(attachments)
    .innerJoin(threadEntries, eq(threadEntries.id, attachments.threadEntryId))
    .where(
      and(
        eq(threadEntries.queryReferenceNumber, referenceNumber),
        inArray(threadEntries.kind, ["MEMBER_MESSAGE", "EMAIL_RECEIVED"]),
      ),
    )
    .orderBy(asc(attachments.position));
}

/** The files sent with a reply (its thread entry's id). */
export function replyFilesOf(db: Db, replyId: number) {
  return db
    .select({
      attachmentId: attachments.attachmentId,
      fileName: attachments.fileName,
      blobKey: attachments.blobKey,
    })
    .from(attachments)
    .where(eq(attachments.threadEntryId, replyId))
    .orderBy(asc(attachments.position));
}

interface FileRow {
  fileName: string;
  contentType: string;
  sizeBytes: number;
  blobKey: string;
  position: number;
}

/**
 * A reply as stored by the desk, written straight into the thread: for tests of what members and
 * the purge see of replies to any query (the desk's go to the first query; those from before it
 * to the query answered). Answers the entry's id, as the table's `returning()` would.
 */
export async function insertReply(
  db: Db,
  reply: { referenceNumber: number; html: string; sentAt: Date; sentByEntityNumber?: number | null },
) {
  const [query] = await db
    .select({ conversation: queries.conversationReferenceNumber })
    .from(queries)
    .where(eq(queries.referenceNumber, reply.referenceNumber));
  if (!query) throw new Error(`no query ${reply.referenceNumber} to reply to`);
  return db
    .insert(threadEntries)
    .values({
      conversationReferenceNumber: query.conversation,
      kind: "REPLY",
      at: reply.sentAt,
      queryReferenceNumber: reply.referenceNumber,
      authorEntityNumber: reply.sentByEntityNumber ?? null,
      body: reply.html,
    })
    .returning({ id: threadEntries.id });
}

/** A file on a reply (its entry's id). */
export function insertReplyFile(db: Db, file: FileRow & { replyId: number }) {
  const { replyId, ...row } = file;
  return db
    .insert(attachments)
    .values({ ...row, threadEntryId: replyId })
    .returning({ attachmentId: attachments.attachmentId });
}

/** A file of a document submission. */
export function insertSubmissionFile(db: Db, file: FileRow & { referenceNumber: number }) {
  const { referenceNumber, ...row } = file;
  return db
    .insert(attachments)
    .values({ ...row, documentSubmissionReferenceNumber: referenceNumber })
    .returning({ attachmentId: attachments.attachmentId });
}
