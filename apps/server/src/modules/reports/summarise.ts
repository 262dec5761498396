import { businessMinutesBetween } from "@portal/domain";
import { sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/database.js";
import { rowsOf } from "../../db/raw-rows.js";
import { backfillHistory, intArray } from "./history-backfill.js";

// A conversation's summary is kept by the database's triggers (migrations 0020, 0021) in the
// transaction of each change, except what needs the domain's calendar of business days and public
// holidays, which lives in TypeScript: the business minutes to the first reply and to the last
// close, which the triggers clear whenever those instants change. This works them out, and adds the
// history of the conversations an upgrade found (history-backfill.ts), a batch at a time in the
// background (summary-job.ts) or at once (`cli reports:summarise`). Reports read what is done and
// say how many conversations are still pending.

/** A conversation whose summary is still to be worked out: the predicate of conversations_report_pending. */
const PENDING = sql`(report_backfill_pending
  or (first_reply_at is not null and first_reply_business_minutes is null)
  or (closed_at is not null and resolution_business_minutes is null))`;

export const DEFAULT_BATCH_SIZE = 500;

interface TimedRow {
  reference: number;
  loggedAt: Date | string;
  firstReplyAt: Date | string | null;
  closedAt: Date | string | null;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

export interface BatchOutcome {
  /** Conversations summarised by the batch (at most its size). */
  summarised: number;
  /** The lowest reference number it took: the next batch starts below it. */
  lowest: number | null;
}

/**
 * One batch in its own short transaction: up to `batchSize` pending conversations below `below`
 * (newest first, so the figures of recent days are complete first), read from the partial index
 * conversations_report_pending. Rows another process or a command holds are skipped (SKIP LOCKED):
 * two runs at once take different conversations, and a later run finds the skipped ones.
 */
export async function summariseBatch(
  db: Db,
  timeZone: string,
  { batchSize = DEFAULT_BATCH_SIZE, below = null }: { batchSize?: number; below?: number | null } = {},
): Promise<BatchOutcome> {
  return db.transaction(async (tx) => {
    const locked = await rowsOf<{ reference: number; backfill: boolean }>(
      tx,
      sql`select reference_number as "reference", report_backfill_pending as "backfill"
          from conversations
          where ${PENDING} ${below === null ? sql`` : sql`and reference_number < ${below}`}
          order by reference_number desc
          limit ${batchSize}
          for no key update skip locked`,
    );
    if (locked.length === 0) return { summarised: 0, lowest: null };
    const references = locked.map((row) => Number(row.reference));
    await backfillHistory(
      tx,
      locked.filter((row) => row.backfill).map((row) => Number(row.reference)),
    );
    const rows = await rowsOf<TimedRow>(
      tx,
      sql`select reference_number as "reference", logged_at as "loggedAt", first_reply_at as "firstReplyAt",
            closed_at as "closedAt"
          from conversations where reference_number = any(${intArray(references)}::int[])`,
    );
    const toFirstReply: (number | null)[] = [];
    const toResolution: (number | null)[] = [];
    for (const row of rows) {
      const loggedAt = asDate(row.loggedAt);
      const minutesTo = (instant: Date | string | null) =>
        instant === null ? null : businessMinutesBetween(loggedAt, asDate(instant), timeZone);
      toFirstReply.push(minutesTo(row.firstReplyAt));
      toResolution.push(minutesTo(row.closedAt));
    }
    const nullable = (values: (number | null)[]) => `{${values.map((value) => value ?? "NULL").join(",")}}`;
    await tx.execute(sql`
      update conversations c
      set first_reply_business_minutes = v.to_first_reply, resolution_business_minutes = v.to_resolution
      from (
        select unnest(${intArray(rows.map((row) => Number(row.reference)))}::int[]) as reference,
          unnest(${nullable(toFirstReply)}::int[]) as to_first_reply,
          unnest(${nullable(toResolution)}::int[]) as to_resolution
      ) v
      where c.reference_number = v.reference`);
    return { summarised: locked.length, lowest: Math.min(...references) };
  });
}

export interface SummariseProgress {
  batches: number;
  summarised: number;
  /** Since the run began. */
  elapsedMs: number;
}

/**
 * Summarises every pending conversation, batch after batch down the reference numbers, each batch
 * its own transaction. `onBatch` hears of each (progress: the job's log line, the command's
 * output); `keepGoing` is asked before each (a server stopping). Answers how many were summarised.
 */
export async function summarisePendingConversations(
  db: Db,
  timeZone: string,
  options: {
    batchSize?: number;
    onBatch?: (progress: SummariseProgress) => void;
    keepGoing?: () => boolean;
  } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const started = Date.now();
  let below: number | null = null;
  let summarised = 0;
  let batches = 0;
  while (options.keepGoing?.() ?? true) {
    const batch = await summariseBatch(db, timeZone, { batchSize, below });
    if (batch.summarised === 0) break;
    batches += 1;
    summarised += batch.summarised;
    below = batch.lowest;
    options.onBatch?.({ batches, summarised, elapsedMs: Date.now() - started });
    // Fewer than a batch: none left below it that no one else holds.
    if (batch.summarised < batchSize) break;
  }
  return summarised;
}

/**
 * How many conversations are still pending, from the partial index; counted to `atMost` + 1 at
 * most when given (after an upgrade there are millions, and a report must answer at once).
 */
export async function countPendingConversations(db: Queryable, atMost?: number): Promise<number> {
  const limit = atMost === undefined ? sql`` : sql`limit ${atMost + 1}`;
  const [row] = await rowsOf<{ pending: number }>(
    db,
    sql`select count(*)::int as "pending" from (select 1 from conversations where ${PENDING} ${limit}) p`,
  );
  return row?.pending ?? 0;
}
