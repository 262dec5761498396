import { sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { foldCounterChanges } from "../../db/folded-counters.js";

// The reports' volumes: the events the triggers and the history backfill wrote
// (report_volume_changes) moved into their hour's folded row (report_volumes), in the background
// (decision 0031).

const REPORT_VOLUMES_FOLD_LOCK = 7302102;

/** Folds the volumes' changes; answers how many, or null when another process was folding. */
export function foldReportVolumes(db: Db): Promise<number | null> {
  return foldCounterChanges(
    db,
    REPORT_VOLUMES_FOLD_LOCK,
    sql`with folded as (
        delete from report_volume_changes
        returning hour, origin, category, new_queries, updates, replies, closed
      ),
      upserted as (
        insert into report_volumes (hour, origin, category, new_queries, updates, replies, closed)
        select hour, origin, category, sum(new_queries)::int, sum(updates)::int, sum(replies)::int, sum(closed)::int
        from folded group by hour, origin, category
        on conflict (hour, origin, category) do update set
          new_queries = report_volumes.new_queries + excluded.new_queries,
          updates = report_volumes.updates + excluded.updates,
          replies = report_volumes.replies + excluded.replies,
          closed = report_volumes.closed + excluded.closed
      )
      select count(*)::int as folded from folded`,
  );
}
