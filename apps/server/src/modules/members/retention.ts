import { sql } from "drizzle-orm";
import { type BatchedPurge, deleteInBatches, timestampParam } from "../../db/batched-purge.js";

/** The retention purge's step for the log-in throttle: windows that started before the cut-off. */
export function purgeLoginThrottle(run: BatchedPurge, before: Date): Promise<number> {
  return deleteInBatches(run, sql`login_throttle`, sql`window_started_at < ${timestampParam(before)}`);
}
