import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import {
  MAX_QUERY_DETAIL_LENGTH,
  OTHER_CATEGORY,
  replyDueWindow,
  type UnmatchedReason,
} from "@portal/domain";
import { and, eq, or } from "drizzle-orm";
import type { AppContext } from "../../app-context.js";
import type { Config } from "../../config/env.js";
import type { Db, Tx } from "../../db/database.js";
import { inboundMails } from "../../db/schema/inbound-mail.js";
import {
  type EmailedMessageRecorded,
  type NewAttachment,
  recordEmailedMessage,
  startConversation,
} from "../conversations/index.js";
import { enqueueMail, type MailBrand } from "../mail/index.js";
import { type BlobStore, commitBlobsWithRows } from "../storage/index.js";
import { emailedAcknowledgement } from "./acknowledgements.js";
import { checkFiles, discardFiles } from "./inbound-files.js";
import { checkFileCount, countAgainstLimits, noticeOnce, OverLimit, type RefusedMail } from "./limits.js";
import { type ReadMail, readMail } from "./mail-reading.js";
import { type Match, type MatchingKeys, matchMail } from "./matching.js";

// One mail from the mailbox, processed exactly once: its row in inbound_mails (keyed by the
// folder's UIDVALIDITY and the mail's UID, and by its Message-ID) is written in the same
// transaction as what the mail becomes. A second process that read the same mail waits on that
// row's unique key and then finds it taken; a crash before the commit leaves nothing, and the mail
// is read again. The mailbox is changed (the mail moved) only after the commit, by the poller.

export interface InboundContext {
  db: Db;
  blobStore: BlobStore;
  brand: MailBrand;
  keys: MatchingKeys;
  updateWindowDays: number;
  timeZone: string;
  /** The member's limits (MEMBER_QUERIES_PER_HOUR, MEMBER_UPLOAD_MB_PER_DAY), as the form applies them. */
  config: Config;
  now: () => Date;
}

/** What the form's limit functions are given: the same secret keys the same counts. */
function limitsContextOf(context: InboundContext): AppContext & { brand: MailBrand } {
  return {
    config: context.config,
    db: context.db,
    secret: context.keys.secret,
    now: context.now,
    brand: context.brand,
  };
}

/** Where a mail was read: the folder, its UIDVALIDITY, the mail's UID. */
export interface MailPlace {
  folder: string;
  uidValidity: number;
  uid: number;
}

export type ProcessedOutcome =
  | { outcome: "UPDATE" | "NEW_QUERY"; referenceNumber: number; conversation: number }
  | { outcome: "UNMATCHED"; reason: UnmatchedReason }
  /** Processed before (by this or another process): nothing done now. */
  | { outcome: "DUPLICATE" };

/** Processed (or resolved by staff) meanwhile, by another process or person. */
export class AlreadyProcessed extends Error {}
/** The conversation to record a mail in no longer exists. */
export class ConversationGone extends Error {}

/** Whether a mail at this place, or with this Message-ID, was processed already. */
export async function wasProcessed(db: Db, place: MailPlace, messageId: string | null): Promise<boolean> {
  const atPlace = and(
    eq(inboundMails.folder, place.folder),
    eq(inboundMails.uidValidity, place.uidValidity),
    eq(inboundMails.uid, place.uid),
  );
  const [row] = await db
    .select({ id: inboundMails.id })
    .from(inboundMails)
    .where(messageId ? or(atPlace, eq(inboundMails.messageId, messageId)) : atPlace)
    .limit(1);
  return row !== undefined;
}

/** Claims the mail's row in the transaction; AlreadyProcessed when another committed it first. */
async function claimRow(tx: Tx, values: typeof inboundMails.$inferInsert): Promise<number> {
  const [row] = await tx
    .insert(inboundMails)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: inboundMails.id });
  if (!row) throw new AlreadyProcessed();
  return row.id;
}

export function rawBlobKey(now: Date): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, "0");
  return `inbound-mail/${now.getUTCFullYear()}/${month}/${randomUUID()}`;
}

/** The member's words as a query's text: within the query's length. */
export function queryTextOf(mail: ReadMail): string {
  return mail.text.slice(0, MAX_QUERY_DETAIL_LENGTH);
}

export async function processMail(
  context: InboundContext,
  place: MailPlace,
  raw: Buffer,
): Promise<ProcessedOutcome> {
  const mail = await readMail(raw).catch(() => undefined);
  if (await wasProcessed(context.db, place, mail?.messageId ?? null)) return { outcome: "DUPLICATE" };
  let match: Match = mail
    ? await matchMail(context.db, mail, context.keys)
    : { kind: "UNMATCHED", reason: "UNREADABLE", conversation: null, member: null };
  if (mail && match.kind === "CONVERSATION" && mail.text === "" && mail.files.length === 0) {
    // Nothing of the member's own (an empty reply, or only the quote): for staff to see, not an update.
    match = { kind: "UNMATCHED", reason: "NO_MATCH", conversation: match.conversation, member: match.member };
  }
  try {
    if (match.kind === "UNMATCHED") return await recordUnmatched(context, place, raw, mail, match);
    if (!mail) throw new Error("a mail that could not be read matched a conversation");
    try {
      return await recordMatched(context, place, mail, match);
    } catch (error) {
      if (!(error instanceof OverLimit)) throw error;
      const { conversation, member } = match;
      const answers = mail.messageId ? `<${mail.messageId}>` : null;
      const refused = { kind: "UNMATCHED", reason: error.reason, conversation, member } as const;
      return await recordUnmatched(context, place, raw, mail, refused, {
        refusal: error,
        conversation,
        member,
        answers,
      });
    }
  } catch (error) {
    if (error instanceof AlreadyProcessed) return { outcome: "DUPLICATE" };
    throw error;
  }
}

/** What the mail server's listing says of a mail too large to read: the list's fields, never its body. */
export interface TooLargeMail {
  messageId: string | null;
  from: string | null;
  subject: string;
  sentAt: Date | null;
  sizeBytes: number;
}

/**
 * A mail over the size the portal reads: a row for staff's list with its sender, subject, size
 * and the reason, and nothing of its body (it is never downloaded). Once, as any mail.
 */
export async function recordTooLarge(
  context: InboundContext,
  place: MailPlace,
  mail: TooLargeMail,
): Promise<ProcessedOutcome> {
  if (await wasProcessed(context.db, place, mail.messageId)) return { outcome: "DUPLICATE" };
  try {
    await context.db.transaction((tx) =>
      claimRow(tx, {
        ...place,
        messageId: mail.messageId,
        receivedAt: context.now(),
        outcome: "UNMATCHED",
        reason: "TOO_LARGE",
        fromAddress: mail.from,
        subject: mail.subject,
        sentAt: mail.sentAt,
        sizeBytes: mail.sizeBytes,
      }),
    );
    return { outcome: "UNMATCHED", reason: "TOO_LARGE" };
  } catch (error) {
    if (error instanceof AlreadyProcessed) return { outcome: "DUPLICATE" };
    throw error;
  }
}

/** What a mail is recorded in: a conversation (matched, or linked by staff), or a member's new query (linked by staff). */
export type RecordTarget = { conversation: number } | { member: number; email: string };

/** A new query of the member's from a mail staff linked to them: "Other", to the address they chose. */
async function recordForMember(
  tx: Tx,
  context: InboundContext,
  target: { member: number; email: string },
  text: string,
  now: Date,
  attachments: readonly NewAttachment[],
): Promise<EmailedMessageRecorded> {
  const replyDueOn = replyDueWindow(now, "QUERY", context.timeZone).latest;
  const referenceNumber = await startConversation(
    tx,
    {
      memberEntityNumber: target.member,
      origin: "MEMBER_WEB",
      category: OTHER_CATEGORY,
      subCategory: null,
      product: null,
      queryText: text,
      email: target.email,
      ccEmail: null,
      loggedAt: now,
      replyDueOn,
    },
    attachments,
  );
  return {
    outcome: "NEW_QUERY",
    referenceNumber,
    memberEntityNumber: target.member,
    refusal: null,
    email: target.email,
    ccEmail: null,
    category: OTHER_CATEGORY,
    replyDueOn,
  };
}

/**
 * The mail as an update of the conversation (or a new query linked to it), its files committed
 * with it and the acknowledgement queued, all in one transaction with the mail's row. Also what a
 * member of staff's link of an unmatched mail does (`inTransaction`: the audited change; `linked`:
 * the row says staff linked it).
 */
export async function recordInConversation(
  context: InboundContext,
  mail: ReadMail,
  target: RecordTarget,
  inTransaction: (work: (tx: Tx) => Promise<ProcessedOutcome>) => Promise<ProcessedOutcome>,
  claim: (tx: Tx) => Promise<number>,
  linked = false,
): Promise<ProcessedOutcome> {
  const now = context.now();
  const files = await checkFiles(mail.files, context.blobStore, now);
  try {
    return await commitBlobsWithRows(
      context,
      files.accepted.map((file) => file.pending),
      now,
      inTransaction,
      async (tx) => {
        const id = await claim(tx);
        const attachments = files.accepted.map((file) => ({
          fileName: file.fileName,
          contentType: file.contentType,
          sizeBytes: file.sizeBytes,
          blobKey: file.pending.key,
        }));
        const conversation = "conversation" in target ? target.conversation : null;
        const recorded =
          conversation === null
            ? await recordForMember(
                tx,
                context,
                target as { member: number; email: string },
                queryTextOf(mail),
                now,
                attachments,
              )
            : await recordEmailedMessage(
                tx,
                {
                  conversation,
                  text: queryTextOf(mail),
                  at: now,
                  updateWindowDays: context.updateWindowDays,
                  timeZone: context.timeZone,
                },
                attachments,
              );
        // Purged between the match and now: the mail is read again and matches nothing then.
        if (!recorded) throw new ConversationGone();
        await tx
          .update(inboundMails)
          .set({
            outcome: linked ? "LINKED" : recorded.outcome,
            conversationReferenceNumber: conversation,
            referenceNumber: recorded.referenceNumber,
            memberEntityNumber: recorded.memberEntityNumber,
          })
          .where(eq(inboundMails.id, id));
        await enqueueMail(
          tx,
          emailedAcknowledgement(context.brand, {
            to: [recorded.email],
            cc: recorded.ccEmail ? [recorded.ccEmail] : [],
            memberEntityNumber: recorded.memberEntityNumber,
            referenceNumber: recorded.referenceNumber,
            conversation,
            outcome: recorded.outcome,
            refusal: recorded.refusal,
            replyDueOn: recorded.replyDueOn,
            refusedFiles: files.refused,
            answers: mail.messageId ? `<${mail.messageId}>` : null,
          }),
          now,
        );
        return {
          outcome: recorded.outcome,
          referenceNumber: recorded.referenceNumber,
          conversation: conversation ?? recorded.referenceNumber,
        };
      },
    );
  } catch (error) {
    await discardFiles(files.accepted, context.blobStore);
    throw error;
  }
}

/** A matched mail, within the member's limits (else OverLimit, with nothing of it recorded). */
function recordMatched(
  context: InboundContext,
  place: MailPlace,
  mail: ReadMail,
  match: { conversation: number; member: number },
) {
  const now = context.now();
  checkFileCount(mail);
  return recordInConversation(
    context,
    mail,
    { conversation: match.conversation },
    (work) => context.db.transaction(work),
    async (tx) => {
      const id = await claimRow(tx, {
        ...place,
        messageId: mail.messageId,
        receivedAt: now,
        // Set to what it became before the commit.
        outcome: "UPDATE",
      });
      // After the claim: a mail another process has taken is not counted twice.
      await countAgainstLimits(tx, limitsContextOf(context), match.member, mail);
      return id;
    },
  );
}

/** Kept for staff: the row with what the list shows, and the raw mail as a blob; a refused mail's notice, once. */
async function recordUnmatched(
  context: InboundContext,
  place: MailPlace,
  raw: Buffer,
  mail: ReadMail | undefined,
  match: { reason: UnmatchedReason; conversation: number | null; member: number | null },
  refused?: RefusedMail,
): Promise<ProcessedOutcome> {
  const now = context.now();
  const pending = await context.blobStore.writePending(rawBlobKey(now), Readable.from([raw]));
  return commitBlobsWithRows(
    context,
    [pending],
    now,
    (work) => context.db.transaction(work),
    async (tx) => {
      await claimRow(tx, {
        ...place,
        messageId: mail?.messageId ?? null,
        receivedAt: now,
        outcome: "UNMATCHED",
        reason: match.reason,
        conversationReferenceNumber: match.conversation,
        memberEntityNumber: match.member,
        fromAddress: mail?.from ?? null,
        subject: mail?.subject ?? null,
        sentAt: mail?.sentAt ?? null,
        sizeBytes: raw.length,
        rawBlobKey: pending.key,
      });
      if (refused) await noticeOnce(tx, limitsContextOf(context), refused);
      return { outcome: "UNMATCHED", reason: match.reason };
    },
  );
}
