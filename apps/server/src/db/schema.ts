import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";

// One schema for both the embedded database (PGlite) and a PostgreSQL server.
// Changes go through `npm run db:generate -w apps/server`, which writes a new migration.

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * Every person the scheme knows: members who log in and dependents on their policies. A dependent
 * is a row here too (their own entity number) with no username and no password until given a log-in.
 */
export const members = pgTable(
  "members",
  {
    // By default: the register import (modules/register) keeps the scheme's own entity numbers.
    entityNumber: integer("entity_number").primaryKey().generatedByDefaultAsIdentity({ startWith: 70000001 }),
    /** Stored lower-case: log-in names are case-insensitive. Null: this person cannot log in. */
    username: text("username").unique(),
    passwordHash: text("password_hash"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    createdAt: createdAt(),
    /**
     * When an operator disabled this log-in (`cli staff:disable`): it can no longer log in, and its
     * sessions ended in the same transaction. Null: the log-in works.
     */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** The last time a session was made for this log-in, and how: "password" or "oidc" (staff page). */
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    lastSignInMethod: text("last_sign_in_method"),
    /** Staff: the console's offer of an authenticator app was put off ("Not now") until then. */
    secondFactorOfferPostponedUntil: timestamp("second_factor_offer_postponed_until", { withTimezone: true }),
  },
  (table) => [
    // A log-in is a username AND a password hash, or neither: never a half that could be matched.
    check("members_login_complete", sql`(${table.username} is null) = (${table.passwordHash} is null)`),
    // The search by name (the desk's, Record documents', the information officer's): the start of
    // any word of the first name or surname, in any case ("Merwe" finds "van der Merwe"), as a
    // 'simple' (unstemmed) tsvector of both; the prefix tsquery is db/name-words.ts nameWordsQuery.
    index("members_name_words").using(
      "gin",
      sql`to_tsvector('simple', ${table.firstName} || ' ' || ${table.lastName})`,
    ),
    // The search by a name's start before migration 0030, read by nothing now. Kept one release, for
    // the previous release's processes during a rolling upgrade; the next release drops them.
    index("members_last_name_search").using("btree", sql`lower(${table.lastName}) text_pattern_ops`),
    index("members_first_name_search").using("btree", sql`lower(${table.firstName}) text_pattern_ops`),
  ],
);

export const memberEmails = pgTable(
  "member_emails",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberEntityNumber: integer("member_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    address: text("address").notNull(),
    /** 0 is the first address: the one the query form is prefilled with. */
    position: integer("position").notNull(),
  },
  (table) => [unique("member_emails_member_position").on(table.memberEntityNumber, table.position)],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the session token; the token itself lives only in the member's cookie. */
    tokenHash: text("token_hash").primaryKey(),
    memberEntityNumber: integer("member_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    /** How the session was signed in: "password" (the gateway, with a second factor for local staff) or "oidc" (staff through the scheme's identity provider). */
    signInMethod: text("sign_in_method").notNull().default("password"),
  },
  (table) => [
    index("sessions_member").on(table.memberEntityNumber),
    // The retention purge finds expired sessions by either limit (modules/data-rights).
    index("sessions_last_seen").on(table.lastSeenAt),
    index("sessions_created").on(table.createdAt),
    check("sessions_sign_in_method_known", sql`${table.signInMethod} in ('password', 'oidc')`),
  ],
);

/**
 * A staff member who signs in through the scheme's OpenID provider: the log-in is matched by the
 * provider's issuer and subject (`sub`), never by a name or an address (docs/decisions, staff sign-in).
 */
export const staffIdentities = pgTable(
  "staff_identities",
  {
    memberEntityNumber: integer("member_entity_number")
      .primaryKey()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [unique("staff_identities_issuer_subject").on(table.issuer, table.subject)],
);

/**
 * A local staff log-in's second factor: a TOTP secret (RFC 6238), sealed with a key derived from
 * the session secret, so the database alone does not hold a usable one. Unconfirmed until the
 * first code is given; the last time step used is kept, so a code works once.
 */
export const staffSecondFactors = pgTable("staff_second_factors", {
  memberEntityNumber: integer("member_entity_number")
    .primaryKey()
    .references(() => members.entityNumber, { onDelete: "cascade" }),
  sealedSecret: text("sealed_secret").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  /** Which sign-in (session or pending sign-in) started an unconfirmed enrolment: a hash of its token's hash. */
  startedBy: text("started_by"),
});

/** Single-use recovery codes of a second factor: only their hashes, each spent once. */
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberEntityNumber: integer("member_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("staff_recovery_codes_member").on(table.memberEntityNumber)],
);

/**
 * A password accepted for a local staff log-in that still owes its second factor: no session yet,
 * only this short-lived token (its hash here) for the code step or the enrolment.
 */
export const pendingSignIns = pgTable(
  "pending_sign_ins",
  {
    tokenHash: text("token_hash").primaryKey(),
    memberEntityNumber: integer("member_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("pending_sign_ins_member").on(table.memberEntityNumber)],
);

/**
 * Attempts counted per key within a window (keys are HMACs, never raw names or addresses): log-ins
 * per account, device and address, account requests, and each member's limited actions
 * (gateway/login-throttle.ts reserveAttempt). `failures` holds the window's attempt count;
 * `locked_until` is no longer written (decision record 0002).
 */
export const loginThrottle = pgTable(
  "login_throttle",
  {
    key: text("key").primaryKey(),
    failures: integer("failures").notNull(),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (table) => [
    check("login_throttle_failures_positive", sql`${table.failures} > 0`),
    index("login_throttle_window").on(table.windowStartedAt),
  ],
);

/**
 * Single-use links mailed for first-time registration and forgotten passwords. Only the SHA-256 of
 * the token is kept; the token itself is in the member's mailbox. A used or expired row proves
 * nothing.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    purpose: text("purpose").notNull(),
    entityNumber: integer("entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    /** The address the link was sent to: a registration is for the address the member named. */
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [
    check("account_tokens_purpose_known", sql`${table.purpose} in ('ACTIVATION', 'PASSWORD_RESET')`),
    index("account_tokens_entity").on(table.entityNumber, table.purpose),
    index("account_tokens_expires").on(table.expiresAt),
  ],
);

/**
 * A member's change of their e-mail addresses, with the addresses they had before: for a day, a
 * password-reset link mailed to a new address also tells the old ones (docs/decisions, "What a
 * session may not do without the password"). Rows older
 * than that are removed by the hourly sweep; the audit trail keeps that the change happened.
 */
export const contactChanges = pgTable(
  "contact_changes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberEntityNumber: integer("member_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    previousEmails: text("previous_emails").array().notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("contact_changes_member").on(table.memberEntityNumber, table.changedAt)],
);

// ---- Smart inquiry -------------------------------------------------------------------------

const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => "tsvector" });

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

/**
 * The reports' volumes (docs/decisions 0025): new queries, updates, replies and closes per hour
 * (UTC), channel and category, kept by triggers (migration 0021) in the transaction of each event.
 * A report adds up the hours of its days in TIME_ZONE, so a quarter is a few thousand rows, never
 * every message. Events stay counted when their rows are later removed: they happened. Only the
 * background fold writes this table; new events wait in reportVolumeChanges (decision 0031).
 */
export const reportVolumes = pgTable(
  "report_volumes",
  {
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    origin: text("origin").notNull(),
    category: text("category").notNull(),
    newQueries: integer("new_queries").notNull().default(0),
    updates: integer("updates").notNull().default(0),
    replies: integer("replies").notNull().default(0),
    closed: integer("closed").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.hour, table.origin, table.category] })],
);

/**
 * Events not yet folded into reportVolumes: one row an event (or a backfilled batch), written by
 * the triggers of migration 0021 (as changed by 0026) and by the history backfill, folded in the
 * background (decision 0031). A report adds both tables up. Only ever inserted into by writers.
 */
export const reportVolumeChanges = pgTable(
  "report_volume_changes",
  {
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    origin: text("origin").notNull(),
    category: text("category").notNull(),
    newQueries: integer("new_queries").notNull().default(0),
    updates: integer("updates").notNull().default(0),
    replies: integer("replies").notNull().default(0),
    closed: integer("closed").notNull().default(0),
  },
  (table) => [index("report_volume_changes_hour").on(table.hour)],
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

/** Creating POSTs with an Idempotency-Key: a retry answers the first answer. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    memberEntityNumber: integer("member_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** What was asked (route and fields), so a key reused for something else is refused. */
    requestFingerprint: text("request_fingerprint").notNull(),
    referenceNumber: integer("reference_number"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.memberEntityNumber, table.key] }),
    index("idempotency_keys_created").on(table.createdAt),
  ],
);

/**
 * Attachment blobs committed to the store whose rows are not written yet (store-submission.ts):
 * a row is added before the blobs are committed and removed in the transaction that writes the
 * attachment rows. A row left over means a crash in between, and names exactly the blobs the
 * sweep may delete; a database that never wrote a blob can never delete one.
 */
export const attachmentBlobsInFlight = pgTable(
  "attachment_blobs_in_flight",
  {
    blobKey: text("blob_key").primaryKey(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("attachment_blobs_in_flight_created").on(table.createdAt)],
);

// ---- Member details ------------------------------------------------------------------------
// Rows about a person are keyed by that person's entity number; reads are scoped by the access
// plugin (modules/access/) before any of these tables is touched.

/** Personal details, one row per person (members and dependents alike). */
export const memberProfiles = pgTable(
  "member_profiles",
  {
    entityNumber: integer("entity_number")
      .primaryKey()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    title: text("title"),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    gender: text("gender"),
    /** South African ID number, or passport number for non-citizens (identityType says which). */
    identityNumber: text("identity_number"),
    identityType: text("identity_type"),
    membershipNumber: text("membership_number").unique(),
  },
  (table) => [
    // The information officer's lookup by the ID (or passport) number a member quotes, matched exactly.
    index("member_profiles_identity_number").on(table.identityNumber),
    check("member_profiles_gender_known", sql`${table.gender} in ('FEMALE', 'MALE', 'OTHER')`),
    check("member_profiles_identity_type_known", sql`${table.identityType} in ('ID', 'PASSPORT')`),
    check(
      "member_profiles_identity_complete",
      sql`(${table.identityNumber} is null) = (${table.identityType} is null)`,
    ),
  ],
);

export const memberPhones = pgTable(
  "member_phones",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberEntityNumber: integer("member_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    type: text("type").notNull(),
    number: text("number").notNull(),
    position: integer("position").notNull(),
  },
  (table) => [
    unique("member_phones_member_position").on(table.memberEntityNumber, table.position),
    check("member_phones_type_known", sql`${table.type} in ('MOBILE', 'HOME', 'WORK')`),
  ],
);

/** At most one postal and one residential address per person. */
export const memberAddresses = pgTable(
  "member_addresses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberEntityNumber: integer("member_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    type: text("type").notNull(),
    line1: text("line1").notNull(),
    line2: text("line2"),
    suburb: text("suburb"),
    city: text("city").notNull(),
    province: text("province"),
    postalCode: text("postal_code").notNull(),
    country: text("country").notNull(),
  },
  (table) => [
    unique("member_addresses_member_type").on(table.memberEntityNumber, table.type),
    check("member_addresses_type_known", sql`${table.type} in ('POSTAL', 'RESIDENTIAL')`),
  ],
);

export const emergencyContacts = pgTable(
  "emergency_contacts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberEntityNumber: integer("member_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    name: text("name").notNull(),
    relationship: text("relationship").notNull(),
    phoneNumber: text("phone_number").notNull(),
    email: text("email"),
    position: integer("position").notNull(),
  },
  (table) => [unique("emergency_contacts_member_position").on(table.memberEntityNumber, table.position)],
);

export const schemes = pgTable("schemes", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
});

export const plans = pgTable(
  "plans",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    schemeId: integer("scheme_id")
      .notNull()
      .references(() => schemes.id),
    code: text("code").notNull(),
    name: text("name").notNull(),
  },
  (table) => [unique("plans_scheme_code").on(table.schemeId, table.code)],
);

export const policies = pgTable(
  "policies",
  {
    // By default: the register import keeps the scheme's own policy ids.
    policyId: integer("policy_id").primaryKey().generatedByDefaultAsIdentity({ startWith: 4000001 }),
    /** The policy number printed on cards and letters; asked for beside policyId as a cross-check. */
    policyIdentifier: text("policy_identifier").notNull().unique(),
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id),
    principalEntityNumber: integer("principal_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    startDate: date("start_date", { mode: "string" }).notNull(),
  },
  // Every access decision asks "which policies is this person the principal of".
  (table) => [index("policies_principal").on(table.principalEntityNumber, table.startDate.desc())],
);

/** The people on a policy besides its principal member. */
export const policyDependents = pgTable(
  "policy_dependents",
  {
    policyId: integer("policy_id")
      .notNull()
      .references(() => policies.policyId, { onDelete: "cascade" }),
    dependentEntityNumber: integer("dependent_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    relationship: text("relationship").notNull(),
    /** Two digits; "00" is the principal member, so dependents start at "01". */
    dependentCode: text("dependent_code").notNull(),
    /** When the person joined the policy, as the register says; null when it does not say. */
    startDate: date("start_date", { mode: "string" }),
  },
  (table) => [
    primaryKey({ columns: [table.policyId, table.dependentEntityNumber] }),
    unique("policy_dependents_policy_code").on(table.policyId, table.dependentCode),
    check(
      "policy_dependents_relationship_known",
      sql`${table.relationship} in ('SPOUSE', 'CHILD', 'ADULT_DEPENDANT')`,
    ),
    check("policy_dependents_code_format", sql`${table.dependentCode} ~ '^(0[1-9]|[1-9][0-9])$'`),
    // "Which policy is this person a dependent on" (their plan and scheme).
    index("policy_dependents_dependent").on(table.dependentEntityNumber),
  ],
);

/**
 * Append-only record of every read of another person's data and every change: who did it, whose
 * data, which resource, when, under which request. Never the data itself. No foreign keys: the
 * trail outlives the people it names. Updates and deletes are refused by a trigger (see migration).
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    actorEntityNumber: integer("actor_entity_number").notNull(),
    subjectEntityNumber: integer("subject_entity_number").notNull(),
    resource: text("resource").notNull(),
    action: text("action").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    requestId: text("request_id").notNull(),
    /** The query or document submission the path named, where it named one ("query 300001"). */
    referenceNumber: integer("reference_number"),
    /** Figures only, never personal data: a retention purge's counts by kind. */
    detail: jsonb("detail"),
  },
  (table) => [
    // Newest first, by key (at, id): a member's access history, and the audit trail by member,
    // by staff account, by kind, or by date alone; the purge finds rows past retention by `at`.
    index("audit_events_subject").on(table.subjectEntityNumber, table.at, table.id),
    index("audit_events_actor").on(table.actorEntityNumber, table.at, table.id),
    index("audit_events_resource").on(table.resource, table.at, table.id),
    index("audit_events_at").on(table.at, table.id),
  ],
);

/** The roles a person holds (MEMBER_ROLES of the domain): members, and the scheme's staff. */
export const memberRoles = pgTable(
  "member_roles",
  {
    entityNumber: integer("entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    role: text("role").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.entityNumber, table.role] }),
    // Who holds a role, in entity order: the supervisors' Staff page pages through staff by it.
    index("member_roles_role").on(table.role, table.entityNumber),
    check(
      "member_roles_role_known",
      sql`${table.role} in ('MEMBER', 'STAFF_AGENT', 'STAFF_SUPERVISOR', 'STAFF_INFORMATION_OFFICER')`,
    ),
  ],
);

/** Waiting periods and exclusions on a person's cover: general, or for one condition. */
export const waitingPeriods = pgTable(
  "waiting_periods",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    entityNumber: integer("entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    type: text("type").notNull(),
    condition: text("condition"),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
  },
  (table) => [
    check("waiting_periods_type_known", sql`${table.type} in ('GENERAL', 'CONDITION_SPECIFIC')`),
    // A condition-specific period names its condition; a general one names none.
    check(
      "waiting_periods_condition_matches_type",
      sql`(${table.type} = 'CONDITION_SPECIFIC') = (${table.condition} is not null)`,
    ),
    check("waiting_periods_dates_ordered", sql`${table.startDate} <= ${table.endDate}`),
    index("waiting_periods_entity").on(table.entityNumber, table.startDate),
  ],
);

/** The doctors and practices a patient is allocated to (a GP, a dentist…), with their dates. */
export const doctorAllocations = pgTable(
  "doctor_allocations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    patientEntityNumber: integer("patient_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    allocationType: text("allocation_type").notNull(),
    practiceNumber: text("practice_number").notNull(),
    practiceName: text("practice_name").notNull(),
    doctorName: text("doctor_name").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    /** Null: allocated until further notice. */
    endDate: date("end_date", { mode: "string" }),
  },
  (table) => [
    check("doctor_allocations_type_known", sql`${table.allocationType} in ('GP', 'DENTIST', 'SPECIALIST')`),
    check(
      "doctor_allocations_dates_ordered",
      sql`${table.endDate} is null or ${table.startDate} <= ${table.endDate}`,
    ),
    index("doctor_allocations_patient").on(table.patientEntityNumber, table.allocationType),
  ],
);

/** Raw bytes; drizzle-orm/pg-core has no bytea column of its own. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/**
 * One profile picture per person, re-encoded on upload (modules/member-details/profile-picture.ts),
 * so what is stored is always a JPEG without metadata. Small enough (≤ 1024 px each way) to keep in
 * the database rather than the blob store: it goes with the person's other rows.
 */
export const profilePictures = pgTable(
  "profile_pictures",
  {
    entityNumber: integer("entity_number")
      .primaryKey()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    image: bytea("image").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("profile_pictures_size_positive", sql`${table.width} > 0 and ${table.height} > 0`)],
);

/**
 * Orders for a new membership card. One order per person per calendar day: a second order the same
 * day answers the first one's number (the unique key makes that hold under concurrent clicks too).
 */
export const membershipCardOrders = pgTable(
  "membership_card_orders",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    entityNumber: integer("entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    orderedOn: date("ordered_on", { mode: "string" }).notNull(),
    /** Who placed it: the member, or staff on their behalf. */
    orderedBy: integer("ordered_by")
      .notNull()
      .references(() => members.entityNumber),
    createdAt: createdAt(),
  },
  (table) => [unique("membership_card_orders_one_per_day").on(table.entityNumber, table.orderedOn)],
);

/** The benefits each plan covers (POLICY_BENEFITS in the domain); benefit permissions ask here. */
export const planBenefits = pgTable(
  "plan_benefits",
  {
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    benefit: text("benefit").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.planId, table.benefit] }),
    check(
      "plan_benefits_benefit_known",
      sql`${table.benefit} in ('HOSPITAL', 'CHRONIC_MEDICATION', 'DAY_TO_DAY', 'DENTISTRY', 'OPTOMETRY', 'MATERNITY')`,
    ),
  ],
);

/**
 * One row per run of `register:import` that wrote something: who ran it (the operating-system
 * account), the files' SHA-256 checksums and the counts. Part of the audit trail: updates and
 * deletes are refused by a trigger (migration 0008).
 */
export const registerImports = pgTable("register_imports", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  ranBy: text("ran_by").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  finishedAt: timestamp("finished_at", { withTimezone: true }).notNull(),
  /** File name → SHA-256 of its bytes. */
  fileChecksums: jsonb("file_checksums").$type<Record<string, string>>().notNull(),
  /** Kind → { inserted, updated, removed }. */
  counts: jsonb("counts")
    .$type<Record<string, { inserted: number; updated: number; removed: number }>>()
    .notNull(),
  removeMissing: boolean("remove_missing").notNull(),
});

// ---- Data rights (POPIA): legal holds, requests, exports ------------------------------------

/**
 * A member whose data the retention purge and an erasure must leave alone (a dispute, a complaint
 * to the regulator, litigation), set by the information officer with a reason. Releasing deletes
 * the row; the audit trail keeps that it was set and released.
 */
export const legalHolds = pgTable("legal_holds", {
  memberEntityNumber: integer("member_entity_number")
    .primaryKey()
    .references(() => members.entityNumber, { onDelete: "cascade" }),
  reason: text("reason").notNull(),
  setAt: timestamp("set_at", { withTimezone: true }).notNull(),
  setByEntityNumber: integer("set_by_entity_number").notNull(),
});

/**
 * A member's request under POPIA (access, correction, deletion) as the information officer
 * recorded it, with the day it is due and, once answered, how; a deletion keeps its erasure report.
 */
export const dataRequests = pgTable(
  "data_requests",
  {
    requestId: integer("request_id").primaryKey().generatedAlwaysAsIdentity(),
    memberEntityNumber: integer("member_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    receivedOn: date("received_on", { mode: "string" }).notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    status: text("status").notNull().default("OPEN"),
    notes: text("notes").notNull().default(""),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull(),
    recordedByEntityNumber: integer("recorded_by_entity_number").notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    outcome: text("outcome"),
    erasureReport: jsonb("erasure_report"),
  },
  (table) => [
    check("data_requests_kind_known", sql`${table.kind} in ('ACCESS', 'CORRECTION', 'DELETION')`),
    check("data_requests_status_known", sql`${table.status} in ('OPEN', 'COMPLETED')`),
    // The desk's list: one status, newest first, by key.
    index("data_requests_status").on(table.status, table.requestId),
    // One member's requests: the open access requests an archive on their behalf may answer.
    index("data_requests_member").on(table.memberEntityNumber, table.requestId),
  ],
);

/**
 * An archive of everything the portal holds about a member, made in the background
 * (modules/data-rights/export-worker.ts): asked for by the member (one a day) or by the
 * information officer on their behalf; offered for seven days, then removed with its file.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    exportId: integer("export_id").primaryKey().generatedAlwaysAsIdentity(),
    memberEntityNumber: integer("member_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    /** The member themselves, or the information officer who asked on their behalf. */
    requestedByEntityNumber: integer("requested_by_entity_number").notNull(),
    status: text("status").notNull().default("QUEUED"),
    done: integer("done").notNull().default(0),
    total: integer("total").notNull().default(0),
    /** Fixed when asked for, so a crash between writing the file and this row leaves no orphan. */
    blobKey: text("blob_key").notNull().unique(),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    /** When a worker took it; a RUNNING export not touched for long is taken again (a crash). */
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /**
     * Why the information officer pulled it: the member's access request it answers, or a written
     * reason (one of the two for an archive made on a member's behalf; neither for the member's own).
     */
    dataRequestId: integer("data_request_id").references(() => dataRequests.requestId, {
      onDelete: "set null",
    }),
    reason: text("reason"),
  },
  (table) => [
    check(
      "data_exports_status_known",
      sql`${table.status} in ('QUEUED', 'RUNNING', 'READY', 'FAILED', 'EXPIRED')`,
    ),
    index("data_exports_member").on(table.memberEntityNumber, table.requestedAt),
    // The worker's queue: the oldest waiting first.
    index("data_exports_waiting").on(table.requestedAt).where(sql`${table.status} in ('QUEUED', 'RUNNING')`),
    // The purge: archives past their seven days.
    index("data_exports_expiry").on(table.expiresAt).where(sql`${table.status} = 'READY'`),
  ],
);

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
