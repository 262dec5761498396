import { buffer } from "node:stream/consumers";
import { UNMATCHED_MAIL_PAGE_SIZE, type UnmatchedReason } from "@portal/domain";
import { and, desc, eq, lt } from "drizzle-orm";
import type { Db, Queryable, Tx } from "../../db/database.js";
import { conversations } from "../../db/schema/conversations.js";
import { inboundMails } from "../../db/schema/inbound-mail.js";
import { members } from "../../db/schema/members.js";
import { listMemberEmails } from "../members/index.js";
import { readMail } from "./mail-reading.js";
import {
  AlreadyProcessed,
  type InboundContext,
  type ProcessedOutcome,
  recordInConversation,
} from "./processing.js";

// The console's unmatched mails: listed newest first by their key (a partial index keeps only
// them), opened as plain text from the raw mail in the blob store, linked to a conversation or a
// member by a member of staff (then recorded as a matched mail is, with the acknowledgement to the
// conversation's or the member's own address, never to the unknown sender), or discarded. A
// refused mail is listed the same way: over a member's limit (its raw mail kept, so staff may
// still link it), or too large to read (only its sender, subject and size: it can be discarded).

export interface UnmatchedMailRow {
  id: number;
  receivedAt: Date;
  sentAt: Date | null;
  from: string | null;
  subject: string | null;
  reason: UnmatchedReason;
  conversationReferenceNumber: number | null;
  member: { entityNumber: number; firstName: string; lastName: string } | null;
  sizeBytes: number | null;
  rawBlobKey: string | null;
}

const summary = {
  id: inboundMails.id,
  receivedAt: inboundMails.receivedAt,
  sentAt: inboundMails.sentAt,
  from: inboundMails.fromAddress,
  subject: inboundMails.subject,
  reason: inboundMails.reason,
  conversationReferenceNumber: inboundMails.conversationReferenceNumber,
  sizeBytes: inboundMails.sizeBytes,
  rawBlobKey: inboundMails.rawBlobKey,
  memberEntityNumber: members.entityNumber,
  firstName: members.firstName,
  lastName: members.lastName,
};

interface SummaryRow {
  id: number;
  receivedAt: Date;
  sentAt: Date | null;
  from: string | null;
  subject: string | null;
  reason: string | null;
  conversationReferenceNumber: number | null;
  sizeBytes: number | null;
  rawBlobKey: string | null;
  memberEntityNumber: number | null;
  firstName: string | null;
  lastName: string | null;
}

function rowOf(row: SummaryRow): UnmatchedMailRow {
  return {
    id: row.id,
    receivedAt: row.receivedAt,
    sentAt: row.sentAt,
    from: row.from,
    subject: row.subject,
    reason: (row.reason ?? "NO_MATCH") as UnmatchedReason,
    conversationReferenceNumber: row.conversationReferenceNumber,
    member:
      row.memberEntityNumber === null
        ? null
        : {
            entityNumber: row.memberEntityNumber,
            firstName: row.firstName ?? "",
            lastName: row.lastName ?? "",
          },
    sizeBytes: row.sizeBytes,
    rawBlobKey: row.rawBlobKey,
  };
}

export async function listUnmatchedMails(
  db: Queryable,
  before: number | undefined,
): Promise<{ mails: UnmatchedMailRow[]; nextCursor: number | null }> {
  const rows = await db
    .select(summary)
    .from(inboundMails)
    .leftJoin(members, eq(members.entityNumber, inboundMails.memberEntityNumber))
    .where(
      and(
        eq(inboundMails.outcome, "UNMATCHED"),
        before === undefined ? undefined : lt(inboundMails.id, before),
      ),
    )
    .orderBy(desc(inboundMails.id))
    .limit(UNMATCHED_MAIL_PAGE_SIZE + 1);
  const page = rows.slice(0, UNMATCHED_MAIL_PAGE_SIZE).map(rowOf);
  const last = page.at(-1);
  return { mails: page, nextCursor: rows.length > UNMATCHED_MAIL_PAGE_SIZE && last ? last.id : null };
}

export async function findUnmatchedMail(db: Queryable, id: number): Promise<UnmatchedMailRow | undefined> {
  const [row] = await db
    .select(summary)
    .from(inboundMails)
    .leftJoin(members, eq(members.entityNumber, inboundMails.memberEntityNumber))
    .where(and(eq(inboundMails.id, id), eq(inboundMails.outcome, "UNMATCHED")))
    .limit(1);
  return row ? rowOf(row) : undefined;
}

/** The raw mail of an unmatched one, read: its recipients, its whole text, its files' names. */
export async function readUnmatchedMail(context: Pick<InboundContext, "blobStore">, row: UnmatchedMailRow) {
  if (!row.rawBlobKey) return { to: [], text: "", files: [] };
  const raw = await buffer(await context.blobStore.read(row.rawBlobKey));
  const mail = await readMail(raw).catch(() => undefined);
  if (!mail) return { to: [], text: "", files: [] };
  return { to: mail.recipients, text: mail.body.trim(), files: mail.files.map((file) => file.fileName) };
}

/** The row taken for staff's decision: only while it is still unmatched (another may have taken it first). */
async function resolveRow(tx: Tx, id: number, staff: number, now: Date): Promise<number> {
  const [row] = await tx
    .update(inboundMails)
    .set({ outcome: "LINKED", resolvedAt: now, resolvedByEntityNumber: staff, rawBlobKey: null })
    .where(and(eq(inboundMails.id, id), eq(inboundMails.outcome, "UNMATCHED")))
    .returning({ id: inboundMails.id });
  if (!row) throw new AlreadyProcessed();
  return row.id;
}

export type LinkTarget = { conversationReferenceNumber: number } | { memberEntityNumber: number };

/**
 * Links an unmatched mail: recorded in the conversation (an update, or a new query when it takes
 * none) or as a new query of the member's, with its files and the acknowledgement, in the
 * audited transaction. The raw mail is deleted once that committed. Undefined when the target does
 * not exist; AlreadyProcessed when someone resolved the mail first.
 */
export async function linkUnmatchedMail(
  context: InboundContext,
  row: UnmatchedMailRow,
  target: LinkTarget,
  staff: number,
  inTransaction: (work: (tx: Tx) => Promise<ProcessedOutcome>) => Promise<ProcessedOutcome>,
): Promise<ProcessedOutcome | undefined> {
  if (!row.rawBlobKey) return undefined;
  const mail = await readMail(await buffer(await context.blobStore.read(row.rawBlobKey)));
  const resolved = await recordTargetOf(context.db, target, row.from);
  if (!resolved) return undefined;
  const now = context.now();
  const outcome = await recordInConversation(
    context,
    mail,
    resolved,
    inTransaction,
    (tx) => resolveRow(tx, row.id, staff, now),
    true,
  );
  await context.blobStore.delete(row.rawBlobKey).catch(() => undefined);
  return outcome;
}

async function recordTargetOf(db: Db, target: LinkTarget, from: string | null) {
  if ("conversationReferenceNumber" in target) {
    const [found] = await db
      .select({ key: conversations.referenceNumber })
      .from(conversations)
      .where(eq(conversations.referenceNumber, target.conversationReferenceNumber))
      .limit(1);
    return found ? { conversation: found.key } : undefined;
  }
  const [member] = await db
    .select({ entityNumber: members.entityNumber })
    .from(members)
    .where(eq(members.entityNumber, target.memberEntityNumber))
    .limit(1);
  if (!member) return undefined;
  // The reply goes to the register's address: the sender's when the register holds it, else the first.
  const registered = await listMemberEmails(db, member.entityNumber);
  const email = registered.find((address) => address.toLowerCase() === from) ?? registered[0] ?? from;
  return email ? { member: member.entityNumber, email } : undefined;
}

/** Discards an unmatched mail: the row says so and who did it; its raw mail is deleted after the commit. */
export async function discardUnmatchedMail(
  tx: Queryable,
  id: number,
  staff: number,
  now: Date,
): Promise<{ rawBlobKey: string | null; memberEntityNumber: number | null } | undefined> {
  const [before] = await tx
    .select({ rawBlobKey: inboundMails.rawBlobKey, memberEntityNumber: inboundMails.memberEntityNumber })
    .from(inboundMails)
    .where(and(eq(inboundMails.id, id), eq(inboundMails.outcome, "UNMATCHED")))
    .for("update");
  if (!before) return undefined;
  await tx
    .update(inboundMails)
    .set({ outcome: "DISCARDED", resolvedAt: now, resolvedByEntityNumber: staff, rawBlobKey: null })
    .where(eq(inboundMails.id, id));
  return before;
}
