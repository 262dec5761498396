import type { QueryThreadEntry, ServerOrigin } from "@portal/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { agentResponses, queries } from "../../db/schema.js";
import { threadReferences, threadRootOf } from "./thread-walk.js";

// A query's thread as its member sees it: the original, the updates added to it (an update is a
// query row linked to the one it was added to) and the replies sent to any of them. Every read is
// scoped to the member and the origin, so a link that crossed members could never be followed: a
// parent outside the scope is not found going up, and the thread ends below it.

interface Scope {
  member: number;
  origin: ServerOrigin;
}

const inScope = (scope: Scope) =>
  and(eq(queries.memberEntityNumber, scope.member), eq(queries.origin, scope.origin));

/** The member's thread that the query belongs to, oldest first (a reply after the query it answers). */
export async function readMemberThread(
  db: Db,
  scope: Scope,
  referenceNumber: number,
): Promise<QueryThreadEntry[]> {
  const root = await threadRootOf(db, referenceNumber, inScope(scope));
  const references = await threadReferences(db, root, inScope(scope));
  const rows = await db
    .select({
      referenceNumber: queries.referenceNumber,
      parentReferenceNumber: queries.parentReferenceNumber,
      queryText: queries.queryText,
      loggedAt: queries.loggedAt,
    })
    .from(queries)
    .where(and(inArray(queries.referenceNumber, references), inScope(scope)));
  // Replies only to the queries just read in scope.
  const replies =
    rows.length === 0
      ? []
      : await db
          .select({ referenceNumber: agentResponses.referenceNumber, sentAt: agentResponses.sentAt })
          .from(agentResponses)
          .where(
            inArray(
              agentResponses.referenceNumber,
              rows.map((row) => row.referenceNumber),
            ),
          )
          .orderBy(asc(agentResponses.sentAt), asc(agentResponses.id));
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
        referenceNumber: reply.referenceNumber,
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
