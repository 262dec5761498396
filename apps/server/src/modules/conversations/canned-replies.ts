import { CANNED_REPLY_LIMITS, type CannedReply } from "@portal/domain";
import { asc, eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/database.js";
import { cannedReplies } from "../../db/schema/conversations.js";
import { errors } from "../../lib/errors.js";

// Canned replies: texts supervisors keep for agents to insert into a reply and edit. Their HTML is
// cleaned by the caller (the reply allowlist) before it is kept, as a reply's is before it is sent.

const columns = {
  id: cannedReplies.id,
  title: cannedReplies.title,
  html: cannedReplies.html,
  updatedAt: cannedReplies.updatedAt,
};

const toCannedReply = (row: { id: number; title: string; html: string; updatedAt: Date }): CannedReply => ({
  ...row,
  updatedAt: row.updatedAt.toISOString(),
});

/** Every canned reply, by title: a supervisor keeps at most CANNED_REPLY_LIMITS.maxCount. */
export async function listCannedReplies(db: Db): Promise<CannedReply[]> {
  const rows = await db
    .select(columns)
    .from(cannedReplies)
    .orderBy(asc(sql`lower(${cannedReplies.title})`), asc(cannedReplies.id))
    .limit(CANNED_REPLY_LIMITS.maxCount);
  return rows.map(toCannedReply);
}

export async function createCannedReply(
  tx: Queryable,
  reply: { title: string; html: string; by: number; at: Date },
): Promise<CannedReply> {
  // Counted in the transaction that adds one; two supervisors adding the last at once may pass
  // the limit by one, which harms nothing.
  const count = await tx.$count(cannedReplies);
  if (count >= CANNED_REPLY_LIMITS.maxCount)
    throw errors.conflict(
      `There are already ${CANNED_REPLY_LIMITS.maxCount} canned replies. Please remove one first.`,
    );
  const [row] = await tx
    .insert(cannedReplies)
    .values({ title: reply.title, html: reply.html, updatedAt: reply.at, updatedByEntityNumber: reply.by })
    .returning(columns);
  if (!row) throw new Error("insert into canned_replies returned no row");
  return toCannedReply(row);
}

export async function updateCannedReply(
  tx: Queryable,
  id: number,
  reply: { title: string; html: string; by: number; at: Date },
): Promise<CannedReply> {
  const [row] = await tx
    .update(cannedReplies)
    .set({ title: reply.title, html: reply.html, updatedAt: reply.at, updatedByEntityNumber: reply.by })
    .where(eq(cannedReplies.id, id))
    .returning(columns);
  if (!row) throw errors.notFound();
  return toCannedReply(row);
}

export async function deleteCannedReply(tx: Queryable, id: number): Promise<void> {
  const removed = await tx
    .delete(cannedReplies)
    .where(eq(cannedReplies.id, id))
    .returning({ id: cannedReplies.id });
  if (removed.length === 0) throw errors.notFound();
}
