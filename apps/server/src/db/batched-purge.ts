import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "./database.js";
import { rowsOf } from "./raw-rows.js";

// A retention pass as the owner of each table runs it (modules/data-rights/retention-purge.ts
// calls each owner's step): small batches, each its own transaction under the purge's lock, or a
// count only when the run is dry.

export interface BatchedPurge {
  db: Db;
  dryRun: boolean;
  /** One batch's transaction, under the purge lock; throws when another process holds it. */
  inBatch: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
}

/** Rows per batch: each batch is a short transaction of its own. */
export const PURGE_BATCH = 500;

/**
 * Rows of `table` matching `where` removed whole, a batch at a time (by ctid: the tables' keys
 * differ), or counted when the run is dry. `before` runs first in each batch's transaction (the
 * audit trail's declared cut-off).
 */
export async function deleteInBatches(
  run: BatchedPurge,
  table: SQL,
  where: SQL,
  before?: SQL,
): Promise<number> {
  if (run.dryRun) {
    const [row] = await rowsOf<{ n: string | number }>(
      run.db,
      sql`select count(*) as n from ${table} where ${where}`,
    );
    return Number(row?.n ?? 0);
  }
  let removed = 0;
  for (;;) {
    const batch = await run.inBatch(async (tx) => {
      if (before) await tx.execute(before);
      return (
        await rowsOf<unknown>(
          tx,
          sql`
          delete from ${table} where ctid = any(array(select ctid from ${table} where ${where} limit ${PURGE_BATCH}))
          returning 1 as one`,
        )
      ).length;
    });
    removed += batch;
    if (batch < PURGE_BATCH) return removed;
  }
}

/** An instant as a timestamptz parameter. */
export const timestampParam = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`;
