import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { members } from "./members.js";

// The tables modules/mail owns: it alone writes them (modules/table-ownership.test.ts).

/**
 * The transactional outbox: every mail is a row written in the transaction of the event that
 * causes it; a worker sends it (modules/mail). Several processes claim rows with SKIP LOCKED.
 */
export const outboxMails = pgTable(
  "outbox_mails",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** What caused it (QUERY_LOGGED, UPDATE_LOGGED, REPLY_SENT, DOCUMENTS_RECEIVED, …): logs name only this. */
    kind: text("kind").notNull(),
    /** The stable Message-ID header, so a resend is the same mail. */
    messageId: text("message_id").notNull().unique(),
    toAddresses: text("to_addresses").array().notNull(),
    ccAddresses: text("cc_addresses").array().notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    status: text("status").notNull().default("PENDING"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    /** A code, never the server's words (they may quote an address). */
    lastErrorCode: text("last_error_code"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The member the mail is about, for the console's list of failed mails. */
    memberEntityNumber: integer("member_entity_number").references(() => members.entityNumber, {
      onDelete: "cascade",
    }),
    referenceNumber: integer("reference_number"),
    /**
     * A single-use account link (registration, password reset), sealed with a key derived from the
     * session secret (mail/sealed-links.ts): the body holds a placeholder, so the database never
     * holds a usable token. The sender opens it just before sending.
     */
    /** Files sent with the mail (a reply's): named, typed and read from the blob store when sent. */
    attachments: jsonb("attachments").$type<{ fileName: string; contentType: string; blobKey: string }[]>(),
    sealedLink: text("sealed_link"),
    /**
     * The conversation the mail belongs to (its queries' key), fixed when queued: its mails thread
     * in the member's mail program and carry the conversation's Reply-To token (inbound-mail).
     */
    conversationReferenceNumber: integer("conversation_reference_number"),
    /** The Message-IDs it answers, oldest first (References; the last is In-Reply-To); null: none. */
    threadReferences: text("thread_references").array(),
    /**
     * What the relay answered when it accepted the mail ("250 2.0.0 Ok: queued as …"), or the .eml
     * file written: recorded in the statement that marks the mail sent. Null before, and for mails
     * sent before it was kept.
     */
    deliveryAnswer: text("delivery_answer"),
  },
  (table) => [
    // A conversation's earlier mails (the threading headers) and the mail a reply's In-Reply-To names.
    index("outbox_mails_conversation")
      .on(table.conversationReferenceNumber, table.id)
      .where(sql`${table.conversationReferenceNumber} is not null`),
    check("outbox_mails_status_known", sql`${table.status} in ('PENDING', 'SENT', 'FAILED')`),
    index("outbox_mails_due").on(table.status, table.nextAttemptAt),
    // The retention purge: mails no longer pending, oldest first.
    index("outbox_mails_retention_due").on(table.createdAt).where(sql`${table.status} <> 'PENDING'`),
    // A member's mails: the data export and an erasure find them without reading the outbox.
    index("outbox_mails_member").on(table.memberEntityNumber),
    // The console's failed mails, newest first: only parked ones, never the sent ones before them.
    index("outbox_mails_failed").on(table.id).where(sql`${table.status} = 'FAILED'`),
  ],
);
