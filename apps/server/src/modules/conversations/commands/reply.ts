import { type ServerOrigin, updateRefusal } from "@portal/domain";
import type { AppContext } from "../../../app-context.js";
import type { Tx } from "../../../db/database.js";
import { errors } from "../../../lib/errors.js";
import { memberQueryLink, prepareReply, replySentMail } from "../../mail/index.js";
import { mailAddressee } from "../../members/index.js";
import { type BlobStore, commitBlobsWithRows, type PendingBlob } from "../../storage/index.js";
import { findConversation } from "../desk-reads.js";
import { conversationOf, ReplyAlreadySent, type SeenConversation, sendReply } from "./desk.js";

// An agent's reply, as one command: the HTML is cleaned once (one trip to the cleaning worker for
// the stored reply, the check that it says anything, and the mail's HTML and text), the mail is
// decided here, and the files, the reply, its mail and the caller's audit row commit together.

/** A file received with the reply, still pending in the blob store. */
export interface ReplyFile {
  pending: PendingBlob;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

export interface ReplyToSend {
  html: string;
  close: boolean;
  files: readonly ReplyFile[];
  sentByEntityNumber: number;
  at: Date;
  /** The composer's key for this reply; absent: every send is a new reply. */
  idempotencyKey?: string | undefined;
  /** What the agent saw when writing; absent: not checked. */
  seen?: SeenConversation | undefined;
}

/** The reply stored, or the earlier one when this was a repeat of a send (nothing stored again). */
export type ReplySent = { replyId: number; repeated: boolean };

/**
 * Sends a reply on the conversation of the query `referenceNumber` (its first query or an update):
 * refused (400) when it says nothing once cleaned, 404 when there is no such query. `inChange` opens the transaction (the route's audited change). The files
 * are discarded when the reply is refused before anything commits.
 */
export async function replyToConversation(
  context: AppContext & { blobStore: BlobStore },
  referenceNumber: number,
  reply: ReplyToSend,
  inChange: (work: (tx: Tx) => Promise<ReplySent>) => Promise<ReplySent>,
): Promise<ReplySent> {
  const { db, config, blobStore } = context;
  const pending = reply.files.map((file) => file.pending);
  let mail: Awaited<ReturnType<typeof replySentMail>>;
  let prepared: Awaited<ReturnType<typeof prepareReply>>;
  let root: number;
  try {
    // Before the transaction: the cleaning waits for a worker, not for the database.
    prepared = await prepareReply(reply.html);
    if (!prepared.hasText) throw errors.validation("Please write the reply.");
    const conversation = await conversationOf(db, referenceNumber);
    const head = conversation === null ? undefined : await findConversation(db, conversation);
    if (conversation === null || !head) throw errors.notFound();
    root = conversation;
    // What the member can do next is the update rule's answer for the query after this send.
    const after = { ...head, status: reply.close ? "CLOSED" : head.status };
    mail = await replySentMail(config.brand, {
      to: [head.email],
      cc: head.ccEmail ? [head.ccEmail] : [],
      referenceNumber: conversation,
      memberEntityNumber: head.memberEntityNumber,
      // The mail's own words in the member's language; the agent's reply as the agent wrote it.
      language: (await mailAddressee(db, head.memberEntityNumber)).language,
      replyHtml: prepared,
      queryLink: head.legacy
        ? null
        : memberQueryLink(config.publicUrl, head.origin as ServerOrigin, conversation),
      nextStep: updateRefusal(after, { now: reply.at, updateWindowDays: config.UPDATE_WINDOW_DAYS }),
    });
  } catch (error) {
    await Promise.allSettled(pending.map((blob) => blobStore.discard(blob)));
    throw error;
  }
  try {
    return await commitBlobsWithRows<ReplySent>(context, pending, reply.at, inChange, async (tx) => ({
      replyId: await sendReply(tx, root, {
        html: prepared.html,
        sentByEntityNumber: reply.sentByEntityNumber,
        sentAt: reply.at,
        close: reply.close,
        mail,
        files: reply.files.map((file) => ({
          fileName: file.fileName,
          contentType: file.contentType,
          sizeBytes: file.sizeBytes,
          blobKey: file.pending.key,
        })),
        idempotencyKey: reply.idempotencyKey,
        seen: reply.seen,
      }),
      repeated: false,
    }));
  } catch (error) {
    // A repeat of a send (a double click, a retry after a lost answer): the first one's reply,
    // and nothing stored, mailed or audited again.
    if (!(error instanceof ReplyAlreadySent)) throw error;
    return { replyId: error.replyId, repeated: true };
  }
}
