import type { QueryThreadEntry, ServerOrigin } from "@portal/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { agentResponses, queries } from "../../db/schema.js";

// A query's thread as its member sees it: the original, the updates added to it (an update is a
// query row linked to the one it was added to) and the replies sent to any of them. Every read is
// scoped to the member and the origin, so a link that crossed members could never be followed.

/** Threads are short (a few updates); the bound only stops a cycle no code can make. */
const MAX_THREAD_DEPTH = 50;

interface Scope {
  member: number;
  origin: ServerOrigin;
}

const inScope = (scope: Scope) =>
  and(eq(queries.memberEntityNumber, scope.member), eq(queries.origin, scope.origin));

/**
 * The original query of the thread the member's query belongs to (itself for an original). Each
 * step reads the next query up only within the scope: a parent outside it (another member's,
 * another origin) is not found, and the thread ends below it.
 */
async function memberThreadRoot(db: Db, scope: Scope, referenceNumber: number): Promise<number> {
  let root = referenceNumber;
  let next: number | null = referenceNumber;
  for (let depth = 0; depth < MAX_THREAD_DEPTH && next !== null; depth += 1) {
    const [row] = await db
      .select({ parent: queries.parentReferenceNumber })
      .from(queries)
      .where(and(eq(queries.referenceNumber, next), inScope(scope)))
      .limit(1);
    if (!row) break;
    root = next;
    next = row.parent;
  }
  return root;
}

/** The member's thread that the query belongs to, oldest first (a reply after the query it answers). */
export async function readMemberThread(
  db: Db,
  scope: Scope,
  referenceNumber: number,
): Promise<QueryThreadEntry[]> {
  const root = await memberThreadRoot(db, scope, referenceNumber);
  const references = [root];
  let generation = [root];
  for (let depth = 0; depth < MAX_THREAD_DEPTH && generation.length > 0; depth += 1) {
    const children = await db
      .select({ referenceNumber: queries.referenceNumber })
      .from(queries)
      .where(and(inArray(queries.parentReferenceNumber, generation), inScope(scope)));
    generation = children
      .map((child) => child.referenceNumber)
      .filter((child) => !references.includes(child));
    references.push(...generation);
  }
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
