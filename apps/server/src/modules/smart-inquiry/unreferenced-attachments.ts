import { inArray } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { documentSubmissionAttachments, queryAttachments } from "../../db/schema.js";
import type { BlobStore } from "../storage/blob-store.js";

/** Where every attachment blob lives (receive-submission.ts, the demo data). */
export const ATTACHMENT_BLOB_PREFIX = "attachments/";

/**
 * A submission commits its blobs, then its rows (store-submission.ts): a crash between the two
 * leaves blobs no row names. Far older than any request can take, such a blob can never be named
 * any more, and it holds a member's medical papers: it is deleted.
 */
export const UNREFERENCED_BLOB_MIN_AGE_MS = 6 * 60 * 60 * 1000;
const BATCH = 500;

async function referencedKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  const [byQueries, bySubmissions] = await Promise.all([
    db
      .select({ key: queryAttachments.blobKey })
      .from(queryAttachments)
      .where(inArray(queryAttachments.blobKey, [...keys])),
    db
      .select({ key: documentSubmissionAttachments.blobKey })
      .from(documentSubmissionAttachments)
      .where(inArray(documentSubmissionAttachments.blobKey, [...keys])),
  ]);
  return new Set([...byQueries, ...bySubmissions].map((row) => row.key));
}

/** Deletes attachment blobs older than `olderThanMs` that no attachment row names; returns how many. */
export async function removeUnreferencedAttachments(
  db: Db,
  blobStore: BlobStore,
  olderThanMs = UNREFERENCED_BLOB_MIN_AGE_MS,
): Promise<number> {
  let removed = 0;
  let batch: string[] = [];
  const settle = async () => {
    const referenced = await referencedKeys(db, batch);
    for (const key of batch) {
      if (referenced.has(key)) continue;
      await blobStore.delete(key);
      removed += 1;
    }
    batch = [];
  };
  for await (const key of blobStore.listCommitted(ATTACHMENT_BLOB_PREFIX, olderThanMs)) {
    batch.push(key);
    if (batch.length >= BATCH) await settle();
  }
  if (batch.length > 0) await settle();
  return removed;
}
