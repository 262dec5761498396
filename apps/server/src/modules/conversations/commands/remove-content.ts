import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../../db/database.js";
import { intList, rowsOf } from "../../../db/raw-rows.js";
import {
  attachments as attachmentRows,
  documentSubmissions,
  queries,
  replyDrafts,
  threadEntries,
} from "../../../db/schema/conversations.js";
import { emptyConversations } from "./desk.js";

// The desk's own steps for the retention purge and an erasure (modules/data-rights calls them, with
// the mail's and the file store's steps, in one transaction): a query keeps a tombstone (reference,
// category, origin, dates, status, and when and why it was removed), so statistics and the
// member's timeline stay whole; its text, addresses, replies, notes, drafts and attachment rows go.
// The thread keeps what says nothing of the member: where each message was, and its events.
// The files' keys are returned: the caller puts them in flight in the same transaction and deletes
// them after it commits.

export type RemovalReason = "RETENTION" | "ERASURE";

export interface ConversationRemoval {
  /** Query rows tombstoned: the conversations' first queries and their updates. */
  queries: number;
  replies: number;
  attachments: number;
  /** Files of the removed rows (the member's attachments, the ones staff sent with replies). */
  blobKeys: string[];
}

/** Every query of the conversations that start at `roots`: the roots and their updates, at any depth. */
export async function conversationRows(tx: Tx, roots: readonly number[]): Promise<number[]> {
  if (roots.length === 0) return [];
  const rows = await rowsOf<{ reference_number: number }>(
    tx,
    sql`
    with recursive conversation as (
      select reference_number from queries where reference_number in (${intList(roots)})
      union all
      select q.reference_number from queries q join conversation c on q.parent_reference_number = c.reference_number
    )
    select reference_number from conversation`,
  );
  return rows.map((row) => Number(row.reference_number));
}

/** Tombstones these query rows (whole conversations) in the caller's transaction. */
export async function removeConversationContent(
  tx: Tx,
  referenceNumbers: readonly number[],
  reason: RemovalReason,
  at: Date,
): Promise<ConversationRemoval> {
  if (referenceNumbers.length === 0) return { queries: 0, replies: 0, attachments: 0, blobKeys: [] };
  const refs = [...referenceNumbers];
  // Their conversations' rows first: a note, draft or reply being written waits, then is refused
  // (refuseIfErased), rather than landing after its kind was removed.
  await tx.execute(
    sql`select 1 from conversations where reference_number in (select conversation_reference_number from queries where reference_number in (${intList(refs)})) order by reference_number for update`,
  );
  // Every file of the queries' entries: the member's, and those staff sent with the replies.
  const entriesOfQueries = tx
    .select({ id: threadEntries.id })
    .from(threadEntries)
    .where(inArray(threadEntries.queryReferenceNumber, refs));
  const files = await tx
    .delete(attachmentRows)
    .where(inArray(attachmentRows.threadEntryId, entriesOfQueries))
    .returning({ blobKey: attachmentRows.blobKey, threadEntryId: attachmentRows.threadEntryId });
  const replies = await tx
    .delete(threadEntries)
    .where(and(inArray(threadEntries.queryReferenceNumber, refs), eq(threadEntries.kind, "REPLY")))
    .returning({ id: threadEntries.id });
  // Staff's notes are about the member too: they go with the conversation (keyed by its first query).
  await tx
    .delete(threadEntries)
    .where(and(inArray(threadEntries.conversationReferenceNumber, refs), eq(threadEntries.kind, "NOTE")));
  // So are their drafts of replies and notes, which quote the member as they type.
  await tx.delete(replyDrafts).where(inArray(replyDrafts.referenceNumber, refs));
  // An erased query still open is closed: nothing is left for the desk to answer, nor an address to answer to.
  const closing =
    reason === "ERASURE"
      ? { status: "CLOSED", closedAt: sql`coalesce(${queries.closedAt}, ${at.toISOString()}::timestamptz)` }
      : {};
  const tombstoned = await tx
    .update(queries)
    .set({ queryText: "", email: "", ccEmail: null, purgedAt: at, purgeReason: reason, ...closing })
    .where(and(inArray(queries.referenceNumber, refs), isNull(queries.purgedAt)))
    .returning({ referenceNumber: queries.referenceNumber });
  await emptyConversations(tx, refs, { close: reason === "ERASURE", at });
  const replyIds = new Set(replies.map((reply) => reply.id));
  return {
    queries: tombstoned.length,
    replies: replies.length,
    // The member's files, as counted before: those of the replies are removed with them.
    attachments: files.filter((file) => !replyIds.has(file.threadEntryId ?? 0)).length,
    blobKeys: files.map((row) => row.blobKey),
  };
}

/** What removeConversationContent would remove of these query rows (a dry run's figures). */
export async function countConversationContent(tx: Tx, refs: readonly number[]) {
  if (refs.length === 0) return { replies: 0, attachments: 0 };
  const [row] = await rowsOf<{ replies: string | number; attachments: string | number }>(
    tx,
    sql`
      select
        (select count(*) from thread_entries where query_reference_number in (${intList(refs)})
          and kind = 'REPLY') as replies,
        (select count(*) from attachments a join thread_entries e on e.id = a.thread_entry_id
          where e.query_reference_number in (${intList(refs)})
          and e.kind in ('MEMBER_MESSAGE', 'EMAIL_RECEIVED')) as attachments`,
  );
  return { replies: Number(row?.replies ?? 0), attachments: Number(row?.attachments ?? 0) };
}

export interface SubmissionRemoval {
  submissions: number;
  files: number;
  blobKeys: string[];
}

/** Removes the file rows of these document submissions; the submission's date and category stay. */
export async function removeSubmissionContent(
  tx: Tx,
  referenceNumbers: readonly number[],
  reason: RemovalReason,
  at: Date,
): Promise<SubmissionRemoval> {
  if (referenceNumbers.length === 0) return { submissions: 0, files: 0, blobKeys: [] };
  const refs = [...referenceNumbers];
  const files = await tx
    .delete(attachmentRows)
    .where(inArray(attachmentRows.documentSubmissionReferenceNumber, refs))
    .returning({ blobKey: attachmentRows.blobKey });
  const submissions = await tx
    .update(documentSubmissions)
    .set({ purgedAt: at, purgeReason: reason })
    .where(and(inArray(documentSubmissions.referenceNumber, refs), isNull(documentSubmissions.purgedAt)))
    .returning({ referenceNumber: documentSubmissions.referenceNumber });
  return { submissions: submissions.length, files: files.length, blobKeys: files.map((row) => row.blobKey) };
}

/** A member's document submissions not yet removed. */
export async function memberSubmissions(tx: Tx, memberEntityNumber: number): Promise<number[]> {
  const rows = await tx
    .select({ referenceNumber: documentSubmissions.referenceNumber })
    .from(documentSubmissions)
    .where(
      and(
        eq(documentSubmissions.memberEntityNumber, memberEntityNumber),
        isNull(documentSubmissions.purgedAt),
      ),
    );
  return rows.map((row) => row.referenceNumber);
}
