import { EXCEPTION_CODES } from "@portal/domain";
import { eq } from "drizzle-orm";
import type { Queryable } from "../../../db/database.js";
import { conversations, queries } from "../../../db/schema/conversations.js";
import { AppError } from "../../../lib/errors.js";

// A conversation whose content was removed (a member's erasure, or the retention purge) keeps only
// its tombstone: the desk may read that, never write to it again. The conversation's row is locked
// first, as removeQueryContent locks it before it removes anything, so a note or reply written
// while an erasure runs waits for it and is refused, never left behind.

/** Locks the conversation's row; 409 CONVERSATION_ERASED when its content was removed. */
export async function refuseIfErased(tx: Queryable, conversation: number): Promise<void> {
  await tx
    .select({ referenceNumber: conversations.referenceNumber })
    .from(conversations)
    .where(eq(conversations.referenceNumber, conversation))
    .for("update");
  const [root] = await tx
    .select({ purgedAt: queries.purgedAt })
    .from(queries)
    .where(eq(queries.referenceNumber, conversation));
  if (root?.purgedAt) {
    throw new AppError(
      409,
      EXCEPTION_CODES.CONVERSATION_ERASED,
      "This query's content was removed (the member's data erased, or past its retention period): it cannot be reopened, noted or replied to.",
    );
  }
}
