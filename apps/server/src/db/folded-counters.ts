import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./database.js";
import { rowsOf } from "./raw-rows.js";

// Counters kept as a folded table plus a table of changes (decision 0031): writers only insert
// changes, reads add both tables up, and this moves the changes into the folded rows. One fold of
// a table at a time across every process (a transaction-scoped advisory lock, tried, never waited
// for): two folds upserting the same folded rows in different orders could deadlock each other.

/**
 * Runs `fold` (one statement answering `folded`: how many changes it moved) and then `tidy` in a
 * transaction, if no other process is folding under `lockKey`. Answers how many changes were
 * folded, or null when another process held the fold.
 */
export async function foldCounterChanges(
  db: Db,
  lockKey: number,
  fold: SQL,
  tidy?: SQL,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${lockKey}) as locked`,
    );
    if (!lock?.locked) return null;
    const [row] = await rowsOf<{ folded: number }>(tx, fold);
    if (tidy) await tx.execute(tidy);
    return Number(row?.folded ?? 0);
  });
}
