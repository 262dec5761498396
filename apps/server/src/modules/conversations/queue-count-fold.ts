import { sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { foldCounterChanges } from "../../db/folded-counters.js";

// The queue's tab counts: the changes the conversations' trigger wrote (queue_count_changes) moved
// into each bucket's folded row (queue_counts), in the background (decision 0031). A bucket left
// at zero is removed: the days of past promises would otherwise pile up in the overdue range.

const QUEUE_COUNTS_FOLD_LOCK = 7302101;

/** Folds the queue's count changes; answers how many, or null when another process was folding. */
export function foldQueueCounts(db: Db): Promise<number | null> {
  return foldCounterChanges(
    db,
    QUEUE_COUNTS_FOLD_LOCK,
    sql`with folded as (delete from queue_count_changes returning bucket, conversations),
      upserted as (
        insert into queue_counts (bucket, conversations)
        select bucket, sum(conversations)::int from folded group by bucket
        on conflict (bucket) do update set conversations = queue_counts.conversations + excluded.conversations
      )
      select count(*)::int as folded from folded`,
    sql`delete from queue_counts where conversations = 0`,
  );
}
