import type { ThreadEventKind } from "@portal/domain";
import { EXCEPTION_CODES } from "@portal/domain";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/database.js";
import { rowsOf } from "../../../db/raw-rows.js";
import { conversations, queries, threadEntries } from "../../../db/schema/conversations.js";
import { AppError, errors } from "../../../lib/errors.js";
import { enqueueMail, type OutgoingMail } from "../../mail/index.js";
import { replyWords } from "../search-document.js";
import { discardDraft } from "./drafts.js";
import { refuseIfErased } from "./erased.js";
import { insertAttachments, type NewAttachment } from "./member-messages.js";

// The desk's commands on a conversation. Each runs in the transaction its route opens with
// request.access.change, which writes the audit row in the same transaction; the mail a command
// causes is queued in it too. A conversation's status is copied onto its queries' rows here and
// nowhere else: the member's pages list those rows one by one.

/** Who did something to a conversation, and when: its event in the thread says so. */
export interface DeskAct {
  at: Date;
  /** Null for what the portal itself did (an erasure, demo history). */
  by: number | null;
}

async function recordEvent(
  tx: Queryable,
  conversation: number,
  kind: ThreadEventKind,
  act: DeskAct,
  assignee: number | null = null,
): Promise<void> {
  await tx.insert(threadEntries).values({
    conversationReferenceNumber: conversation,
    kind,
    at: act.at,
    authorEntityNumber: act.by,
    assigneeEntityNumber: assignee,
  });
}

/** Closes the conversation and every query in it; false when it was already closed. */
export async function closeConversation(
  tx: Queryable,
  conversation: number,
  now: Date,
  by: number | null = null,
): Promise<boolean> {
  const closed = await tx
    .update(conversations)
    .set({ status: "CLOSED", closedAt: now })
    .where(and(eq(conversations.referenceNumber, conversation), eq(conversations.status, "OPEN")))
    .returning({ referenceNumber: conversations.referenceNumber });
  if (closed.length === 0) return false;
  await tx
    .update(queries)
    .set({ status: "CLOSED", closedAt: now })
    .where(and(eq(queries.conversationReferenceNumber, conversation), eq(queries.status, "OPEN")));
  await recordEvent(tx, conversation, "CLOSED", { at: now, by });
  return true;
}

/**
 * Reopens the conversation and every query in it; false when it was open. Who it waits on does not
 * change: reopening makes the member no new promise.
 */
export async function reopenConversation(
  tx: Queryable,
  conversation: number,
  act: DeskAct,
): Promise<boolean> {
  await refuseIfErased(tx, conversation);
  const reopened = await tx
    .update(conversations)
    .set({ status: "OPEN", closedAt: null })
    .where(and(eq(conversations.referenceNumber, conversation), eq(conversations.status, "CLOSED")))
    .returning({ referenceNumber: conversations.referenceNumber });
  if (reopened.length === 0) return false;
  await tx
    .update(queries)
    .set({ status: "OPEN", closedAt: null })
    .where(and(eq(queries.conversationReferenceNumber, conversation), eq(queries.status, "CLOSED")));
  await recordEvent(tx, conversation, "REOPENED", act);
  return true;
}

/** Assigns the conversation (null: to nobody); false when it already had that assignee. */
export async function assignConversation(
  tx: Queryable,
  conversation: number,
  assignee: number | null,
  act: DeskAct,
): Promise<boolean> {
  return (await assignConversations(tx, [conversation], assignee, act)).length > 0;
}

/** A note, and its author's draft of it gone. */
export async function addNote(
  tx: Queryable,
  conversation: number,
  note: { authorEntityNumber: number; text: string; createdAt: Date },
): Promise<void> {
  await refuseIfErased(tx, conversation);
  await tx.insert(threadEntries).values({
    conversationReferenceNumber: conversation,
    kind: "NOTE",
    at: note.createdAt,
    authorEntityNumber: note.authorEntityNumber,
    body: note.text,
  });
  await discardDraft(tx, { conversation, authorEntityNumber: note.authorEntityNumber, kind: "NOTE" });
}

/**
 * Thrown inside the reply's transaction when its idempotency key was sent with before: nothing of
 * this request is written (the caller's files are discarded with the rollback) and the caller
 * answers the first send's reply.
 */
export class ReplyAlreadySent extends Error {
  override name = "ReplyAlreadySent";
  constructor(readonly replyId: number) {
    super("this reply was sent before with the same idempotency key");
  }
}

/** What the agent had seen of the conversation when writing the reply (the composer says). */
export interface SeenConversation {
  /** The newest reply; null: none. */
  replyId: number | null;
  /** The newest of the member's messages (a query or update's reference). */
  messageReference: number;
}

/**
 * Refuses (409 CONVERSATION_CHANGED) a reply written on an older view of the conversation: another
 * reply (from someone else, or another tab) or a message of the member came since the agent read it.
 */
async function refuseIfChanged(tx: Queryable, conversation: number, seen: SeenConversation): Promise<void> {
  const [reply] = await tx
    .select({ id: sql<number | null>`max(${threadEntries.id})` })
    .from(threadEntries)
    .where(and(eq(threadEntries.conversationReferenceNumber, conversation), eq(threadEntries.kind, "REPLY")));
  const [message] = await tx
    .select({ reference: sql<number | null>`max(${queries.referenceNumber})` })
    .from(queries)
    .where(eq(queries.conversationReferenceNumber, conversation));
  const newerReply = reply?.id != null && reply.id > (seen.replyId ?? 0);
  const newerMessage = message?.reference != null && message.reference > seen.messageReference;
  if (newerReply || newerMessage) {
    throw new AppError(
      409,
      EXCEPTION_CODES.CONVERSATION_CHANGED,
      newerReply
        ? "Someone replied to this query after you opened it. Read their reply before you send yours."
        : "The member wrote again after you opened this query. Read their message before you send your reply.",
    );
  }
}

/**
 * An agent's reply: stored, mailed (queued in the same transaction), and the conversation then
 * waits on the member with nothing owed; closed as well when asked, and then, if assigned to nobody,
 * assigned to the sender. Answers the reply's id.
 *
 * The conversation's row is locked first, so two sends on one conversation (a double click, two
 * tabs) go one after the other: the second finds the first's reply by its idempotency key (and
 * throws ReplyAlreadySent), or, written on the older view, is refused by `seen`.
 */
export async function sendReply(
  tx: Queryable,
  conversation: number,
  reply: {
    html: string;
    /** Null only for replies from before the desk (imported or demo history). */
    sentByEntityNumber: number | null;
    sentAt: Date;
    close: boolean;
    /** Null only for such a reply too: its mail was delivered long ago. */
    mail: OutgoingMail | null;
    /** Files sent with it (committed by the caller's commitBlobsWithRows); the mail carries them. */
    files?: readonly NewAttachment[];
    /** The composer's key for this reply; absent: every send is a new reply. */
    idempotencyKey?: string | undefined;
    /** What the agent saw when writing; absent: not checked. */
    seen?: SeenConversation | undefined;
  },
): Promise<number> {
  const locked = await tx
    .select({ referenceNumber: conversations.referenceNumber })
    .from(conversations)
    .where(eq(conversations.referenceNumber, conversation))
    .for("update");
  if (locked.length === 0) throw errors.notFound();
  await refuseIfErased(tx, conversation);
  if (reply.idempotencyKey !== undefined) {
    const [earlier] = await tx
      .select({ id: threadEntries.id, html: threadEntries.body })
      .from(threadEntries)
      .where(
        and(
          eq(threadEntries.conversationReferenceNumber, conversation),
          eq(threadEntries.idempotencyKey, reply.idempotencyKey),
        ),
      )
      .limit(1);
    if (earlier) {
      if (earlier.html !== reply.html) {
        throw new AppError(
          422,
          EXCEPTION_CODES.IDEMPOTENCY_KEY_REUSED,
          "This reply was already sent with other text. Open the query again to write another reply.",
        );
      }
      throw new ReplyAlreadySent(earlier.id);
    }
  }
  if (reply.seen) await refuseIfChanged(tx, conversation, reply.seen);
  const [stored] = await tx
    .insert(threadEntries)
    .values({
      conversationReferenceNumber: conversation,
      kind: "REPLY",
      at: reply.sentAt,
      queryReferenceNumber: conversation,
      authorEntityNumber: reply.sentByEntityNumber,
      body: reply.html,
      idempotencyKey: reply.idempotencyKey ?? null,
    })
    .returning({ id: threadEntries.id });
  if (!stored) throw new Error("insert into thread_entries returned no row");
  const files = reply.files ?? [];
  await insertAttachments(tx, stored.id, files);
  const updated = await tx
    .update(conversations)
    .set({
      waitingOn: "MEMBER",
      replyDueOn: null,
      dueKey: "infinity",
      searchDocument: sql`${conversations.searchDocument} || ${replyWords(reply.html)}`,
    })
    .where(eq(conversations.referenceNumber, conversation))
    .returning({ referenceNumber: conversations.referenceNumber });
  if (updated.length === 0) throw errors.notFound();
  if (reply.mail) {
    const attachments = files.map(({ fileName, contentType, blobKey }) => ({
      fileName,
      contentType,
      blobKey,
    }));
    await enqueueMail(tx, { ...reply.mail, attachments }, reply.sentAt);
  }
  if (reply.close) {
    const act = { at: reply.sentAt, by: reply.sentByEntityNumber };
    await closeConversation(tx, conversation, act.at, act.by);
    // Whoever answers and closes an unassigned conversation owns it: the desk sees who did.
    if (reply.sentByEntityNumber !== null) {
      const taken = await tx
        .update(conversations)
        .set({ assignedToEntityNumber: reply.sentByEntityNumber })
        .where(
          and(eq(conversations.referenceNumber, conversation), isNull(conversations.assignedToEntityNumber)),
        )
        .returning({ referenceNumber: conversations.referenceNumber });
      if (taken.length > 0) await recordEvent(tx, conversation, "ASSIGNED", act, reply.sentByEntityNumber);
    }
  }
  if (reply.sentByEntityNumber !== null) {
    await discardDraft(tx, { conversation, authorEntityNumber: reply.sentByEntityNumber, kind: "REPLY" });
  }
  return stored.id;
}

/** Several conversations at once (a supervisor's bulk action), in reference order; answers those changed. */
export async function closeConversations(tx: Queryable, references: readonly number[], act: DeskAct) {
  const changed: number[] = [];
  for (const reference of [...references].sort((a, b) => a - b)) {
    if (await closeConversation(tx, reference, act.at, act.by)) changed.push(reference);
  }
  return changed;
}

export async function assignConversations(
  tx: Queryable,
  references: readonly number[],
  assignee: number | null,
  act: DeskAct,
): Promise<number[]> {
  const sorted = [...new Set(references)].sort((a, b) => a - b);
  if (sorted.length === 0) return [];
  const changed = await tx
    .update(conversations)
    .set({ assignedToEntityNumber: assignee })
    .where(
      and(
        inArray(conversations.referenceNumber, sorted),
        assignee === null
          ? sql`${conversations.assignedToEntityNumber} is not null`
          : sql`${conversations.assignedToEntityNumber} is distinct from ${assignee}`,
      ),
    )
    .returning({ referenceNumber: conversations.referenceNumber });
  const done = changed.map((row) => row.referenceNumber).sort((a, b) => a - b);
  for (const reference of done) await recordEvent(tx, reference, "ASSIGNED", act, assignee);
  return done;
}

/** The conversation a query belongs to (any of its references), by the primary key. */
export async function conversationOf(db: Queryable, referenceNumber: number): Promise<number | null> {
  const [row] = await db
    .select({ conversation: queries.conversationReferenceNumber })
    .from(queries)
    .where(eq(queries.referenceNumber, referenceNumber))
    .limit(1);
  return row?.conversation ?? null;
}

/** Whose each conversation is: a bulk action's audit rows name each member. */
export async function membersOfConversations(db: Queryable, references: readonly number[]) {
  if (references.length === 0) return [];
  return db
    .select({
      referenceNumber: conversations.referenceNumber,
      memberEntityNumber: conversations.memberEntityNumber,
    })
    .from(conversations)
    .where(inArray(conversations.referenceNumber, [...references]));
}

/** The advisory lock under which words leave the desk's vocabulary (removeUnheldLexemes). */
const LEXEME_REMOVAL_LOCK = 7302103;

/**
 * What is left of conversations whose content was removed (the retention purge, an erasure): no
 * words to find them by, no address; closed when asked (an erased member is owed no answer). The
 * words they held leave the desk's vocabulary (search_lexemes) unless another conversation holds
 * them, each checked once for the whole batch.
 */
export async function emptyConversations(
  tx: Queryable,
  references: readonly number[],
  { close, at }: { close: boolean; at: Date },
): Promise<void> {
  if (references.length === 0) return;
  const keys = tx
    .selectDistinct({ key: queries.conversationReferenceNumber })
    .from(queries)
    .where(inArray(queries.referenceNumber, [...references]));
  const [held] = await rowsOf<{ lexemes: string[] | null }>(
    tx,
    sql`select array(select distinct unnest(tsvector_to_array(${conversations.searchDocument}))
      from ${conversations} where ${inArray(conversations.referenceNumber, keys)}) as lexemes`,
  );
  await tx
    .update(conversations)
    .set({
      email: "",
      searchDocument: sql`''::tsvector`,
      ...(close
        ? {
            status: "CLOSED",
            closedAt: sql`coalesce(${conversations.closedAt}, ${at.toISOString()}::timestamptz)`,
          }
        : {}),
    })
    .where(inArray(conversations.referenceNumber, keys));
  const lost = held?.lexemes ?? [];
  if (lost.length > 0) await removeUnheldLexemes(tx, lost);
}

/**
 * Deletes those of `lexemes` that no conversation holds now, each looked for by its status's GIN
 * index. Under a lock, so two batches that each empty one of a word's last two holders cannot both
 * still see the other's: the second reads after the first committed.
 */
async function removeUnheldLexemes(tx: Queryable, lexemes: readonly string[]): Promise<void> {
  await rowsOf(tx, sql`select pg_advisory_xact_lock(${LEXEME_REMOVAL_LOCK})`);
  // The lexeme as a one-word tsquery: quoted, its backslashes and quotes escaped.
  const asQuery = sql.raw(
    String.raw`('''' || replace(replace(l.lexeme, '\', '\\'), '''', '''''') || '''')::tsquery`,
  );
  await rowsOf(
    tx,
    sql`delete from search_lexemes as l
      where l.lexeme = any(${sql.param([...lexemes])}::text[])
        and not exists (select 1 from ${conversations} as c where c.status = 'OPEN' and c.search_document @@ ${asQuery})
        and not exists (select 1 from ${conversations} as c where c.status = 'CLOSED' and c.search_document @@ ${asQuery})`,
  );
}
