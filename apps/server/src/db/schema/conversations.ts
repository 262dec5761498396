import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
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

/**
 * A conversation's thread, one typed entry each (THREAD_ENTRY_KINDS of the domain), oldest first:
 * the member's messages, the scheme's replies, staff's notes, documents received and what was
 * done to it (docs/decisions 0038). A member's message is also a row of `queries` (the
 * specification's query, with its own reference number); its entry places it in the thread and
 * carries its files, while its words stay on that row. Only the conversations' commands write it.
 */
export const threadEntries = pgTable(
  "thread_entries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    conversationReferenceNumber: integer("conversation_reference_number")
      .notNull()
      .references(() => conversations.referenceNumber, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /**
     * The query it is (a member's message) or answers (a reply: the conversation's first query,
     * or for replies from before the desk the query they were sent to); null for the others.
     */
    queryReferenceNumber: integer("query_reference_number").references(() => queries.referenceNumber, {
      onDelete: "cascade",
    }),
    /** The member of staff who wrote or did it; null for the member's messages and history from before the desk. */
    authorEntityNumber: integer("author_entity_number").references(() => members.entityNumber, {
      onDelete: "set null",
    }),
    /** ASSIGNED: to whom (null: to nobody). */
    assigneeEntityNumber: integer("assignee_entity_number").references(() => members.entityNumber, {
      onDelete: "set null",
    }),
    /** A reply's HTML as sent, a note's text; null for the others (a member's words are on the query). */
    body: text("body"),
    /** DOCUMENT_RECEIVED: the document submission recorded. */
    documentSubmissionReferenceNumber: integer("document_submission_reference_number").references(
      () => documentSubmissions.referenceNumber,
      { onDelete: "cascade" },
    ),
    /**
     * A reply's composer key (made when it opened): a repeat of the send with it gets this reply
     * back and sends no second mail. Null for replies sent without one and for other kinds.
     */
    idempotencyKey: text("idempotency_key"),
  },
  (table) => [
    check(
      "thread_entries_kind_known",
      sql`${table.kind} in ('MEMBER_MESSAGE', 'EMAIL_RECEIVED', 'REPLY', 'NOTE', 'DOCUMENT_RECEIVED', 'ASSIGNED', 'CLOSED', 'REOPENED', 'ESCALATED')`,
    ),
    check(
      "thread_entries_message_has_query",
      sql`${table.kind} not in ('MEMBER_MESSAGE', 'EMAIL_RECEIVED', 'REPLY') or ${table.queryReferenceNumber} is not null`,
    ),
    // The thread in order: the desk's page, the member's thread, a reply since a query was logged.
    index("thread_entries_conversation").on(table.conversationReferenceNumber, table.at, table.id),
    // A query's own entries: its message (and files), the replies sent to it.
    index("thread_entries_query").on(table.queryReferenceNumber, table.kind, table.at),
    uniqueIndex("thread_entries_reply_idempotency")
      .on(table.conversationReferenceNumber, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    // The reports' first replies of conversations begun before them (modules/reports).
    index("thread_entries_replies")
      .on(table.conversationReferenceNumber, table.at)
      .where(sql`${table.kind} = 'REPLY'`),
  ],
);

/**
 * Every stored file: a member's message's, a reply's (staff's), or a document submission's; each
 * row belongs to exactly one. The number members and staff see (in the specification's paths, one
 * owner's file by its number) is `attachmentId`; the rows brought over from the three tables before
 * this one kept theirs, which were numbered apart and so are unique only within their owner.
 */
export const attachmentNumbers = pgSequence("attachment_numbers", { startWith: 1000001 });

export const attachments = pgTable(
  "attachments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    attachmentId: integer("attachment_id").notNull().default(sql`nextval('attachment_numbers')`),
    threadEntryId: integer("thread_entry_id").references(() => threadEntries.id, { onDelete: "cascade" }),
    documentSubmissionReferenceNumber: integer("document_submission_reference_number").references(
      () => documentSubmissions.referenceNumber,
      { onDelete: "cascade" },
    ),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    blobKey: text("blob_key").notNull().unique(),
    position: integer("position").notNull(),
  },
  (table) => [
    check(
      "attachments_one_owner",
      sql`num_nonnulls(${table.threadEntryId}, ${table.documentSubmissionReferenceNumber}) = 1`,
    ),
    index("attachments_thread_entry").on(table.threadEntryId, table.position),
    index("attachments_document_submission").on(table.documentSubmissionReferenceNumber, table.position),
  ],
);
