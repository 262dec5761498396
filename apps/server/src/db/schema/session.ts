import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { members } from "./members.js";

// The tables modules/session owns: it alone writes them (modules/table-ownership.test.ts).

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
