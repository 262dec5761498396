import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// The tables modules/storage owns: it alone writes them (modules/table-ownership.test.ts).

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
