import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";

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
