import { type SQL, sql } from "drizzle-orm";
import { type BatchedPurge, deleteInBatches, timestampParam } from "../../db/batched-purge.js";

/**
 * The retention purge's step for the audit trail: rows before the cut-off, but for the people in
 * `heldMembers` (a subquery of entity numbers under a legal hold).
 */
export function purgeAuditEvents(run: BatchedPurge, before: Date, heldMembers: SQL): Promise<number> {
  return deleteInBatches(
    run,
    sql`audit_events`,
    sql`at < ${timestampParam(before)} and subject_entity_number not in (${heldMembers})`,
    // The only statement the audit trail's trigger lets delete: rows older than this cut-off.
    sql`select set_config('portal.audit_purge_before', ${before.toISOString()}, true)`,
  );
}
