import { eq, or, type SQL, sql } from "drizzle-orm";
import { type BatchedPurge, PURGE_BATCH, timestampParam } from "../../db/batched-purge.js";
import type { Tx } from "../../db/database.js";
import { intList, rowsOf } from "../../db/raw-rows.js";
import { inboundMails } from "../../db/schema/inbound-mail.js";
import type { BlobStore } from "../storage/index.js";

// The support mailbox's own steps for the retention purge and an erasure (modules/data-rights
// calls them).

/**
 * Mails read before the cut-off: the row that kept a mail from being processed twice (long moved
 * out of the mailbox by then), and an unmatched mail no one resolved, whose raw mail is deleted
 * first. A member in `heldMembers` (under a legal hold) keeps theirs. How many went (or would).
 */
export async function purgeInboundMails(
  run: BatchedPurge,
  blobStore: BlobStore,
  before: Date,
  heldMembers: SQL,
): Promise<number> {
  const due = sql`received_at < ${timestampParam(before)}
    and (member_entity_number is null or member_entity_number not in (${heldMembers}))`;
  if (run.dryRun) {
    const [row] = await rowsOf<{ n: string | number }>(
      run.db,
      sql`select count(*) as n from inbound_mails where ${due}`,
    );
    return Number(row?.n ?? 0);
  }
  let count = 0;
  for (;;) {
    // The raw mail first, then the row: a run cut off in between deletes the (missing) file again.
    const removed = await run.inBatch(async (tx) => {
      const rows = await rowsOf<{ id: number; raw_blob_key: string | null }>(
        tx,
        sql`select id, raw_blob_key from inbound_mails where ${due} order by received_at limit ${PURGE_BATCH} for update`,
      );
      for (const row of rows) if (row.raw_blob_key) await blobStore.delete(row.raw_blob_key);
      if (rows.length > 0) {
        await tx.execute(
          sql`delete from inbound_mails where id in (${intList(rows.map((row) => Number(row.id)))})`,
        );
      }
      return rows.length;
    });
    count += removed;
    if (removed < PURGE_BATCH) return count;
  }
}

/**
 * An erasure's step: the mails a member sent to the support mailbox, linked to them or naming
 * them, made part of their conversations (`conversationRows`), or sent from one of their
 * `addresses` (a subquery: unmatched mails, or guessed to be another member's). The records go;
 * the raw mails' keys are returned for the caller to delete after the commit.
 */
export async function eraseInboundMails(
  tx: Tx,
  memberEntityNumber: number,
  conversationRows: readonly number[],
  addresses: SQL,
): Promise<string[]> {
  const inConversations = conversationRows.length > 0 ? intList(conversationRows) : sql`null`;
  const removed = await tx
    .delete(inboundMails)
    .where(
      or(
        eq(inboundMails.memberEntityNumber, memberEntityNumber),
        sql`${inboundMails.referenceNumber} in (${inConversations})`,
        sql`${inboundMails.conversationReferenceNumber} in (${inConversations})`,
        sql`lower(${inboundMails.fromAddress}) in (${addresses})`,
      ),
    )
    .returning({ blobKey: inboundMails.rawBlobKey });
  return removed.flatMap((row) => (row.blobKey ? [row.blobKey] : []));
}
