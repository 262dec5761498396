import type { Db, Tx } from "../../db/database.js";
import type { BlobStore, PendingBlob } from "./blob-store.js";
import { clearBlobsInFlight, recordBlobsInFlight } from "./blobs-in-flight.js";

/**
 * Makes received files visible with the rows that name them, all or nothing (docs/decisions/0003):
 * the pending blobs are recorded as in flight and committed (flushed and renamed), then the rows
 * commit in one transaction that also clears the in-flight record. A crash before that commit
 * leaves only blobs still recorded in flight, which the sweep deletes; never rows without files.
 * `inTransaction` opens the transaction (a route's audited change, or a plain one).
 */
export async function commitBlobsWithRows<T>(
  { db, blobStore }: { db: Db; blobStore: BlobStore },
  pending: readonly PendingBlob[],
  at: Date,
  inTransaction: (work: (tx: Tx) => Promise<T>) => Promise<T>,
  writeRows: (tx: Tx) => Promise<T>,
): Promise<T> {
  const keys = pending.map((blob) => blob.key);
  await recordBlobsInFlight(db, keys, at).catch(async (error: unknown) => {
    await Promise.allSettled(pending.map((blob) => blobStore.discard(blob)));
    throw error;
  });
  try {
    for (const blob of pending) await blobStore.commit(blob);
  } catch (error) {
    // A commit failed (S3 down): the caller answers 503 and no one will commit these again. Their
    // spool files and what was committed before go now; a failed commit left its spool file for good.
    await Promise.allSettled(pending.map((blob) => blobStore.discard(blob)));
    await Promise.allSettled(keys.map((key) => blobStore.delete(key)));
    await clearBlobsInFlight(db, keys).catch(() => undefined);
    throw error;
  }
  try {
    return await inTransaction(async (tx) => {
      const result = await writeRows(tx);
      await clearBlobsInFlight(tx, keys);
      return result;
    });
  } catch (error) {
    await Promise.allSettled(keys.map((key) => blobStore.delete(key)));
    // Deleted again: nothing left for the sweep. If this fails, the sweep deletes them once more.
    await clearBlobsInFlight(db, keys).catch(() => undefined);
    throw error;
  }
}
