import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/database.js";
import { policies, policyDependents } from "../../db/schema/member-details.js";

// Whom a member reaches (requirements §7, member-details access): their own entity and the
// dependents on the policies they are the principal member of. A dependent who logs in reaches
// only themselves. Everything else answers the same 404 a missing entity gets, so a member cannot
// even learn that another entity number exists.

/** The actor first, then every dependent on the actor's policies. */
export async function reachableEntities(db: Queryable, actorEntityNumber: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ entityNumber: policyDependents.dependentEntityNumber })
    .from(policyDependents)
    .innerJoin(policies, eq(policies.policyId, policyDependents.policyId))
    .where(eq(policies.principalEntityNumber, actorEntityNumber));
  const dependents = rows.map((row) => row.entityNumber).filter((entity) => entity !== actorEntityNumber);
  return [actorEntityNumber, ...dependents.sort((a, b) => a - b)];
}
