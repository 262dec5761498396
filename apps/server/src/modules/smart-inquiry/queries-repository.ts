import { MEMBER_MESSAGE_KINDS, type QueryListItem, type ServerOrigin } from "@portal/domain";
import { and, asc, desc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { preparedRead } from "../../db/prepared.js";
import { attachments, queries, threadEntries } from "../../db/schema/conversations.js";
import type { NewMessage } from "../conversations/index.js";

// Every function takes the member it acts for: no query row is read without that scope.

export interface QueryRow {
  referenceNumber: number;
  origin: string;
  category: string;
  subCategory: string | null;
  product: string | null;
  queryText: string;
  email: string;
  ccEmail: string | null;
  status: string;
  loggedAt: Date;
  legacy: boolean;
  replyDueOn: string | null;
  /** The query this one is an update to; null for an original. */
  parentReferenceNumber: number | null;
}

const queryColumns = {
  referenceNumber: queries.referenceNumber,
  origin: queries.origin,
  category: queries.category,
  subCategory: queries.subCategory,
  product: queries.product,
  queryText: queries.queryText,
  email: queries.email,
  ccEmail: queries.ccEmail,
  status: queries.status,
  loggedAt: queries.loggedAt,
  legacy: queries.legacy,
  replyDueOn: queries.replyDueOn,
  parentReferenceNumber: queries.parentReferenceNumber,
};

/** What a list shows of a query: the open list's rows, and the head of a query's view. */
export function toListItem(
  row: Pick<
    QueryRow,
    | "referenceNumber"
    | "category"
    | "queryText"
    | "loggedAt"
    | "replyDueOn"
    | "parentReferenceNumber"
    | "legacy"
  > & { repliedAt: Date | null },
): QueryListItem {
  return {
    referenceNumber: row.referenceNumber,
    category: row.category,
    queryDetail: row.queryText,
    dateLogged: row.loggedAt.toISOString(),
    replyExpectedBy: row.replyDueOn,
    parentReferenceNumber: row.parentReferenceNumber,
    legacy: row.legacy,
    repliedAt: row.repliedAt?.toISOString() ?? null,
  };
}

/**
 * The newest reply of a query's thread sent since the query was logged: the conversation's replies
 * in its thread (thread_entries_replies), whichever of its queries each answered.
 */
// Written out, with its own alias: a select of one table names its columns unqualified, which
// inside this subquery would name the subquery's own table.
const repliedSince = sql<Date | null>`(
  select max(reply.at) from thread_entries reply
  where reply.conversation_reference_number = "queries"."conversation_reference_number"
    and reply.kind = 'REPLY' and reply.at >= "queries"."logged_at"
)`.mapWith((value: string | Date | null) => (value === null ? null : new Date(value)));

// The open list is the busiest read of the portal. It is prepared once per database, so each
// request only binds, and it selects only the columns a list item shows: every column read is
// parsed for every row, by node-postgres or by PGlite, and reading all thirteen took half again
// as much of the server's time per statement (docs/decisions/0014).
const openListStatement = preparedRead("open_queries_list", (db: Db) =>
  db
    .select({
      referenceNumber: queries.referenceNumber,
      category: queries.category,
      queryText: queries.queryText,
      loggedAt: queries.loggedAt,
      replyDueOn: queries.replyDueOn,
      parentReferenceNumber: queries.parentReferenceNumber,
      legacy: queries.legacy,
      repliedAt: repliedSince,
    })
    .from(queries)
    .where(
      and(
        eq(queries.memberEntityNumber, sql.placeholder("member")),
        eq(queries.origin, sql.placeholder("origin")),
        eq(queries.status, sql.placeholder("status")),
        gte(queries.loggedAt, sql.placeholder("loggedSince")),
      ),
    )
    .orderBy(desc(queries.loggedAt), desc(queries.referenceNumber))
    .limit(500),
);

/** The member's queries of one origin and status logged since a moment, newest first, as listed. */
export async function openQueriesList(
  db: Db,
  memberEntityNumber: number,
  filter: { origin: ServerOrigin; status: string; loggedSince: Date },
): Promise<QueryListItem[]> {
  const rows = await openListStatement(db).execute({
    member: memberEntityNumber,
    origin: filter.origin,
    status: filter.status,
    loggedSince: filter.loggedSince,
  });
  return rows.map(toListItem);
}

// A query's view reads these on every visit: prepared like the open list.
const memberQueryStatement = preparedRead("member_query", (db: Db) =>
  db
    .select(queryColumns)
    .from(queries)
    .where(
      and(
        eq(queries.referenceNumber, sql.placeholder("referenceNumber")),
        eq(queries.memberEntityNumber, sql.placeholder("member")),
        eq(queries.origin, sql.placeholder("origin")),
      ),
    )
    .limit(1),
);

export async function findQuery(
  db: Db,
  memberEntityNumber: number,
  referenceNumber: number,
  origin: ServerOrigin,
): Promise<QueryRow | undefined> {
  const [row] = await memberQueryStatement(db).execute({
    referenceNumber,
    member: memberEntityNumber,
    origin,
  });
  return row;
}

export interface AttachmentRow {
  attachmentId: number;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  blobKey: string;
}

const attachmentColumns = {
  attachmentId: attachments.attachmentId,
  fileName: attachments.fileName,
  contentType: attachments.contentType,
  sizeBytes: attachments.sizeBytes,
  blobKey: attachments.blobKey,
};

/** The query's own entry in its thread (its message), by thread_entries_query. */
const messageEntryOf = (reference: ReturnType<typeof sql.placeholder> | number) =>
  and(
    eq(threadEntries.queryReferenceNumber, reference),
    inArray(threadEntries.kind, [...MEMBER_MESSAGE_KINDS]),
  );

const queryAttachmentsStatement = preparedRead("query_attachments", (db: Db) =>
  db
    .select(attachmentColumns)
    .from(attachments)
    .innerJoin(threadEntries, eq(threadEntries.id, attachments.threadEntryId))
    .where(messageEntryOf(sql.placeholder("referenceNumber")))
    .orderBy(asc(attachments.position)),
);

export async function listQueryAttachments(db: Db, referenceNumber: number): Promise<AttachmentRow[]> {
  return queryAttachmentsStatement(db).execute({ referenceNumber });
}

/** One attachment of one of the member's queries, or undefined: scoped through the query row. */
export async function findQueryAttachment(
  db: Db,
  memberEntityNumber: number,
  referenceNumber: number,
  origin: ServerOrigin,
  attachmentId: number,
): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .select(attachmentColumns)
    .from(attachments)
    .innerJoin(threadEntries, eq(threadEntries.id, attachments.threadEntryId))
    .innerJoin(queries, eq(queries.referenceNumber, threadEntries.queryReferenceNumber))
    .where(
      and(
        eq(attachments.attachmentId, attachmentId),
        messageEntryOf(referenceNumber),
        eq(queries.memberEntityNumber, memberEntityNumber),
        eq(queries.origin, origin),
        eq(queries.legacy, false),
      ),
    )
    .limit(1);
  return row;
}

/** A query's replies in its thread, by thread_entries_query. */
const repliesTo = (reference: ReturnType<typeof sql.placeholder> | number) =>
  and(eq(threadEntries.queryReferenceNumber, reference), eq(threadEntries.kind, "REPLY"));

// The files of the reply the member's view shows (the newest, as findAgentResponseHtml reads it),
// by thread_entries_query and attachments_thread_entry. A removed reply takes its files' rows with
// it (the cascade), so what erasure or the purge removed is never listed.
const replyAttachmentsStatement = preparedRead("member_reply_attachments", (db: Db) => {
  const newestReply = db
    .select({ id: threadEntries.id })
    .from(threadEntries)
    .where(repliesTo(sql.placeholder("referenceNumber")))
    .orderBy(desc(threadEntries.at), desc(threadEntries.id))
    .limit(1);
  return db
    .select({
      attachmentId: attachments.attachmentId,
      fileName: attachments.fileName,
      contentType: attachments.contentType,
      sizeBytes: attachments.sizeBytes,
    })
    .from(attachments)
    .where(sql`${attachments.threadEntryId} = (${newestReply})`)
    .orderBy(asc(attachments.position));
});

/** The files sent with a query's newest reply; the caller has scoped the query to the member. */
export async function listReplyAttachments(
  db: Db,
  referenceNumber: number,
): Promise<Omit<AttachmentRow, "blobKey">[]> {
  return replyAttachmentsStatement(db).execute({ referenceNumber });
}

/**
 * A file sent with a reply to one of the member's queries, or undefined: scoped through the query
 * row as the member's own attachments are, and never one of a removed (tombstoned) query.
 */
export async function findReplyAttachment(
  db: Db,
  memberEntityNumber: number,
  referenceNumber: number,
  origin: ServerOrigin,
  attachmentId: number,
): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .select(attachmentColumns)
    .from(attachments)
    .innerJoin(threadEntries, eq(threadEntries.id, attachments.threadEntryId))
    .innerJoin(queries, eq(queries.referenceNumber, threadEntries.queryReferenceNumber))
    .where(
      and(
        eq(attachments.attachmentId, attachmentId),
        repliesTo(referenceNumber),
        eq(queries.memberEntityNumber, memberEntityNumber),
        eq(queries.origin, origin),
        eq(queries.legacy, false),
        isNull(queries.purgedAt),
      ),
    )
    .limit(1);
  return row;
}

/** The newest reply: a query may be answered more than once; the member's view shows the last. */
export async function findAgentResponseHtml(db: Db, referenceNumber: number): Promise<string | null> {
  const [row] = await db
    .select({ html: threadEntries.body })
    .from(threadEntries)
    .where(repliesTo(referenceNumber))
    .orderBy(desc(threadEntries.at), desc(threadEntries.id))
    .limit(1);
  return row?.html ?? null;
}

/** A member's new query or update as the submission stores it (modules/conversations records it). */
export type NewQuery = NewMessage & { parentReferenceNumber: number | null };
