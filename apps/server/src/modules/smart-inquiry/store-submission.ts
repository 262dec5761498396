import { UPDATABLE_ORIGIN } from "@portal/domain";
import type { Db } from "../../db/database.js";
import { recordMemberMessage } from "../conversations/index.js";
import {
  enqueueMail,
  type MailBrand,
  memberQueryLink,
  queryLoggedMail,
  updateLoggedMail,
} from "../mail/index.js";
import { mailAddressee } from "../members/index.js";
import { type BlobStore, commitBlobsWithRows } from "../storage/index.js";
import { claimKey, findPriorAnswer, type IdempotencyClaim, recordAnswer } from "./idempotency.js";
import type { NewQuery } from "./queries-repository.js";
import type { ReceivedFile } from "./receive-submission.js";

class KeyTakenMeanwhile extends Error {}

/**
 * Makes a received submission visible, all or nothing (commitBlobsWithRows, docs/decisions/0003):
 * the query, its attachment rows, the idempotency answer and the acknowledgement commit together.
 */
export async function storeSubmission(
  dependencies: { db: Db; blobStore: BlobStore; config: { brand: MailBrand; publicUrl: string } },
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

  try {
    return await commitBlobsWithRows(
      dependencies,
      files.map((file) => file.pending),
      query.loggedAt,
      (work) => db.transaction(work),
      async (tx) => {
        if (idempotency && !(await claimKey(tx, member, idempotency, query.loggedAt))) {
          throw new KeyTakenMeanwhile();
        }
        const referenceNumber = await recordMemberMessage(
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
        // The acknowledgement commits with the query: sent if and only if the query exists.
        // It names the member, quotes the query and links to its page (behind the log-in).
        const acknowledgement = {
          to: [query.email],
          cc: query.ccEmail ? [query.ccEmail] : [],
          referenceNumber,
          memberEntityNumber: member,
          ...(await mailAddressee(tx, member)),
          queryLink: memberQueryLink(dependencies.config.publicUrl, query.origin, referenceNumber),
          copy: { category: query.category, queryText: query.queryText },
          dueLatest: query.replyDueOn,
        };
        await enqueueMail(
          tx,
          query.parentReferenceNumber === null
            ? queryLoggedMail(dependencies.config.brand, {
                ...acknowledgement,
                // A new query is open and of today: only its channel can keep updates out.
                updatable: query.origin === UPDATABLE_ORIGIN,
              })
            : updateLoggedMail(dependencies.config.brand, {
                ...acknowledgement,
                parentReferenceNumber: query.parentReferenceNumber,
              }),
          query.loggedAt,
        );
        return referenceNumber;
      },
    );
  } catch (error) {
    if (error instanceof KeyTakenMeanwhile && idempotency) {
      const prior = await findPriorAnswer(db, member, idempotency);
      if (prior !== undefined) return prior;
    }
    throw error;
  }
}
