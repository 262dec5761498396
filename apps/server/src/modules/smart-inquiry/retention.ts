import { sql } from "drizzle-orm";
import { type BatchedPurge, deleteInBatches, timestampParam } from "../../db/batched-purge.js";

/** The retention purge's step for idempotency keys: made before the cut-off. */
export function purgeIdempotencyKeys(run: BatchedPurge, before: Date): Promise<number> {
  return deleteInBatches(run, sql`idempotency_keys`, sql`created_at < ${timestampParam(before)}`);
}
