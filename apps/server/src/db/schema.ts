import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";

// One schema for both the embedded database (PGlite) and a PostgreSQL server.
// Changes go through `npm run db:generate -w apps/server`, which writes a new migration.

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const members = pgTable("members", {
  entityNumber: integer("entity_number").primaryKey().generatedAlwaysAsIdentity({ startWith: 70000001 }),
  /** Stored lower-case: log-in names are case-insensitive. */
  username: text("username").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  createdAt: createdAt(),
});

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
  },
  (table) => [index("sessions_member").on(table.memberEntityNumber)],
);

/** Failed log-ins per account and per client address (keys are HMACs, never raw names or addresses). */
export const loginThrottle = pgTable(
  "login_throttle",
  {
    key: text("key").primaryKey(),
    failures: integer("failures").notNull(),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (table) => [check("login_throttle_failures_positive", sql`${table.failures} > 0`)],
);

// ---- Smart inquiry -------------------------------------------------------------------------

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
  },
  (table) => [
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

/** The agent's reply, as the HTML e-mail that was sent. */
export const agentResponses = pgTable("agent_responses", {
  referenceNumber: integer("reference_number")
    .primaryKey()
    .references(() => queries.referenceNumber, { onDelete: "cascade" }),
  html: text("html").notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
});

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
  },
  (table) => [index("document_submissions_member").on(table.memberEntityNumber)],
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
  (table) => [primaryKey({ columns: [table.memberEntityNumber, table.key] })],
);
