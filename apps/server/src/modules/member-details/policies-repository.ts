import {
  type Dependent,
  type DependentRelationship,
  type Gender,
  type PolicyBenefit,
  PRINCIPAL_DEPENDENT_CODE,
} from "@portal/domain";
import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import {
  memberProfiles,
  planBenefits,
  plans,
  policies,
  policyDependents,
  schemes,
} from "../../db/schema/member-details.js";
import { members } from "../../db/schema/members.js";

// Policies, their plans and schemes, and the dependents on them. The functions that list
// dependents take the principal member, so the scope is part of every such query.

const dependentColumns = {
  entityNumber: members.entityNumber,
  title: memberProfiles.title,
  firstName: members.firstName,
  lastName: members.lastName,
  dateOfBirth: memberProfiles.dateOfBirth,
  gender: memberProfiles.gender,
  relationship: policyDependents.relationship,
  dependentCode: policyDependents.dependentCode,
  policyId: policyDependents.policyId,
};

// The check constraints of the tables hold gender and relationship to the domain's values.
function toDependent(row: {
  entityNumber: number;
  title: string | null;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  gender: string | null;
  relationship: string;
  dependentCode: string;
  policyId: number;
}): Dependent {
  return {
    ...row,
    gender: row.gender as Gender | null,
    relationship: row.relationship as DependentRelationship,
  };
}

/** The dependents on every policy whose principal member is `principalEntityNumber`. */
export async function listDependentsOfPrincipal(db: Db, principalEntityNumber: number): Promise<Dependent[]> {
  const rows = await db
    .select(dependentColumns)
    .from(policyDependents)
    .innerJoin(policies, eq(policies.policyId, policyDependents.policyId))
    .innerJoin(members, eq(members.entityNumber, policyDependents.dependentEntityNumber))
    .leftJoin(memberProfiles, eq(memberProfiles.entityNumber, policyDependents.dependentEntityNumber))
    .where(eq(policies.principalEntityNumber, principalEntityNumber))
    .orderBy(asc(policyDependents.policyId), asc(policyDependents.dependentCode));
  return rows.map(toDependent);
}

/** The dependents on one policy, only when `principalEntityNumber` is its principal and the identifier matches. */
export async function listDependentsOfPolicy(
  db: Db,
  principalEntityNumber: number,
  policyId: number,
  policyIdentifier: string,
): Promise<Dependent[] | undefined> {
  const [policy] = await db
    .select({ policyId: policies.policyId })
    .from(policies)
    .where(
      and(
        eq(policies.policyId, policyId),
        eq(policies.policyIdentifier, policyIdentifier),
        eq(policies.principalEntityNumber, principalEntityNumber),
      ),
    )
    .limit(1);
  if (!policy) return undefined;
  const rows = await db
    .select(dependentColumns)
    .from(policyDependents)
    .innerJoin(members, eq(members.entityNumber, policyDependents.dependentEntityNumber))
    .leftJoin(memberProfiles, eq(memberProfiles.entityNumber, policyDependents.dependentEntityNumber))
    .where(eq(policyDependents.policyId, policy.policyId))
    .orderBy(asc(policyDependents.dependentCode));
  return rows.map(toDependent);
}

export interface PolicyMembership {
  policyId: number;
  policyIdentifier: string;
  startDate: string;
  planCode: string;
  planName: string;
  schemeCode: string;
  schemeName: string;
  /** "00" when the person is the principal member. */
  dependentCode: string;
  /** The policy's principal member (the person themselves when principal). */
  principalEntityNumber: number;
  relationship: DependentRelationship | "PRINCIPAL";
}

const membershipColumns = {
  policyId: policies.policyId,
  policyIdentifier: policies.policyIdentifier,
  principalEntityNumber: policies.principalEntityNumber,
  startDate: policies.startDate,
  planCode: plans.code,
  planName: plans.name,
  schemeCode: schemes.code,
  schemeName: schemes.name,
};

/**
 * The policy a person is on: the newest one they are the principal member of, else the newest
 * one they are a dependent on. Undefined when they are on none.
 */
export async function findPolicyMembership(
  db: Db,
  entityNumber: number,
): Promise<PolicyMembership | undefined> {
  const [asPrincipal] = await db
    .select(membershipColumns)
    .from(policies)
    .innerJoin(plans, eq(plans.id, policies.planId))
    .innerJoin(schemes, eq(schemes.id, plans.schemeId))
    .where(eq(policies.principalEntityNumber, entityNumber))
    .orderBy(desc(policies.startDate), desc(policies.policyId))
    .limit(1);
  if (asPrincipal) {
    return { ...asPrincipal, dependentCode: PRINCIPAL_DEPENDENT_CODE, relationship: "PRINCIPAL" };
  }
  const [asDependent] = await db
    .select({
      ...membershipColumns,
      dependentCode: policyDependents.dependentCode,
      relationship: policyDependents.relationship,
    })
    .from(policyDependents)
    .innerJoin(policies, eq(policies.policyId, policyDependents.policyId))
    .innerJoin(plans, eq(plans.id, policies.planId))
    .innerJoin(schemes, eq(schemes.id, plans.schemeId))
    .where(eq(policyDependents.dependentEntityNumber, entityNumber))
    .orderBy(desc(policies.startDate), desc(policies.policyId))
    .limit(1);
  if (!asDependent) return undefined;
  return { ...asDependent, relationship: asDependent.relationship as DependentRelationship };
}

/**
 * The policy through which the actor reaches the entity: their own (as findPolicyMembership picks
 * it) when the entity is themselves, else the newest of the actor's policies the entity is a
 * dependent on. Never a policy of the entity's that does not involve the actor.
 */
async function linkingPolicyId(db: Db, actorEntityNumber: number, entityNumber: number) {
  if (entityNumber === actorEntityNumber)
    return (await findPolicyMembership(db, actorEntityNumber))?.policyId;
  const [linking] = await db
    .select({ policyId: policies.policyId })
    .from(policies)
    .innerJoin(policyDependents, eq(policyDependents.policyId, policies.policyId))
    .where(
      and(
        eq(policies.principalEntityNumber, actorEntityNumber),
        eq(policyDependents.dependentEntityNumber, entityNumber),
      ),
    )
    .orderBy(desc(policies.startDate), desc(policies.policyId))
    .limit(1);
  return linking?.policyId;
}

/** Whether the plan of the policy linking the actor to the entity covers the benefit. */
export async function policyCoversBenefit(
  db: Db,
  actorEntityNumber: number,
  entityNumber: number,
  benefit: PolicyBenefit,
): Promise<boolean> {
  const policyId = await linkingPolicyId(db, actorEntityNumber, entityNumber);
  if (policyId === undefined) return false;
  const covered = await db
    .select({ benefit: planBenefits.benefit })
    .from(planBenefits)
    .innerJoin(policies, eq(policies.planId, planBenefits.planId))
    .where(and(eq(policies.policyId, policyId), eq(planBenefits.benefit, benefit)))
    .limit(1);
  return covered.length > 0;
}
