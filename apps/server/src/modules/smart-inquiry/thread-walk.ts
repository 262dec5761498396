import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/database.js";
import { queries } from "../../db/schema.js";

// A thread is an original query and the updates added to it, each an ordinary query row linked to
// the one it adds to. Walked one step at a time, within `within` when given (a member's own
// queries of one origin), so a link out of it is never followed; staff walk without it.

/** Threads are short (a few updates); the bound only stops a cycle no code can make. */
const MAX_THREAD_DEPTH = 50;

/**
 * The original query of the thread a query belongs to (itself for an original): the last query
 * reached going up, so a parent outside `within` ends the walk below it.
 */
export async function threadRootOf(db: Queryable, referenceNumber: number, within?: SQL): Promise<number> {
  let root = referenceNumber;
  let next: number | null = referenceNumber;
  for (let depth = 0; depth < MAX_THREAD_DEPTH && next !== null; depth += 1) {
    const [row] = await db
      .select({ parent: queries.parentReferenceNumber })
      .from(queries)
      .where(and(eq(queries.referenceNumber, next), within))
      .limit(1);
    if (!row) break;
    root = next;
    next = row.parent;
  }
  return root;
}

/** Every reference number in the thread that starts at the root, the root first. */
export async function threadReferences(db: Queryable, root: number, within?: SQL): Promise<number[]> {
  const thread = [root];
  let generation = [root];
  for (let depth = 0; depth < MAX_THREAD_DEPTH && generation.length > 0; depth += 1) {
    const children = await db
      .select({ referenceNumber: queries.referenceNumber })
      .from(queries)
      .where(and(inArray(queries.parentReferenceNumber, generation), within))
      .orderBy(asc(queries.referenceNumber));
    generation = children.map((child) => child.referenceNumber).filter((child) => !thread.includes(child));
    thread.push(...generation);
  }
  return thread;
}
