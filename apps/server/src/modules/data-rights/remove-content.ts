import type { Db, Tx } from "../../db/database.js";
import {
  type RemovalReason,
  removeConversationContent,
  removeSubmissionContent as removeSubmissionRows,
  type SubmissionRemoval,
} from "../conversations/index.js";
import { removeQueryMails } from "../mail/index.js";
import type { BlobStore } from "../storage/index.js";
import { clearBlobsInFlight, putRemovedBlobsInFlight } from "../storage/index.js";

// Removing what a member wrote and was sent, for the retention purge and for an erasure: each
// owner removes its own rows (the desk its queries, replies, notes and attachments; the outbox its
// mails) in one transaction, and the files' keys are put in flight in it (storage's step), so a
// crash between the commit and deleteRemovedFiles leaves them to the hourly sweep, never to no one.

export interface QueryRemoval {
  queries: number;
  replies: number;
  attachments: number;
  sentMails: number;
  /** Files to delete once the transaction has committed. */
  blobKeys: string[];
}

/** Tombstones these query rows (whole conversations) and removes their mails, in the caller's transaction. */
export async function removeQueryContent(
  tx: Tx,
  referenceNumbers: readonly number[],
  reason: RemovalReason,
  at: Date,
): Promise<QueryRemoval> {
  const removed = await removeConversationContent(tx, referenceNumbers, reason, at);
  const sentMails = await removeQueryMails(tx, referenceNumbers);
  await putRemovedBlobsInFlight(tx, removed.blobKeys);
  return { ...removed, sentMails };
}

/** Removes the files of these document submissions; the submission's date and category stay. */
export async function removeSubmissionContent(
  tx: Tx,
  referenceNumbers: readonly number[],
  reason: RemovalReason,
  at: Date,
): Promise<SubmissionRemoval> {
  const removed = await removeSubmissionRows(tx, referenceNumbers, reason, at);
  await putRemovedBlobsInFlight(tx, removed.blobKeys);
  return removed;
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
