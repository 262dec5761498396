import { asc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/database.js";
import { attachments } from "../../db/schema/conversations.js";
import { attachmentBlobsInFlight } from "../../db/schema/storage.js";
import type { BlobStore } from "./blob-store.js";

/**
 * How long a blob may stay in flight before the sweep takes it: far longer than any request, so a
 * submission still being stored is never touched.
 */
export const IN_FLIGHT_BLOB_MAX_AGE_MS = 6 * 60 * 60 * 1000;
const BATCH = 200;

/** Before a submission commits its blobs: names them, so a crash before its rows can be cleaned up. */
export async function recordBlobsInFlight(db: Db, keys: readonly string[], at: Date): Promise<void> {
  if (keys.length === 0) return;
  await db.insert(attachmentBlobsInFlight).values(keys.map((blobKey) => ({ blobKey, createdAt: at })));
}

/** In the transaction that writes the attachment rows, or after the blobs were deleted again. */
export async function clearBlobsInFlight(db: Queryable, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(attachmentBlobsInFlight).where(inArray(attachmentBlobsInFlight.blobKey, [...keys]));
}

async function referencedKeys(db: Queryable, keys: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .select({ key: attachments.blobKey })
    .from(attachments)
    .where(inArray(attachments.blobKey, [...keys]));
  return new Set(rows.map((row) => row.key));
}

/**
 * Deletes the blobs a crash left between committing them and writing their rows: those still in
 * flight after `olderThanMs`. Only blobs this database recorded are ever touched, and one that an
 * attachment row does name (it cannot, but the check is cheap) is kept. Returns how many went.
 */
export async function removeUnreferencedAttachments(
  db: Db,
  blobStore: BlobStore,
  now: Date,
  olderThanMs = IN_FLIGHT_BLOB_MAX_AGE_MS,
): Promise<number> {
  const cutoff = new Date(now.getTime() - olderThanMs);
  // Every app process sweeps each hour; one at a time does the work, the others find it taken.
  return db.transaction(async (tx) => {
    const [lock] = await tx
      .select({ taken: sql<boolean>`pg_try_advisory_xact_lock(${SWEEP_LOCK})` })
      .from(sql`(values (1)) as once (one)`);
    if (!lock?.taken) return 0;
    let removed = 0;
    for (;;) {
      const stale = await tx
        .select({ key: attachmentBlobsInFlight.blobKey })
        .from(attachmentBlobsInFlight)
        .where(lt(attachmentBlobsInFlight.createdAt, cutoff))
        .orderBy(asc(attachmentBlobsInFlight.createdAt))
        .limit(BATCH);
      if (stale.length === 0) return removed;
      const referenced = await referencedKeys(
        tx,
        stale.map((row) => row.key),
      );
      for (const { key } of stale) {
        if (!referenced.has(key)) {
          await blobStore.delete(key);
          removed += 1;
        }
        await tx.delete(attachmentBlobsInFlight).where(eq(attachmentBlobsInFlight.blobKey, key));
      }
    }
  });
}

/** The advisory lock the sweep holds for its transaction (any number unique to this purpose). */
const SWEEP_LOCK = 7302002;

/**
 * In the transaction that removes the rows naming these blobs: named as in flight, dated long ago,
 * so should the process die before they are deleted, the next hourly sweep finds them unreferenced
 * and deletes them.
 */
export async function putRemovedBlobsInFlight(tx: Queryable, blobKeys: readonly string[]): Promise<void> {
  if (blobKeys.length === 0) return;
  await tx
    .insert(attachmentBlobsInFlight)
    .values(blobKeys.map((blobKey) => ({ blobKey, createdAt: new Date(0) })))
    .onConflictDoNothing();
}
