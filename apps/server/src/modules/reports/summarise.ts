import { businessMinutesBetween } from "@portal/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { rowsOf } from "../../db/raw-rows.js";

// The business minutes of a conversation (to its first reply, to its last close) need the domain's
// calendar of business days and public holidays, which lives in TypeScript, not in the database.
// The database's triggers (migration 0020) record the instants in the transaction of each change
// and clear the minutes whenever an instant changes; this works out the minutes the triggers left
// empty. Each report runs it first, so its figures are never older than the report; after an
// upgrade the migration leaves every conversation to do, which `cli reports:summarise` does in one go.

const PENDING = sql`((first_reply_at is not null and first_reply_business_minutes is null)
  or (closed_at is not null and resolution_business_minutes is null))`;

interface PendingRow {
  reference: number;
  loggedAt: Date | string;
  firstReplyAt: Date | string | null;
  closedAt: Date | string | null;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * Works out the business minutes the conversations still lack, `batchSize` at a time, each batch in
 * its own transaction. Rows another process is working on are skipped (SKIP LOCKED), so reports
 * asked at once do not queue behind each other. Answers how many conversations were summarised.
 */
export async function summarisePendingConversations(
  db: Db,
  timeZone: string,
  { batchSize = 2000 }: { batchSize?: number } = {},
): Promise<number> {
  let summarised = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await rowsOf<PendingRow>(
        tx,
        sql`select reference_number as "reference", logged_at as "loggedAt", first_reply_at as "firstReplyAt",
              closed_at as "closedAt"
            from conversations where ${PENDING}
            limit ${batchSize} for update skip locked`,
      );
      if (rows.length === 0) return 0;
      const references: number[] = [];
      const toFirstReply: (number | null)[] = [];
      const toResolution: (number | null)[] = [];
      for (const row of rows) {
        const loggedAt = asDate(row.loggedAt);
        references.push(row.reference);
        toFirstReply.push(
          row.firstReplyAt === null
            ? null
            : businessMinutesBetween(loggedAt, asDate(row.firstReplyAt), timeZone),
        );
        toResolution.push(
          row.closedAt === null ? null : businessMinutesBetween(loggedAt, asDate(row.closedAt), timeZone),
        );
      }
      // Arrays as text parameters (drizzle would spread a JavaScript array into a row).
      await tx.execute(sql`
        update conversations c
        set first_reply_business_minutes = v.to_first_reply, resolution_business_minutes = v.to_resolution
        from (
          select unnest(${`{${references.join(",")}}`}::int[]) as reference,
            unnest(${`{${toFirstReply.map((value) => value ?? "NULL").join(",")}}`}::int[]) as to_first_reply,
            unnest(${`{${toResolution.map((value) => value ?? "NULL").join(",")}}`}::int[]) as to_resolution
        ) v
        where c.reference_number = v.reference`);
      return rows.length;
    });
    summarised += done;
    if (done < batchSize) return summarised;
  }
}
