import { sql } from "drizzle-orm";
import { type BatchedPurge, deleteInBatches, timestampParam } from "../../db/batched-purge.js";

/** The retention purge's step for sessions: those idle or old past the cut-offs go. */
export function purgeExpiredSessions(
  run: BatchedPurge,
  idleBefore: Date,
  createdBefore: Date,
): Promise<number> {
  return deleteInBatches(
    run,
    sql`sessions`,
    sql`(last_seen_at < ${timestampParam(idleBefore)} or created_at < ${timestampParam(createdBefore)})`,
  );
}
