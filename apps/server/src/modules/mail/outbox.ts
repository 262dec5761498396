import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/database.js";
import { queries } from "../../db/schema/conversations.js";
import { outboxMails } from "../../db/schema/mail.js";

// The transactional outbox: a mail is a row written in the same transaction as the event that
// causes it, so a rolled-back event sends nothing and a committed one is sent even when the
// process dies right after the commit. The worker (mail-worker.ts) claims due rows, sends them and
// marks them; these are its queries and the supervisor console's.

export type MailKind =
  | "QUERY_LOGGED"
  | "UPDATE_LOGGED"
  | "REPLY_SENT"
  | "DOCUMENTS_RECEIVED"
  | "ACCOUNT_ACTIVATION"
  | "ACCOUNT_ALREADY_ACTIVE"
  | "PASSWORD_RESET"
  | "PASSWORD_CHANGED"
  | "CONTACT_DETAILS_CHANGED"
  | "PASSWORD_RESET_TO_NEW_ADDRESS"
  | "DATA_EXPORT_READY"
  /** To a staff log-in's addresses: an authenticator app was set up as its second factor. */
  | "SECOND_FACTOR_ENROLLED"
  /** To every other information officer and every supervisor: someone was given the officer's role. */
  | "OFFICER_ROLE_GRANTED"
  /** A member's e-mail to a query refused over one of their limits (inbound-mail/limits.ts). */
  | "EMAIL_REFUSED";

export interface OutgoingMail {
  kind: MailKind;
  to: string[];
  cc: string[];
  subject: string;
  html: string;
  text: string;
  memberEntityNumber: number | null;
  referenceNumber: number | null;
  /** A single-use link sealed by sealLink (sealed-links.ts); html and text hold its placeholder. */
  sealedLink?: string;
  /** Files sent with the mail (a reply's), read from the blob store when it is sent. */
  attachments?: MailAttachment[];
  /** The Message-ID (with its brackets) of a member's mail this one answers: the acknowledgement of an e-mailed update. */
  answers?: string;
}

/** A file a mail carries: its name and type as the member sees them, and where its bytes are. */
export interface MailAttachment {
  fileName: string;
  contentType: string;
  blobKey: string;
}

/**
 * Queues a mail; call it inside the transaction of the event that causes it. The Message-ID is
 * fixed here, so every attempt and every resend is the same message to the recipient's client.
 * Returns the outbox id.
 */
export async function enqueueMail(db: Queryable, mail: OutgoingMail, now: Date): Promise<number> {
  const to = distinctAddresses(mail.to, []);
  if (to.length === 0) throw new Error("a mail needs at least one recipient");
  const conversation = await conversationOf(db, mail);
  const references = conversation === null ? [] : await earlierMailsOf(db, conversation);
  if (mail.answers) references.push(mail.answers);
  const [row] = await db
    .insert(outboxMails)
    .values({
      kind: mail.kind,
      messageId: newMessageIdLocalPart(),
      toAddresses: to,
      // A cc that repeats a recipient would deliver the mail twice to one mailbox.
      ccAddresses: distinctAddresses(mail.cc, to),
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      status: "PENDING",
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
      memberEntityNumber: mail.memberEntityNumber,
      referenceNumber: mail.referenceNumber,
      sealedLink: mail.sealedLink ?? null,
      attachments: mail.attachments && mail.attachments.length > 0 ? mail.attachments : null,
      conversationReferenceNumber: conversation,
      threadReferences: references.length > 0 ? references : null,
    })
    .returning({ id: outboxMails.id });
  if (!row) throw new Error("insert into outbox_mails returned no row");
  return row.id;
}

/**
 * The mails about a query, which thread and answer to its conversation. A documents-received
 * mail's number is a document submission's (another sequence), and account mails have none.
 */
const CONVERSATION_KINDS: ReadonlySet<MailKind> = new Set([
  "QUERY_LOGGED",
  "UPDATE_LOGGED",
  "REPLY_SENT",
  "EMAIL_REFUSED",
]);

/** The conversation (its key) of the member's query a mail is about; null for any other mail. */
async function conversationOf(db: Queryable, mail: OutgoingMail): Promise<number | null> {
  if (
    !CONVERSATION_KINDS.has(mail.kind) ||
    mail.referenceNumber === null ||
    mail.memberEntityNumber === null
  ) {
    return null;
  }
  const [row] = await db
    .select({ conversation: queries.conversationReferenceNumber })
    .from(queries)
    .where(
      and(
        eq(queries.referenceNumber, mail.referenceNumber),
        eq(queries.memberEntityNumber, mail.memberEntityNumber),
      ),
    )
    .limit(1);
  return row?.conversation ?? null;
}

/** How many of a conversation's earlier mails a new one names besides the first (RFC 5322 3.6.4 lets References be shortened). */
const RECENT_REFERENCES = 9;

/**
 * The Message-IDs of the conversation's earlier mails for References: the first and the newest
 * few, oldest first, so the member's mail program keeps every mail of it in one thread.
 */
async function earlierMailsOf(db: Queryable, conversation: number): Promise<string[]> {
  const inConversation = eq(outboxMails.conversationReferenceNumber, conversation);
  const [first] = await db
    .select({ messageId: outboxMails.messageId })
    .from(outboxMails)
    .where(inConversation)
    .orderBy(asc(outboxMails.id))
    .limit(1);
  if (!first) return [];
  const recent = await db
    .select({ messageId: outboxMails.messageId })
    .from(outboxMails)
    .where(inConversation)
    .orderBy(desc(outboxMails.id))
    .limit(RECENT_REFERENCES);
  const ids = recent.map((row) => row.messageId).reverse();
  return ids.includes(first.messageId) ? ids : [first.messageId, ...ids];
}

/**
 * The unique part of a Message-ID, stored with the mail. The sender completes it with the domain
 * of MAIL_FROM (`<outbox-…@domain>`, see messageIdHeader): the queueing transaction has no
 * configuration, and a random value stays unique when ids restart in a new database.
 */
function newMessageIdLocalPart(): string {
  return `outbox-${randomUUID()}`;
}

function distinctAddresses(addresses: readonly string[], exclude: readonly string[]): string[] {
  const seen = new Set(exclude.map((address) => address.toLowerCase()));
  const result: string[] = [];
  for (const raw of addresses) {
    const address = raw.trim();
    if (address === "" || seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    result.push(address);
  }
  return result;
}

/** A mail a worker has claimed: `attempt` is its claim, checked again when it is marked. */
export interface ClaimedMail {
  id: number;
  kind: string;
  messageId: string;
  to: string[];
  cc: string[];
  subject: string;
  html: string;
  text: string;
  /** Opened by the worker just before sending (sealed-links.ts). */
  sealedLink: string | null;
  attachments: MailAttachment[];
  /** Its conversation (the Reply-To token), and the Message-IDs it answers, oldest first. */
  conversationReferenceNumber: number | null;
  threadReferences: string[];
  createdAt: Date;
  /** 1 for the first attempt; a newer claim of the same mail has a higher one. */
  attempt: number;
  /** Until when the claim holds unless renewed; after it another worker may claim the mail again. */
  leaseUntil: Date;
}

/**
 * How long a claim holds unless its worker renews it. A worker renews the leases it holds three
 * times a lease while it works (mail-worker.ts), however long a send takes; a process that dies
 * stops renewing, and another process takes its mails over once this has passed: within a
 * minute with the worker's round of 2 s.
 */
export const MAIL_LEASE_MS = 30_000;

/**
 * Claims up to `limit` due mails, oldest due first, for one worker. Rows other workers hold locked
 * are skipped (FOR UPDATE SKIP LOCKED), and the claim moves each mail's next attempt forward as a
 * lease of `leaseMs`, which the worker renews (renewLeases) while it holds the mail. A worker that
 * dies holding a claim loses it when the lease runs out; the attempt it used still counts, so a
 * mail that kills every worker that tries it is parked in the end.
 */
export async function claimDueMails(
  db: Db,
  options: { now: Date; limit: number; leaseMs: number },
): Promise<ClaimedMail[]> {
  const { now, limit, leaseMs } = options;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outboxMails.id })
      .from(outboxMails)
      .where(and(eq(outboxMails.status, "PENDING"), lte(outboxMails.nextAttemptAt, now)))
      .orderBy(asc(outboxMails.nextAttemptAt), asc(outboxMails.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const leaseUntil = new Date(now.getTime() + leaseMs);
    const rows = await tx
      .update(outboxMails)
      .set({ attempts: sql`${outboxMails.attempts} + 1`, nextAttemptAt: leaseUntil })
      .where(
        inArray(
          outboxMails.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
    return due.flatMap((claimed) => {
      const row = rows.find((candidate) => candidate.id === claimed.id);
      if (!row) return [];
      return [
        {
          id: row.id,
          kind: row.kind,
          messageId: row.messageId,
          to: row.toAddresses,
          cc: row.ccAddresses,
          subject: row.subject,
          html: row.html,
          text: row.text,
          sealedLink: row.sealedLink,
          attachments: row.attachments ?? [],
          conversationReferenceNumber: row.conversationReferenceNumber,
          threadReferences: row.threadReferences ?? [],
          createdAt: row.createdAt,
          attempt: row.attempts,
          leaseUntil,
        },
      ];
    });
  });
}

/** Only the claim that is still current may mark a mail: a later claim by another worker wins. */
const stillClaimed = (mail: Pick<ClaimedMail, "id" | "attempt">) =>
  and(eq(outboxMails.id, mail.id), eq(outboxMails.status, "PENDING"), eq(outboxMails.attempts, mail.attempt));

/**
 * Renews the leases of claims that are still current until `until`; the ids renewed. A mail sent
 * meanwhile, or claimed by another worker after this one's lease ran out, is not renewed: the
 * worker that asks before sending (mail-worker.ts) then does not send it.
 */
export async function renewLeases(
  db: Queryable,
  mails: readonly Pick<ClaimedMail, "id" | "attempt">[],
  until: Date,
): Promise<number[]> {
  if (mails.length === 0) return [];
  const rows = await db
    .update(outboxMails)
    .set({ nextAttemptAt: until })
    .where(or(...mails.map(stillClaimed)))
    .returning({ id: outboxMails.id });
  return rows.map((row) => row.id);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

/** What the mail server answered when it accepted a mail, as kept with it: one line, at most 500 characters. */
function keptAnswer(answer: string): string {
  return answer.replace(CONTROL_CHARACTERS, " ").trim().slice(0, 500);
}

/**
 * Records a delivered mail with the mail server's answer, in one statement: from it on no worker
 * claims or sends the mail again. Whoever holds the claim now, since the server has the mail: a
 * worker that took it over after this one's lease ran out finds it sent before it sends. False
 * when it was recorded sent already (another worker sent it too: the at-least-once window).
 */
export async function markMailSent(
  db: Queryable,
  mail: Pick<ClaimedMail, "id">,
  now: Date,
  answer: string,
): Promise<boolean> {
  const rows = await db
    .update(outboxMails)
    .set({ status: "SENT", sentAt: now, lastErrorCode: null, deliveryAnswer: keptAnswer(answer) })
    .where(and(eq(outboxMails.id, mail.id), ne(outboxMails.status, "SENT")))
    .returning({ id: outboxMails.id });
  return rows.length > 0;
}

/**
 * Records a failed attempt: the mail is tried again at `retryAt`, or, with `retryAt` null, parked
 * as FAILED for a supervisor. `errorCode` is a code, never the peer's words (they may quote an
 * address). False when the claim was no longer this worker's.
 */
export async function markMailFailed(
  db: Queryable,
  mail: Pick<ClaimedMail, "id" | "attempt">,
  failure: { errorCode: string; retryAt: Date | null; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(outboxMails)
    .set(
      failure.retryAt
        ? { lastErrorCode: failure.errorCode, nextAttemptAt: failure.retryAt }
        : { lastErrorCode: failure.errorCode, status: "FAILED", nextAttemptAt: failure.now },
    )
    .where(stillClaimed(mail))
    .returning({ id: outboxMails.id });
  return rows.length > 0;
}

/** Gives back a claimed mail that was not tried (the worker stops): due now, the attempt unused. */
export async function releaseMail(
  db: Queryable,
  mail: Pick<ClaimedMail, "id" | "attempt">,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(outboxMails)
    .set({ attempts: sql`${outboxMails.attempts} - 1`, nextAttemptAt: now })
    .where(stillClaimed(mail))
    .returning({ id: outboxMails.id });
  return rows.length > 0;
}

/**
 * A parked mail as the console lists it: what it was, why it failed and when it was given up on.
 * The console shows the first recipient masked (maskedEmail), never the content.
 */
export interface FailedMail {
  id: number;
  kind: string;
  referenceNumber: number | null;
  memberEntityNumber: number | null;
  toAddresses: string[];
  attempts: number;
  lastErrorCode: string | null;
  createdAt: Date;
  /** When the last attempt failed and the mail was parked: no attempt follows unless it is sent again. */
  parkedAt: Date;
}

/** Parked mails, newest first; `before` (an id) continues a list. */
export async function listFailedMails(
  db: Queryable,
  options: { limit: number; before?: number | undefined },
): Promise<FailedMail[]> {
  return db
    .select({
      id: outboxMails.id,
      kind: outboxMails.kind,
      referenceNumber: outboxMails.referenceNumber,
      memberEntityNumber: outboxMails.memberEntityNumber,
      toAddresses: outboxMails.toAddresses,
      attempts: outboxMails.attempts,
      lastErrorCode: outboxMails.lastErrorCode,
      createdAt: outboxMails.createdAt,
      // A parked mail's due time is the moment it was parked (markFailed).
      parkedAt: outboxMails.nextAttemptAt,
    })
    .from(outboxMails)
    .where(
      and(
        eq(outboxMails.status, "FAILED"),
        options.before === undefined ? undefined : lt(outboxMails.id, options.before),
      ),
    )
    .orderBy(desc(outboxMails.id))
    .limit(options.limit);
}

/**
 * Queues a parked mail again, due now with a fresh set of attempts; the same Message-ID, so it is
 * the same mail. False when there is no parked mail with this id.
 */
/** Queues a parked mail again; the member it is about (null: nobody in the register), or undefined when no parked mail has that id. */
export async function resendMail(
  db: Queryable,
  id: number,
  now: Date,
): Promise<{ memberEntityNumber: number | null } | undefined> {
  const [row] = await db
    .update(outboxMails)
    .set({ status: "PENDING", attempts: 0, nextAttemptAt: now, lastErrorCode: null })
    .where(and(eq(outboxMails.id, id), eq(outboxMails.status, "FAILED")))
    .returning({ memberEntityNumber: outboxMails.memberEntityNumber });
  return row;
}
