import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/database.js";
import { rowsOf } from "../../db/raw-rows.js";
import {
  agentResponses,
  attachmentBlobsInFlight,
  documentSubmissionAttachments,
  documentSubmissions,
  outboxMails,
  queries,
  queryAttachments,
  queryNotes,
  replyAttachments,
  replyDrafts,
} from "../../db/schema.js";
import { emptyConversations } from "../conversations/index.js";
import type { BlobStore } from "../storage/index.js";
import { clearBlobsInFlight } from "../storage/index.js";

// Removing what a member wrote and was sent, for the retention purge and for an erasure: a query
// keeps a tombstone (reference, category, origin, dates, status, and when and why it was removed),
// so statistics and the member's timeline stay whole; its text, addresses, replies, notes, mails and
// attachment files go. Files are deleted after the rows' transaction commits; their keys are put
// in flight in that transaction (unreferenced-attachments.ts), so a crash in between leaves them
// to the hourly sweep, never to no one.

export type RemovalReason = "RETENTION" | "ERASURE";

export interface QueryRemoval {
  /** Query rows tombstoned: the conversations' first queries and their updates. */
  queries: number;
  replies: number;
  attachments: number;
  sentMails: number;
  /** Files to delete once the transaction has committed. */
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

/** A list of integers for `in (…)`: each a bound parameter. */
export function intList(values: readonly number[]) {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/** Tombstones these query rows (whole conversations) in the caller's transaction. */
export async function removeQueryContent(
  tx: Tx,
  referenceNumbers: readonly number[],
  reason: RemovalReason,
  at: Date,
): Promise<QueryRemoval> {
  if (referenceNumbers.length === 0)
    return { queries: 0, replies: 0, attachments: 0, sentMails: 0, blobKeys: [] };
  const refs = [...referenceNumbers];
  // Their conversations' rows first: a note, draft or reply being written waits, then is refused
  // (refuseIfErased), rather than landing after its kind was removed.
  await tx.execute(
    sql`select 1 from conversations where reference_number in (select conversation_reference_number from queries where reference_number in (${intList(refs)})) order by reference_number for update`,
  );
  const attachments = await tx
    .delete(queryAttachments)
    .where(inArray(queryAttachments.referenceNumber, refs))
    .returning({ blobKey: queryAttachments.blobKey });
  // The files staff sent with the replies go with them (their rows by the replies' cascade).
  const replyFiles = await tx
    .select({ blobKey: replyAttachments.blobKey })
    .from(replyAttachments)
    .innerJoin(agentResponses, eq(agentResponses.id, replyAttachments.replyId))
    .where(inArray(agentResponses.referenceNumber, refs));
  const blobKeys = [...attachments, ...replyFiles].map((row) => row.blobKey);
  await putInFlight(tx, blobKeys);
  const replies = await tx
    .delete(agentResponses)
    .where(inArray(agentResponses.referenceNumber, refs))
    .returning({ id: agentResponses.id });
  // Staff's notes are about the member too: they go with the query.
  await tx.delete(queryNotes).where(inArray(queryNotes.referenceNumber, refs));
  // So are their drafts of replies and notes, which quote the member as they type.
  await tx.delete(replyDrafts).where(inArray(replyDrafts.referenceNumber, refs));
  // The mails of the conversation hold its text and replies.
  const mails = await tx
    .delete(outboxMails)
    .where(inArray(outboxMails.referenceNumber, refs))
    .returning({ id: outboxMails.id });
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
  return {
    queries: tombstoned.length,
    replies: replies.length,
    attachments: attachments.length,
    sentMails: mails.length,
    blobKeys,
  };
}

export interface SubmissionRemoval {
  submissions: number;
  files: number;
  blobKeys: string[];
}

/** Removes the files of these document submissions; the submission's date and category stay. */
export async function removeSubmissionContent(
  tx: Tx,
  referenceNumbers: readonly number[],
  reason: RemovalReason,
  at: Date,
): Promise<SubmissionRemoval> {
  if (referenceNumbers.length === 0) return { submissions: 0, files: 0, blobKeys: [] };
  const refs = [...referenceNumbers];
  const files = await tx
    .delete(documentSubmissionAttachments)
    .where(inArray(documentSubmissionAttachments.referenceNumber, refs))
    .returning({ blobKey: documentSubmissionAttachments.blobKey });
  const blobKeys = files.map((row) => row.blobKey);
  await putInFlight(tx, blobKeys);
  const submissions = await tx
    .update(documentSubmissions)
    .set({ purgedAt: at, purgeReason: reason })
    .where(and(inArray(documentSubmissions.referenceNumber, refs), isNull(documentSubmissions.purgedAt)))
    .returning({ referenceNumber: documentSubmissions.referenceNumber });
  return { submissions: submissions.length, files: files.length, blobKeys };
}

/**
 * Named as in flight, dated long ago: should the process die before deleteRemovedFiles, the next
 * hourly sweep finds them unreferenced and deletes them.
 */
export async function putInFlight(tx: Tx, blobKeys: readonly string[]): Promise<void> {
  if (blobKeys.length === 0) return;
  await tx
    .insert(attachmentBlobsInFlight)
    .values(blobKeys.map((blobKey) => ({ blobKey, createdAt: new Date(0) })))
    .onConflictDoNothing();
}

/** After the commit: the files go, then their in-flight names. */
export async function deleteRemovedFiles(
  db: Db,
  blobStore: BlobStore,
  blobKeys: readonly string[],
): Promise<void> {
  for (const key of blobKeys) await blobStore.delete(key);
  await clearBlobsInFlight(db, blobKeys);
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
