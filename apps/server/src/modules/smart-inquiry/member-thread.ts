import type { QueryThreadEntry, ServerOrigin } from "@portal/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
import { preparedRead } from "../../db/prepared.js";
import { queries, threadEntries } from "../../db/schema/conversations.js";

// A query's thread as its member sees it: its conversation's queries (the original and the updates
// added to it) and the replies sent to any of them, read by the conversation's key in one
// statement. Both the query named and the rows read are scoped to the member and the origin, so a
// conversation could never show another member's row.

interface Scope {
  member: number;
  origin: ServerOrigin;
}

// Read on every view of a query: both prepared once per database (db/prepared.ts).
const threadQueriesStatement = preparedRead("member_thread_queries", (db: Db) => {
  const named = alias(queries, "named");
  const conversation = db
    .select({ key: named.conversationReferenceNumber })
    .from(named)
    .where(
      and(
        eq(named.referenceNumber, sql.placeholder("referenceNumber")),
        eq(named.memberEntityNumber, sql.placeholder("member")),
        eq(named.origin, sql.placeholder("origin")),
      ),
    );
  return db
    .select({
      referenceNumber: queries.referenceNumber,
      parentReferenceNumber: queries.parentReferenceNumber,
      queryText: queries.queryText,
      loggedAt: queries.loggedAt,
    })
    .from(queries)
    .where(
      and(
        sql`${queries.conversationReferenceNumber} = (${conversation})`,
        eq(queries.memberEntityNumber, sql.placeholder("member")),
        eq(queries.origin, sql.placeholder("origin")),
      ),
    );
});

// The replies in the thread, each under the query it answered (thread_entries_query).
const threadRepliesStatement = preparedRead("member_thread_replies", (db: Db) =>
  db
    .select({ referenceNumber: threadEntries.queryReferenceNumber, sentAt: threadEntries.at })
    .from(threadEntries)
    .where(
      and(
        sql`${threadEntries.queryReferenceNumber} = any(${sql.placeholder("references")}::integer[])`,
        eq(threadEntries.kind, "REPLY"),
      ),
    )
    .orderBy(asc(threadEntries.at), asc(threadEntries.id)),
);

/** The member's thread that the query belongs to, oldest first (a reply after the query it answers). */
export async function readMemberThread(
  db: Db,
  scope: Scope,
  referenceNumber: number,
): Promise<QueryThreadEntry[]> {
  const rows = await threadQueriesStatement(db).execute({
    referenceNumber,
    member: scope.member,
    origin: scope.origin,
  });
  // Replies only to the queries just read in scope.
  const replies =
    rows.length === 0
      ? []
      : await threadRepliesStatement(db).execute({ references: rows.map((row) => row.referenceNumber) });
  const timed: { at: number; kind: number; entry: QueryThreadEntry }[] = [
    ...rows.map((row) => ({
      at: row.loggedAt.getTime(),
      kind: 0,
      entry: {
        type: "QUERY" as const,
        referenceNumber: row.referenceNumber,
        parentReferenceNumber: row.parentReferenceNumber,
        queryDetail: row.queryText,
        dateLogged: row.loggedAt.toISOString(),
      },
    })),
    ...replies.map((reply) => ({
      at: reply.sentAt.getTime(),
      kind: 1,
      entry: {
        type: "REPLY" as const,
        referenceNumber: reply.referenceNumber ?? 0,
        sentAt: reply.sentAt.toISOString(),
      },
    })),
  ];
  // Stable sort: replies keep their sent order; at one instant a query comes before a reply.
  timed.sort(
    (a, b) =>
      a.at - b.at ||
      a.kind - b.kind ||
      (a.kind === 0 ? a.entry.referenceNumber - b.entry.referenceNumber : 0),
  );
  return timed.map((item) => item.entry);
}
