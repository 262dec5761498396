import type { DraftKind, DraftsResponse } from "@portal/domain";
import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../../db/database.js";
import { replyDrafts } from "../../../db/schema/conversations.js";
import { refuseIfErased } from "./erased.js";

// Drafts: what a member of staff is writing on a conversation (a reply, a note), kept while they
// type so a reload, a Back or another device does not lose it. One per conversation, author and
// kind; only its author reads it; sending the reply or adding the note removes it (desk.ts).
// Not audited: it is the author's own text, read back only by them; nothing of it reaches the
// member until sent, and the send is audited.

interface DraftOwner {
  conversation: number;
  authorEntityNumber: number;
  kind: DraftKind;
}

/** Keeps the draft (replacing the one before); an empty text removes it. */
export async function saveDraft(tx: Queryable, owner: DraftOwner, text: string, at: Date): Promise<void> {
  if (text.trim() === "") {
    await discardDraft(tx, owner);
    return;
  }
  await refuseIfErased(tx, owner.conversation);
  await tx
    .insert(replyDrafts)
    .values({
      referenceNumber: owner.conversation,
      authorEntityNumber: owner.authorEntityNumber,
      kind: owner.kind,
      text,
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: [replyDrafts.referenceNumber, replyDrafts.authorEntityNumber, replyDrafts.kind],
      set: { text, updatedAt: at },
    });
}

export async function discardDraft(tx: Queryable, owner: DraftOwner): Promise<void> {
  await tx
    .delete(replyDrafts)
    .where(
      and(
        eq(replyDrafts.referenceNumber, owner.conversation),
        eq(replyDrafts.authorEntityNumber, owner.authorEntityNumber),
        eq(replyDrafts.kind, owner.kind),
      ),
    );
}

/** The author's drafts on the conversation (by the primary key's first two columns). */
export async function readDrafts(
  db: Queryable,
  conversation: number,
  authorEntityNumber: number,
): Promise<DraftsResponse> {
  const rows = await db
    .select({ kind: replyDrafts.kind, text: replyDrafts.text, updatedAt: replyDrafts.updatedAt })
    .from(replyDrafts)
    .where(
      and(
        eq(replyDrafts.referenceNumber, conversation),
        eq(replyDrafts.authorEntityNumber, authorEntityNumber),
      ),
    );
  const of = (kind: DraftKind) => {
    const row = rows.find((draft) => draft.kind === kind);
    return row ? { text: row.text, savedAt: row.updatedAt.toISOString() } : null;
  };
  return { reply: of("REPLY"), note: of("NOTE") };
}
