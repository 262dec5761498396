import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { conversations, queries } from "./conversations.js";
import { members } from "./members.js";

// The tables modules/inbound-mail owns: it alone writes them (modules/table-ownership.test.ts).

/**
 * Mails read from the support mailbox (modules/inbound-mail, docs/decisions/0026): one row per mail,
 * written in the transaction of what the mail became, so a mail is processed once whichever
 * process reads it and whenever it crashes. Unmatched mails wait here for staff; their raw message
 * is a blob (`raw_blob_key`), never a column.
 */
export const inboundMails = pgTable(
  "inbound_mails",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** Where it was read: the folder, the folder's UIDVALIDITY and the mail's UID in it. */
    folder: text("folder").notNull(),
    uidValidity: bigint("uid_validity", { mode: "number" }).notNull(),
    uid: bigint("uid", { mode: "number" }).notNull(),
    /** Its Message-ID without the angle brackets; null when it had none. */
    messageId: text("message_id"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    /** UPDATE, NEW_QUERY (its conversation could not be updated), UNMATCHED, LINKED (by staff), DISCARDED. */
    outcome: text("outcome").notNull(),
    /**
     * Why it is unmatched (UNKNOWN_SENDER, NO_MATCH, AUTO_REPLY, BOUNCE, NOT_VERIFIED, UNREADABLE), or
     * refused (QUERY_LIMIT, UPLOAD_LIMIT, ATTACHMENT_LIMIT, TOO_LARGE).
     */
    reason: text("reason"),
    /** The conversation it was matched or linked to. */
    conversationReferenceNumber: integer("conversation_reference_number").references(
      () => conversations.referenceNumber,
      { onDelete: "set null" },
    ),
    /** The query it became (an update, or a new query linked to the conversation). */
    referenceNumber: integer("reference_number").references(() => queries.referenceNumber, {
      onDelete: "set null",
    }),
    memberEntityNumber: integer("member_entity_number").references(() => members.entityNumber, {
      onDelete: "cascade",
    }),
    /** For the unmatched list only: who it says it is from, its subject and its Date. */
    fromAddress: text("from_address"),
    subject: text("subject"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** For the unmatched list: the mail's size in bytes (a mail refused as too large has nothing else). */
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    /** An unmatched mail's raw message in the blob store, until it is linked, discarded or purged. */
    rawBlobKey: text("raw_blob_key"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedByEntityNumber: integer("resolved_by_entity_number").references(() => members.entityNumber, {
      onDelete: "set null",
    }),
  },
  (table) => [
    check(
      "inbound_mails_outcome_known",
      sql`${table.outcome} in ('UPDATE', 'NEW_QUERY', 'UNMATCHED', 'LINKED', 'DISCARDED')`,
    ),
    unique("inbound_mails_uid").on(table.folder, table.uidValidity, table.uid),
    // The same mail read again under another UID (moved back, a new UIDVALIDITY) is the same mail.
    uniqueIndex("inbound_mails_message_id").on(table.messageId).where(sql`${table.messageId} is not null`),
    // The console's unmatched list, newest first, by its key.
    index("inbound_mails_unmatched").on(table.id).where(sql`${table.outcome} = 'UNMATCHED'`),
    // The retention purge, oldest first.
    index("inbound_mails_retention").on(table.receivedAt),
    // An erasure finds a member's mails.
    index("inbound_mails_member").on(table.memberEntityNumber),
  ],
);
