import { MEMBER_LANGUAGE_CODES } from "@portal/domain";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";

// The tables modules/members owns: it alone writes them (modules/table-ownership.test.ts).

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
    /**
     * The language the member chose to read the portal and its mails in (a MEMBER_LANGUAGE_CODES
     * code); null: never chosen, English. Kept here so a new browser finds it and mails follow it.
     */
    language: text("language"),
  },
  (table) => [
    // A log-in is a username AND a password hash, or neither: never a half that could be matched.
    check("members_login_complete", sql`(${table.username} is null) = (${table.passwordHash} is null)`),
    check(
      "members_language_known",
      sql`${table.language} is null or ${table.language} in (${sql.raw(MEMBER_LANGUAGE_CODES.map((code) => `'${code}'`).join(", "))})`,
    ),
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
