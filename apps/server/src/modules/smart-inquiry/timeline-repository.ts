import {
  type ServerOrigin,
  TIMELINE_DELAY_HOURS,
  TIMELINE_PAGE_SIZE,
  type TimelineItem,
} from "@portal/domain";
import { and, asc, count, desc, eq, inArray, lt, lte, ne, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
import { attachments, documentSubmissions, queries, threadEntries } from "../../db/schema/conversations.js";

// One member's interaction timeline: original queries and document submissions, newest first,
// merged into one list. Pages follow a keyset (time, kind, reference), so "Load more" neither
// repeats nor skips an item when something new arrives meanwhile.
//
// A new query appears only TIMELINE_DELAY_HOURS after it was logged, as the success message tells
// the member (TIMELINE_NOTE, requirements §2): the query's own page and the open list show it at
// once. The rule is on original queries (what "a new query" is); the updates of a query already on
// the timeline, its replies and document submissions show as they come.

/** The latest moment a new query may have been logged to be on the timeline at `now`. */
export function timelineCutoff(now: Date): Date {
  return new Date(now.getTime() - TIMELINE_DELAY_HOURS * 60 * 60_000);
}

interface Cursor {
  at: Date;
  type: TimelineItem["type"];
  reference: number;
}

export function encodeTimelineCursor(item: {
  dateLogged: string;
  type: TimelineItem["type"];
  referenceNumber: number;
}) {
  return Buffer.from(`${item.dateLogged}|${item.type}|${item.referenceNumber}`, "utf8").toString("base64url");
}

function decodeCursor(cursor: string | undefined): Cursor | null {
  if (!cursor) return null;
  const [at, type, reference] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const date = new Date(at ?? "");
  if (Number.isNaN(date.getTime()) || (type !== "QUERY" && type !== "DOCUMENT_SUBMISSION")) return null;
  if (!reference || !/^\d{1,10}$/.test(reference)) return null;
  return { at: date, type, reference: Number(reference) };
}

/**
 * Items strictly after the cursor in the timeline's order: newest first; at the same instant a
 * query comes before a document submission, then the higher reference first.
 */
function afterCursor(
  cursor: Cursor | null,
  type: TimelineItem["type"],
  at: AnyPgColumn,
  reference: AnyPgColumn,
) {
  if (!cursor) return undefined;
  const sameInstant =
    cursor.type === type
      ? lt(reference, cursor.reference)
      : type === "DOCUMENT_SUBMISSION"
        ? sql`true`
        : sql`false`;
  return or(lt(at, cursor.at), and(eq(at, cursor.at), sameInstant));
}

const order = (item: TimelineItem) =>
  [item.dateLogged, item.type === "QUERY" ? 1 : 0, item.referenceNumber] as const;

/** A tombstone's date and reason (modules/data-rights), or null for a whole item. */
function removedOf(row: { purgedAt: Date | null; purgeReason: string | null }): TimelineItem["removed"] {
  if (!row.purgedAt) return null;
  return { at: row.purgedAt.toISOString(), reason: row.purgeReason === "ERASURE" ? "ERASURE" : "RETENTION" };
}

export async function readTimeline(
  db: Db,
  memberEntityNumber: number,
  before: string | undefined,
  now: Date,
): Promise<{ items: TimelineItem[]; nextCursor: string | null }> {
  const cursor = decodeCursor(before);
  // A bound on the column itself, computed here: the same range scan as the cursor's, no per-row
  // arithmetic in the statement.
  const cutoff = timelineCutoff(now);
  const pageSize = TIMELINE_PAGE_SIZE;
  const [originals, submissions] = await Promise.all([
    db
      .select({
        referenceNumber: queries.referenceNumber,
        origin: queries.origin,
        category: queries.category,
        status: queries.status,
        loggedAt: queries.loggedAt,
        legacy: queries.legacy,
        purgedAt: queries.purgedAt,
        purgeReason: queries.purgeReason,
      })
      .from(queries)
      .where(
        and(
          eq(queries.memberEntityNumber, memberEntityNumber),
          // The first query of each conversation; its updates are listed under it.
          eq(queries.referenceNumber, queries.conversationReferenceNumber),
          lte(queries.loggedAt, cutoff),
          afterCursor(cursor, "QUERY", queries.loggedAt, queries.referenceNumber),
        ),
      )
      .orderBy(desc(queries.loggedAt), desc(queries.referenceNumber))
      .limit(pageSize + 1),
    db
      .select({
        referenceNumber: documentSubmissions.referenceNumber,
        category: documentSubmissions.category,
        loggedAt: documentSubmissions.loggedAt,
        purgedAt: documentSubmissions.purgedAt,
        purgeReason: documentSubmissions.purgeReason,
      })
      .from(documentSubmissions)
      .where(
        and(
          eq(documentSubmissions.memberEntityNumber, memberEntityNumber),
          afterCursor(
            cursor,
            "DOCUMENT_SUBMISSION",
            documentSubmissions.loggedAt,
            documentSubmissions.referenceNumber,
          ),
        ),
      )
      .orderBy(desc(documentSubmissions.loggedAt), desc(documentSubmissions.referenceNumber))
      .limit(pageSize + 1),
  ]);

  const merged: TimelineItem[] = [
    ...originals.map(
      (row): TimelineItem => ({
        type: "QUERY",
        referenceNumber: row.referenceNumber,
        origin: row.origin as ServerOrigin,
        category: row.category,
        status: row.status as "OPEN" | "CLOSED",
        dateLogged: row.loggedAt.toISOString(),
        legacy: row.legacy,
        updates: [],
        replies: [],
        removed: removedOf(row),
      }),
    ),
    ...submissions.map(
      (row): TimelineItem => ({
        type: "DOCUMENT_SUBMISSION",
        referenceNumber: row.referenceNumber,
        category: row.category,
        dateLogged: row.loggedAt.toISOString(),
        fileCount: 0,
        removed: removedOf(row),
      }),
    ),
  ].sort((a, b) => {
    const [aAt, aKind, aRef] = order(a);
    const [bAt, bKind, bRef] = order(b);
    return bAt.localeCompare(aAt) || bKind - aKind || bRef - aRef;
  });
  const page = merged.slice(0, pageSize);
  await fillDetails(db, memberEntityNumber, page);
  const last = page.at(-1);
  const nextCursor = merged.length > pageSize && last ? encodeTimelineCursor(last) : null;
  return { items: page, nextCursor };
}

/** Each query's updates and replies, each submission's file count: three queries for the page. */
async function fillDetails(db: Db, memberEntityNumber: number, page: TimelineItem[]): Promise<void> {
  const queryItems = page.flatMap((item) => (item.type === "QUERY" ? [item] : []));
  const documentItems = page.flatMap((item) => (item.type === "DOCUMENT_SUBMISSION" ? [item] : []));
  const roots = queryItems.map((item) => item.referenceNumber);
  const [updates, replies, files] = await Promise.all([
    roots.length === 0
      ? []
      : db
          .select({
            conversation: queries.conversationReferenceNumber,
            referenceNumber: queries.referenceNumber,
            loggedAt: queries.loggedAt,
          })
          .from(queries)
          .where(
            and(
              eq(queries.memberEntityNumber, memberEntityNumber),
              inArray(queries.conversationReferenceNumber, roots),
              ne(queries.referenceNumber, queries.conversationReferenceNumber),
            ),
          )
          .orderBy(asc(queries.loggedAt)),
    roots.length === 0
      ? []
      : db
          .select({ referenceNumber: threadEntries.queryReferenceNumber, sentAt: threadEntries.at })
          .from(threadEntries)
          .where(and(inArray(threadEntries.queryReferenceNumber, roots), eq(threadEntries.kind, "REPLY")))
          .orderBy(asc(threadEntries.at)),
    documentItems.length === 0
      ? []
      : db
          .select({ referenceNumber: attachments.documentSubmissionReferenceNumber, files: count() })
          .from(attachments)
          .where(
            inArray(
              attachments.documentSubmissionReferenceNumber,
              documentItems.map((item) => item.referenceNumber),
            ),
          )
          .groupBy(attachments.documentSubmissionReferenceNumber),
  ]);
  for (const item of queryItems) {
    item.updates = updates
      .filter((update) => update.conversation === item.referenceNumber)
      .map((update) => ({
        referenceNumber: update.referenceNumber,
        dateLogged: update.loggedAt.toISOString(),
      }));
    item.replies = replies
      .filter((reply) => reply.referenceNumber === item.referenceNumber)
      .map((reply) => ({ sentAt: reply.sentAt.toISOString() }));
  }
  for (const item of documentItems) {
    item.fileCount = files.find((row) => row.referenceNumber === item.referenceNumber)?.files ?? 0;
  }
}
