import { eq } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { policies, policyDependents } from "../../db/schema.js";
import { errors } from "../../lib/errors.js";

// Who may see whose member details (DESIGN.md §3, issue 4): a member reaches their own entity and
// the dependents on the policies they are the principal member of. A dependent who logs in reaches
// only themselves. Everything else answers the same 404 a missing entity gets, so a member cannot
// even learn that another entity number exists.

/** The actor first, then every dependent on the actor's policies. */
export async function reachableEntities(db: Db, actorEntityNumber: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ entityNumber: policyDependents.dependentEntityNumber })
    .from(policyDependents)
    .innerJoin(policies, eq(policies.policyId, policyDependents.policyId))
    .where(eq(policies.principalEntityNumber, actorEntityNumber));
  const dependents = rows.map((row) => row.entityNumber).filter((entity) => entity !== actorEntityNumber);
  return [actorEntityNumber, ...dependents.sort((a, b) => a - b)];
}

/**
 * Whom the actor reaches, asked once per request. Answers that list people (dependents, patients,
 * group access) keep only these: a dependent the actor reaches may be the principal of a policy
 * of their own, whose dependents the actor must not see.
 */
export interface Reach {
  actorEntityNumber: number;
  entities: ReadonlySet<number>;
}

export async function reachOf(db: Db, actorEntityNumber: number): Promise<Reach> {
  return { actorEntityNumber, entities: new Set(await reachableEntities(db, actorEntityNumber)) };
}

/** Passes when the entity is in reach; else the 404 of a missing entity. */
export function requireInReach(reach: Reach, entityNumber: number): void {
  if (!reach.entities.has(entityNumber)) throw errors.notFound();
}

/** Passes only for a dependent in reach, never the actor themselves: the dependent/{n} path. */
export function requireDependentInReach(reach: Reach, dependentEntityNumber: number): void {
  if (dependentEntityNumber === reach.actorEntityNumber) throw errors.notFound();
  requireInReach(reach, dependentEntityNumber);
}
