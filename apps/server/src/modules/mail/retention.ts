import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type BatchedPurge, deleteInBatches, timestampParam } from "../../db/batched-purge.js";
import type { Tx } from "../../db/database.js";
import { intList, rowsOf } from "../../db/raw-rows.js";
import { outboxMails } from "../../db/schema/mail.js";

// The outbox's own steps for the retention purge and an erasure (modules/data-rights calls them):
// a mail holds the words and addresses of what it was about, so it goes with them.

/** Mails sent or failed before the cut-off, but a member's in `heldMembers` (under a legal hold). */
export function purgeSentMails(run: BatchedPurge, before: Date, heldMembers: SQL): Promise<number> {
  return deleteInBatches(
    run,
    sql`outbox_mails`,
    sql`status <> 'PENDING' and created_at < ${timestampParam(before)}
      and (member_entity_number is null or member_entity_number not in (${heldMembers}))`,
  );
}

/** The mails about these queries, in the caller's transaction; how many went. */
export async function removeQueryMails(tx: Tx, referenceNumbers: readonly number[]): Promise<number> {
  if (referenceNumbers.length === 0) return 0;
  const removed = await tx
    .delete(outboxMails)
    .where(inArray(outboxMails.referenceNumber, [...referenceNumbers]))
    .returning({ id: outboxMails.id });
  return removed.length;
}

/** How many mails are about these queries (a dry run's figure). */
export async function countQueryMails(tx: Tx, referenceNumbers: readonly number[]): Promise<number> {
  if (referenceNumbers.length === 0) return 0;
  const [row] = await rowsOf<{ n: string | number }>(
    tx,
    sql`select count(*) as n from outbox_mails where reference_number in (${intList(referenceNumbers)})`,
  );
  return Number(row?.n ?? 0);
}

/** A member's mails not waiting to be sent (registration, password, archive ready); how many went. */
export async function removeMemberMails(tx: Tx, memberEntityNumber: number): Promise<number> {
  const removed = await tx
    .delete(outboxMails)
    .where(
      and(eq(outboxMails.memberEntityNumber, memberEntityNumber), sql`${outboxMails.status} <> 'PENDING'`),
    )
    .returning({ id: outboxMails.id });
  return removed.length;
}
