import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { tsvector } from "./columns.js";
import { members } from "./members.js";

// The tables modules/conversations owns: it alone writes them (modules/table-ownership.test.ts).

/**
 * A conversation: a member's query and the updates added to it, with the scheme's replies, as one
 * thing to the desk (modules/conversations). Its key is the reference number of its first query.
 * Status, assignee, who it waits on and the reply owed live here; the commands of
 * modules/conversations are its only writers and copy the status onto its queries' rows, which the
 * member's pages list one by one.
 */
export const conversations = pgTable(
  "conversations",
  {
    referenceNumber: integer("reference_number").primaryKey(),
    memberEntityNumber: integer("member_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    origin: text("origin").notNull(),
    category: text("category").notNull(),
    subCategory: text("sub_category"),
    /** The reply address of its first query (updates keep it): the desk's search by e-mail. */
    email: text("email").notNull(),
    status: text("status").notNull().default("OPEN"),
    /** AGENT: the scheme owes a reply; MEMBER: answered and not closed (domain: conversations.ts). */
    waitingOn: text("waiting_on").notNull().default("AGENT"),
    /** The last day of the reply owed; null when none is, or when the message predates promises. */
    replyDueOn: date("reply_due_on", { mode: "string" }),
    /** The queue's "due" order: queueDueKey of the domain (-infinity, the day owed, or infinity). */
    dueKey: date("due_key", { mode: "string" }).notNull(),
    assignedToEntityNumber: integer("assigned_to_entity_number").references(() => members.entityNumber, {
      onDelete: "set null",
    }),
    loggedAt: timestamp("logged_at", { withTimezone: true }).notNull(),
    /** The member's newest message: when, and its reference number. */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull(),
    latestReferenceNumber: integer("latest_reference_number").notNull(),
    messageCount: integer("message_count").notNull().default(1),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    legacy: boolean("legacy").notNull().default(false),
    /** Its queries' and replies' words (English stemming) for the desk's search; emptied when purged. */
    searchDocument: tsvector("search_document").notNull().default(sql`''::tsvector`),
    // The reports' summary (docs/decisions 0025), kept by the conversation's commands: the promise
    // of its first message, its first reply (when, by whom), and the business minutes to that reply
    // and to its last close, which modules/reports works out with the domain's calendar.
    firstDueOn: date("first_due_on", { mode: "string" }),
    firstReplyAt: timestamp("first_reply_at", { withTimezone: true }),
    firstReplyByEntityNumber: integer("first_reply_by_entity_number").references(() => members.entityNumber, {
      onDelete: "set null",
    }),
    firstReplyBusinessMinutes: integer("first_reply_business_minutes"),
    /** To the last close; null while open (a reopened conversation is measured again when it closes). */
    resolutionBusinessMinutes: integer("resolution_business_minutes"),
    /**
     * Begun before the reports came: its first reply and its volumes are still to be added, by
     * modules/reports in the background (true for the rows an upgrade found, never for new ones).
     */
    reportBackfillPending: boolean("report_backfill_pending").notNull().default(false),
  },
  (table) => [
    // Reports over the days conversations began: every column a report reads of them is in the
    // index, so a quarter is read from it alone (an index-only scan), not from the table's pages.
    index("conversations_report_logged").on(
      table.loggedAt,
      table.origin,
      table.category,
      table.firstDueOn,
      table.firstReplyAt,
      table.firstReplyByEntityNumber,
      table.assignedToEntityNumber,
      table.firstReplyBusinessMinutes,
      table.resolutionBusinessMinutes,
    ),
    // The reports' open conversations now (overdue, due today, backlog by age), likewise.
    index("conversations_report_open")
      .on(table.loggedAt, table.origin, table.category, table.dueKey)
      .where(sql`${table.status} = 'OPEN'`),
    // Conversations whose summary is still to be worked out (modules/reports): their history from
    // before the reports, or business minutes the triggers cleared.
    index("conversations_report_pending")
      .on(table.referenceNumber)
      .where(
        sql`${table.reportBackfillPending} or (${table.firstReplyAt} is not null and ${table.firstReplyBusinessMinutes} is null) or (${table.closedAt} is not null and ${table.resolutionBusinessMinutes} is null)`,
      ),
    check("conversations_origin_known", sql`${table.origin} in ('MEMBER_WEB', 'MED_XPRESS')`),
    check("conversations_status_known", sql`${table.status} in ('OPEN', 'CLOSED')`),
    check("conversations_waiting_on_known", sql`${table.waitingOn} in ('AGENT', 'MEMBER')`),
    // The queue by the reply owed, in a status (open tab, overdue = the range before today).
    index("conversations_queue_due").on(table.status, table.dueKey, table.referenceNumber),
    // Mine and unassigned, by the reply owed.
    index("conversations_queue_assignee").on(
      table.assignedToEntityNumber,
      table.status,
      table.dueKey,
      table.referenceNumber,
    ),
    // One category, by the reply owed.
    index("conversations_queue_category").on(
      table.category,
      table.status,
      table.dueKey,
      table.referenceNumber,
    ),
    // By the newest message, in a status (closed tab) and across statuses (all tab).
    index("conversations_queue_latest").on(table.status, table.lastMessageAt, table.referenceNumber),
    index("conversations_latest").on(table.lastMessageAt, table.referenceNumber),
    // A member's conversations (the console's summary and the search by member), newest first.
    index("conversations_member").on(table.memberEntityNumber, table.lastMessageAt),
    index("conversations_email").on(sql`lower(${table.email})`),
    // Words, in each status: every match of a rare word, or a walk's words (queue.ts). Without
    // a pending list (migration 0025), as the hours' below: a full one (up to 4 MB) was read by
    // every search before the index itself, 1.5-3.5 ms of a rare word's 5.
    ...(["OPEN", "CLOSED"] as const).map((status) =>
      index(`conversations_search_${status.toLowerCase()}`)
        .using("gin", table.searchDocument)
        .with({ fastupdate: false })
        .where(sql`${table.status} = ${sql.raw(`'${status}'`)}`),
    ),
    // Each word paired with the UTC hour of the newest message ("physiotherapi@235752", migration
    // 0024's search_hour_keys): a window of the newest hours is a handful of keys, each a short
    // list, so a word is found in its newest hours without reading every match of it.
    ...(["OPEN", "CLOSED"] as const).map((status) =>
      index(`conversations_search_${status.toLowerCase()}_hours`)
        .using("gin", sql`search_hour_keys(${table.searchDocument}, ${table.lastMessageAt})`)
        // Without a pending list: a search probes up to 15 windows, and each probe read the whole
        // list (up to 4 MB, 20 ms a probe after a million inserts) before the index itself.
        .with({ fastupdate: false })
        .where(sql`${table.status} = ${sql.raw(`'${status}'`)}`),
    ),
  ],
);

/**
 * Every lexeme some conversation's search document holds, for the desk's search by the start of a
 * word ("optom" finds "optometrist"; migration 0032): a prefix is a range of the primary key (C
 * collation, set by the migration). Kept by a trigger on conversations: a word new to a document is
 * inserted (on conflict nothing, so no writer updates a row others update), and a lexeme a document
 * loses (a purge, an erasure) is deleted unless another conversation still holds it: words of free
 * text can name a person, so none outlives the conversations that hold it.
 */
export const searchLexemes = pgTable("search_lexemes", {
  lexeme: text("lexeme").primaryKey(),
});

/**
 * The queue's tab counts, in buckets such as "status:OPEN", "assignee:70000001", "due:2026-11-24"
 * or "waiting:MEMBER" (migration 0014). Counting the table per call read it whole at a million
 * queries. A bucket's count is its row here plus its rows in queueCountChanges (decision 0031):
 * only the background fold writes this table.
 */
export const queueCounts = pgTable("queue_counts", {
  bucket: text("bucket").primaryKey(),
  conversations: integer("conversations").notNull(),
});

/**
 * What each change to a conversation did to the queue's buckets, one row a bucket and change,
 * written by the conversations' trigger (migrations 0014, 0026) and folded into queueCounts in the
 * background. Only ever inserted into by writers: no row that every write must lock.
 */
export const queueCountChanges = pgTable(
  "queue_count_changes",
  {
    bucket: text("bucket").notNull(),
    conversations: integer("conversations").notNull(),
  },
  (table) => [index("queue_count_changes_bucket").on(table.bucket)],
);

/** Replies supervisors keep for agents to insert and edit (placeholders filled when inserted). */
export const cannedReplies = pgTable("canned_replies", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  title: text("title").notNull(),
  html: text("html").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  updatedByEntityNumber: integer("updated_by_entity_number").references(() => members.entityNumber, {
    onDelete: "set null",
  }),
});

export const queries = pgTable(
  "queries",
  {
    referenceNumber: integer("reference_number")
      .primaryKey()
      .generatedAlwaysAsIdentity({ startWith: 300001 }),
    memberEntityNumber: integer("member_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    origin: text("origin").notNull(),
    category: text("category").notNull(),
    subCategory: text("sub_category"),
    product: text("product"),
    queryText: text("query_text").notNull(),
    email: text("email").notNull(),
    ccEmail: text("cc_email"),
    status: text("status").notNull().default("OPEN"),
    /** Set on updates: the query this one adds to. */
    parentReferenceNumber: integer("parent_reference_number").references(
      (): AnyPgColumn => queries.referenceNumber,
    ),
    loggedAt: timestamp("logged_at", { withTimezone: true }).notNull(),
    /** Imported from another channel: cannot be viewed here (exceptionCode 0015). */
    legacy: boolean("legacy").notNull().default(false),
    /**
     * The last day of the reply promise (business days, see replyDueDate in the domain), fixed when
     * the query is logged; null only for rows older than the promise.
     */
    replyDueOn: date("reply_due_on", { mode: "string" }),
    /** Its conversation: the reference number of the conversation's first query (itself for a first). */
    conversationReferenceNumber: integer("conversation_reference_number")
      .notNull()
      .references(() => conversations.referenceNumber, { onDelete: "cascade" }),
    /** The conversation's status, copied by its commands: the member's pages list queries one by one. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /**
     * When the query's text, replies and attachments were removed (modules/data-rights): what is
     * left is a tombstone (reference, category, origin, dates, status). Null while it is whole.
     */
    purgedAt: timestamp("purged_at", { withTimezone: true }),
    /** Why: RETENTION (the policy's purge) or ERASURE (a member's deletion request). */
    purgeReason: text("purge_reason"),
  },
  (table) => [
    check("queries_purge_reason_known", sql`${table.purgeReason} in ('RETENTION', 'ERASURE')`),
    check("queries_purged_with_reason", sql`(${table.purgedAt} is null) = (${table.purgeReason} is null)`),
    check("queries_origin_known", sql`${table.origin} in ('MEMBER_WEB', 'MED_XPRESS')`),
    check("queries_status_known", sql`${table.status} in ('OPEN', 'CLOSED')`),
    // The open list: one member, one origin, one status, newest first.
    index("queries_open_list").on(
      table.memberEntityNumber,
      table.origin,
      table.status,
      table.loggedAt.desc(),
    ),
    index("queries_parent").on(table.parentReferenceNumber),
    // A conversation's queries, oldest first: one statement reads a conversation.
    index("queries_conversation").on(table.conversationReferenceNumber, table.loggedAt),
    // The retention purge: closed conversations (their first query) past the period, oldest first.
    index("queries_retention_due")
      .on(table.closedAt, table.referenceNumber)
      .where(
        sql`${table.status} = 'CLOSED' and ${table.purgedAt} is null and ${table.parentReferenceNumber} is null`,
      ),
  ],
);

export const queryAttachments = pgTable(
  "query_attachments",
  {
    attachmentId: integer("attachment_id").primaryKey().generatedAlwaysAsIdentity({ startWith: 500001 }),
    referenceNumber: integer("reference_number")
      .notNull()
      .references(() => queries.referenceNumber, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    blobKey: text("blob_key").notNull().unique(),
    position: integer("position").notNull(),
  },
  (table) => [index("query_attachments_reference").on(table.referenceNumber)],
);

/** The agents' replies to a query, as the HTML e-mails that were sent; the member sees the newest. */
export const agentResponses = pgTable(
  "agent_responses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    referenceNumber: integer("reference_number")
      .notNull()
      .references(() => queries.referenceNumber, { onDelete: "cascade" }),
    html: text("html").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    /** The member of staff who sent it; null for replies from before the staff desk. */
    sentByEntityNumber: integer("sent_by_entity_number").references(() => members.entityNumber, {
      onDelete: "set null",
    }),
    /**
     * The composer's key for this reply (made when it opened): a repeat of the send with it gets
     * this reply back and sends no second mail. Null for replies sent without one.
     */
    idempotencyKey: text("idempotency_key"),
  },
  (table) => [
    index("agent_responses_reference").on(table.referenceNumber, table.sentAt.desc()),
    uniqueIndex("agent_responses_idempotency").on(table.referenceNumber, table.idempotencyKey),
  ],
);

/**
 * A reply or note a member of staff is writing, kept while they type (one per conversation, author
 * and kind) so it survives a reload and follows them to another device; removed when sent.
 */
export const replyDrafts = pgTable(
  "reply_drafts",
  {
    referenceNumber: integer("reference_number")
      .notNull()
      .references(() => queries.referenceNumber, { onDelete: "cascade" }),
    authorEntityNumber: integer("author_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** The reply's HTML or the note's text as typed; cleaned when it goes back into the editor or is sent. */
    text: text("text").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.referenceNumber, table.authorEntityNumber, table.kind] }),
    // A staff member's removal cascades by this column.
    index("reply_drafts_author").on(table.authorEntityNumber),
    check("reply_drafts_kind_known", sql`${table.kind} in ('REPLY', 'NOTE')`),
  ],
);

/** Files staff sent with a reply: the member's attachment rules, stored like theirs (decision 0003). */
export const replyAttachments = pgTable(
  "reply_attachments",
  {
    attachmentId: integer("attachment_id").primaryKey().generatedAlwaysAsIdentity({ startWith: 900001 }),
    replyId: integer("reply_id")
      .notNull()
      .references(() => agentResponses.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    blobKey: text("blob_key").notNull().unique(),
    position: integer("position").notNull(),
  },
  (table) => [index("reply_attachments_reply").on(table.replyId)],
);

/** Staff's internal notes on a query: never in any member call, screen, mail or export. */
export const queryNotes = pgTable(
  "query_notes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    referenceNumber: integer("reference_number")
      .notNull()
      .references(() => queries.referenceNumber, { onDelete: "cascade" }),
    authorEntityNumber: integer("author_entity_number")
      .notNull()
      .references(() => members.entityNumber),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("query_notes_reference").on(table.referenceNumber, table.createdAt)],
);

export const documentSubmissions = pgTable(
  "document_submissions",
  {
    referenceNumber: integer("reference_number")
      .primaryKey()
      .generatedAlwaysAsIdentity({ startWith: 800001 }),
    memberEntityNumber: integer("member_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    category: text("category").notNull(),
    loggedAt: timestamp("logged_at", { withTimezone: true }).notNull(),
    /** The member of staff who recorded documents received; null when the member sent them. */
    recordedByEntityNumber: integer("recorded_by_entity_number").references(() => members.entityNumber, {
      onDelete: "set null",
    }),
    /** When its files were removed (retention or erasure); the submission's date and category stay. */
    purgedAt: timestamp("purged_at", { withTimezone: true }),
    purgeReason: text("purge_reason"),
  },
  (table) => [
    index("document_submissions_member").on(table.memberEntityNumber),
    // The reports' document submissions per day.
    index("document_submissions_logged").on(table.loggedAt),
    check("document_submissions_purge_reason_known", sql`${table.purgeReason} in ('RETENTION', 'ERASURE')`),
    index("document_submissions_retention_due")
      .on(table.loggedAt, table.referenceNumber)
      .where(sql`${table.purgedAt} is null`),
  ],
);

export const documentSubmissionAttachments = pgTable(
  "document_submission_attachments",
  {
    attachmentId: integer("attachment_id").primaryKey().generatedAlwaysAsIdentity({ startWith: 900001 }),
    referenceNumber: integer("reference_number")
      .notNull()
      .references(() => documentSubmissions.referenceNumber, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    blobKey: text("blob_key").notNull().unique(),
    position: integer("position").notNull(),
  },
  (table) => [index("document_submission_attachments_reference").on(table.referenceNumber)],
);
