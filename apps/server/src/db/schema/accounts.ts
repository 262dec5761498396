import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { members } from "./members.js";

// The tables modules/accounts owns: it alone writes them (modules/table-ownership.test.ts).

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
