import type { Db } from "../../db/database.js";
import { type MailBrand, queryLoggedMail, updateLoggedMail } from "../mail/mail-content.js";
import { enqueueMail } from "../mail/outbox.js";
import type { BlobStore } from "../storage/blob-store.js";
import { claimKey, findPriorAnswer, type IdempotencyClaim, recordAnswer } from "./idempotency.js";
import { insertQueryWithAttachments, type NewQuery } from "./queries-repository.js";
import type { ReceivedFile } from "./receive-submission.js";
import { clearBlobsInFlight, recordBlobsInFlight } from "./unreferenced-attachments.js";

class KeyTakenMeanwhile extends Error {}

/**
 * Makes a received submission visible, all or nothing (docs/decisions/0003): the pending blobs are
 * recorded as in flight and committed (flushed and renamed), then the query and attachment rows
 * commit in one transaction that also clears the in-flight record. A crash before that commit
 * leaves only blobs still recorded in flight, which the sweep deletes; never half a query.
 */
export async function storeSubmission(
  dependencies: { db: Db; blobStore: BlobStore; config: { brand: MailBrand } },
  query: NewQuery,
  files: readonly ReceivedFile[],
  idempotency: IdempotencyClaim | undefined,
): Promise<number> {
  const { db, blobStore } = dependencies;
  const discardAll = () => Promise.allSettled(files.map((file) => blobStore.discard(file.pending)));
  const member = query.memberEntityNumber;

  if (idempotency) {
    const prior = await findPriorAnswer(db, member, idempotency).catch(async (error: unknown) => {
      await discardAll();
      throw error;
    });
    if (prior !== undefined) {
      await discardAll();
      return prior;
    }
  }

  const keys = files.map((file) => file.pending.key);
  await recordBlobsInFlight(db, keys, query.loggedAt).catch(async (error: unknown) => {
    await discardAll();
    throw error;
  });
  for (const file of files) await blobStore.commit(file.pending);
  try {
    return await db.transaction(async (tx) => {
      if (idempotency && !(await claimKey(tx, member, idempotency, query.loggedAt))) {
        throw new KeyTakenMeanwhile();
      }
      const referenceNumber = await insertQueryWithAttachments(
        tx,
        query,
        files.map((file) => ({
          fileName: file.fileName,
          contentType: file.contentType,
          sizeBytes: file.sizeBytes,
          blobKey: file.pending.key,
        })),
      );
      if (idempotency) await recordAnswer(tx, member, idempotency.key, referenceNumber);
      await clearBlobsInFlight(tx, keys);
      // The acknowledgement commits with the query: sent if and only if the query exists.
      const acknowledgement = {
        to: [query.email],
        cc: query.ccEmail ? [query.ccEmail] : [],
        referenceNumber,
        memberEntityNumber: member,
        dueLatest: query.replyDueOn,
      };
      await enqueueMail(
        tx,
        query.parentReferenceNumber === null
          ? queryLoggedMail(dependencies.config.brand, acknowledgement)
          : updateLoggedMail(dependencies.config.brand, {
              ...acknowledgement,
              parentReferenceNumber: query.parentReferenceNumber,
            }),
        query.loggedAt,
      );
      return referenceNumber;
    });
  } catch (error) {
    await Promise.allSettled(files.map((file) => blobStore.delete(file.pending.key)));
    // Deleted again: nothing left for the sweep. If this fails, the sweep deletes them once more.
    await clearBlobsInFlight(db, keys).catch(() => undefined);
    if (error instanceof KeyTakenMeanwhile && idempotency) {
      const prior = await findPriorAnswer(db, member, idempotency);
      if (prior !== undefined) return prior;
    }
    throw error;
  }
}
