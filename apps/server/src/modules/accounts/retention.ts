import { sql } from "drizzle-orm";
import { type BatchedPurge, deleteInBatches, timestampParam } from "../../db/batched-purge.js";

/** The retention purge's step for account links (registration, password reset): expired before the cut-off. */
export function purgeAccountTokens(run: BatchedPurge, expiredBefore: Date): Promise<number> {
  return deleteInBatches(run, sql`account_tokens`, sql`expires_at < ${timestampParam(expiredBefore)}`);
}
