import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { conversations, queries } from "../../db/schema/conversations.js";
import { outboxMails } from "../../db/schema/mail.js";
import { conversationOfToken, tokenInAddress } from "../mail/index.js";
import { listMemberEmails } from "../members/index.js";
import type { ReadMail } from "./mail-reading.js";

// Which conversation a mail answers, in this order: the signed token of the Reply-To address it
// was sent to, then the Message-IDs it names (In-Reply-To, then References, newest first) among
// the conversation mails we sent. A match counts only when the sender is an address the
// conversation knows: its queries' reply addresses and copies, or the register's addresses of its
// member. A mail no person wrote, one whose sender the receiving server could not verify, and
// everything that does not match is left to staff, never answered.

export type UnmatchedReason =
  | "AUTO_REPLY"
  | "BOUNCE"
  | "NOT_VERIFIED"
  | "UNKNOWN_SENDER"
  | "NO_MATCH"
  | "UNREADABLE";

export type Match =
  | { kind: "CONVERSATION"; conversation: number; member: number }
  | {
      kind: "UNMATCHED";
      reason: UnmatchedReason;
      /** The conversation it seems to answer, for staff to judge (never acted on). */
      conversation: number | null;
      member: number | null;
    };

export interface MatchingKeys {
  /** The server secret the Reply-To tokens are signed with. */
  secret: string;
  /** SUPPORT_MAILBOX: support@scheme.example. */
  supportMailbox: string;
}

function byToken(mail: ReadMail, keys: MatchingKeys): number | undefined {
  for (const address of mail.recipients) {
    const token = tokenInAddress(keys.supportMailbox, address);
    const conversation = token === undefined ? undefined : conversationOfToken(keys.secret, token);
    if (conversation !== undefined) return conversation;
  }
  return undefined;
}

/** Our Message-IDs are `<outbox-…@domain>` (mail-transport.ts); the outbox keeps the part before @. */
async function byThread(db: Db, mail: ReadMail): Promise<number | undefined> {
  const ours = mail.answers
    .filter((id) => id.startsWith("outbox-"))
    .map((id) => id.slice(0, id.lastIndexOf("@")));
  if (ours.length === 0) return undefined;
  const rows = await db
    .select({ messageId: outboxMails.messageId, conversation: outboxMails.conversationReferenceNumber })
    .from(outboxMails)
    .where(and(inArray(outboxMails.messageId, ours), isNotNull(outboxMails.conversationReferenceNumber)));
  for (const id of ours) {
    const conversation = rows.find((row) => row.messageId === id)?.conversation;
    if (conversation !== null && conversation !== undefined) return conversation;
  }
  return undefined;
}

/** The addresses the conversation knows: its queries' reply addresses and copies, and the register's. */
export async function knownAddresses(db: Db, conversation: number, member: number): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ email: queries.email, ccEmail: queries.ccEmail })
    .from(queries)
    .where(eq(queries.conversationReferenceNumber, conversation));
  const registered = await listMemberEmails(db, member);
  return new Set(
    [...rows.flatMap((row) => [row.email, row.ccEmail ?? ""]), ...registered]
      .map((address) => address.trim().toLowerCase())
      .filter((address) => address !== ""),
  );
}

export async function matchMail(db: Db, mail: ReadMail, keys: MatchingKeys): Promise<Match> {
  const unmatched = (
    reason: UnmatchedReason,
    conversation: number | null = null,
    member: number | null = null,
  ) => ({ kind: "UNMATCHED", reason, conversation, member }) as const;
  if (mail.machine) return unmatched(mail.machine);
  const candidate = byToken(mail, keys) ?? (await byThread(db, mail));
  if (candidate === undefined) return unmatched("NO_MATCH");
  const [found] = await db
    .select({ member: conversations.memberEntityNumber })
    .from(conversations)
    .where(eq(conversations.referenceNumber, candidate))
    .limit(1);
  if (!found) return unmatched("NO_MATCH");
  if (mail.senderNotVerified) return unmatched("NOT_VERIFIED", candidate, found.member);
  const known = await knownAddresses(db, candidate, found.member);
  if (!mail.from || !known.has(mail.from)) return unmatched("UNKNOWN_SENDER", candidate, found.member);
  return { kind: "CONVERSATION", conversation: candidate, member: found.member };
}
