import { sql } from "drizzle-orm";
import type { Tx } from "../../db/database.js";

// The history of conversations begun before the reports (report_backfill_pending, set by migration
// 0019 on the rows it found): their first promise and first reply, and every event of theirs in
// the reports' volumes. The migration does none of it, so an upgrade rewrites no conversation; this does
// it a batch at a time, under the conversations' row locks, which the volume triggers take too:
// an event written meanwhile waits for the batch and is then counted by its trigger, or was
// written before and is counted here. Never both, never neither.

/** Text of an int[] parameter (drizzle would spread a JavaScript array into a row). */
export const intArray = (values: readonly number[]) => `{${values.join(",")}}`;

/**
 * Adds the history of the conversations `references` (locked by the caller, still marked) and
 * clears their mark. The volumes are summed per hour, channel and category and written as changes
 * to fold (decision 0031), which locks no row another writer needs.
 */
export async function backfillHistory(tx: Tx, references: readonly number[]): Promise<void> {
  if (references.length === 0) return;
  const batch = sql`(select reference_number, origin, category, logged_at, closed_at from conversations
    where reference_number = any(${intArray(references)}::int[]) and report_backfill_pending)`;
  await tx.execute(sql`
    insert into report_volume_changes (hour, origin, category, new_queries, updates, replies, closed)
    select date_bin('1 hour', e.at, '2000-01-01 00:00:00+00'), e.origin, e.category,
      sum(e.new_queries)::int, sum(e.updates)::int, sum(e.replies)::int, sum(e.closed)::int
    from (
      select c.logged_at as at, c.origin, c.category, 1 as new_queries, 0 as updates, 0 as replies, 0 as closed
      from ${batch} c
      union all
      select q.logged_at, c.origin, c.category, 0, 1, 0, 0
      from ${batch} c join queries q on q.conversation_reference_number = c.reference_number
      where q.parent_reference_number is not null
      union all
      select a.at, c.origin, c.category, 0, 0, 1, 0
      from ${batch} c join thread_entries a on a.conversation_reference_number = c.reference_number
        and a.kind = 'REPLY'
      union all
      select c.closed_at, c.origin, c.category, 0, 0, 0, 1 from ${batch} c where c.closed_at is not null
    ) e
    group by 1, 2, 3`);
  // The promise of the first message (its query's), and the earliest reply to any of its messages.
  await tx.execute(sql`
    update conversations c
    set first_due_on = (select q.reply_due_on from queries q where q.reference_number = c.reference_number),
      first_reply_at = r.sent_at, first_reply_by_entity_number = r.sent_by_entity_number,
      report_backfill_pending = false
    from unnest(${intArray(references)}::int[]) as b(reference)
      left join lateral (
        select a.at as sent_at, a.author_entity_number as sent_by_entity_number
        from thread_entries a
        where a.conversation_reference_number = b.reference and a.kind = 'REPLY'
        order by a.at, a.id
        limit 1
      ) r on true
    where c.reference_number = b.reference and c.report_backfill_pending`);
}
