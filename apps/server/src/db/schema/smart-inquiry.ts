import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { members } from "./members.js";

// The tables modules/smart-inquiry owns: it alone writes them (modules/table-ownership.test.ts).

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
