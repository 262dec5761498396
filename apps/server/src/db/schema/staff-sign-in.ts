import { integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { members } from "./members.js";

// The tables modules/staff-sign-in owns: it alone writes them (modules/table-ownership.test.ts).

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
