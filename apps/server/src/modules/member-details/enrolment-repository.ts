import type {
  Address,
  DependentRelationship,
  EmergencyContact,
  PersonalDetails,
  PhoneNumber,
  PolicyBenefit,
} from "@portal/domain";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import {
  emergencyContacts,
  memberAddresses,
  memberPhones,
  memberProfiles,
  planBenefits,
  plans,
  policies,
  policyDependents,
  schemes,
} from "../../db/schema/member-details.js";
import { members } from "../../db/schema/members.js";

// Writes that put people, policies and their details in place: used by the demo seeding and the
// tests. (The member's own contact-details changes go through POST /member-details/, audited:
// contact-details-repository.ts.)

/** A person with no log-in, such as a child on a policy; returns their new entity number. */
export async function insertPersonWithoutLogin(
  db: Db,
  person: { firstName: string; lastName: string },
): Promise<number> {
  const [created] = await db
    .insert(members)
    .values({ firstName: person.firstName, lastName: person.lastName })
    .returning({ entityNumber: members.entityNumber });
  if (!created) throw new Error("insert into members returned no row");
  return created.entityNumber;
}

export type ProfileInput = Partial<Omit<PersonalDetails, "entityNumber" | "firstName" | "lastName">>;

export async function insertProfile(db: Db, entityNumber: number, profile: ProfileInput): Promise<void> {
  await db.insert(memberProfiles).values({ entityNumber, ...profile });
}

export async function insertPhoneNumbers(db: Db, entityNumber: number, phones: readonly PhoneNumber[]) {
  if (phones.length === 0) return;
  await db
    .insert(memberPhones)
    .values(phones.map((phone, position) => ({ memberEntityNumber: entityNumber, ...phone, position })));
}

export async function insertAddresses(db: Db, entityNumber: number, addresses: readonly Address[]) {
  if (addresses.length === 0) return;
  await db
    .insert(memberAddresses)
    .values(addresses.map((address) => ({ memberEntityNumber: entityNumber, ...address })));
}

export async function insertEmergencyContacts(
  db: Db,
  entityNumber: number,
  contacts: readonly EmergencyContact[],
) {
  if (contacts.length === 0) return;
  await db
    .insert(emergencyContacts)
    .values(
      contacts.map((contact, position) => ({ memberEntityNumber: entityNumber, ...contact, position })),
    );
}

/** The plan's id, creating the scheme and the plan when they do not exist yet. */
export async function ensurePlan(
  db: Db,
  scheme: { code: string; name: string },
  plan: { code: string; name: string; benefits?: readonly PolicyBenefit[] },
): Promise<number> {
  await db.insert(schemes).values(scheme).onConflictDoNothing({ target: schemes.code });
  const [storedScheme] = await db
    .select({ id: schemes.id })
    .from(schemes)
    .where(eq(schemes.code, scheme.code));
  if (!storedScheme) throw new Error("the scheme was neither found nor created");
  await db
    .insert(plans)
    .values({ schemeId: storedScheme.id, code: plan.code, name: plan.name })
    .onConflictDoNothing({ target: [plans.schemeId, plans.code] });
  const [storedPlan] = await db
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.schemeId, storedScheme.id), eq(plans.code, plan.code)));
  if (!storedPlan) throw new Error("the plan was neither found nor created");
  if (plan.benefits && plan.benefits.length > 0) {
    await db
      .insert(planBenefits)
      .values(plan.benefits.map((benefit) => ({ planId: storedPlan.id, benefit })))
      .onConflictDoNothing();
  }
  return storedPlan.id;
}

export async function insertPolicy(
  db: Db,
  policy: { policyIdentifier: string; planId: number; principalEntityNumber: number; startDate: string },
): Promise<number> {
  const [created] = await db.insert(policies).values(policy).returning({ policyId: policies.policyId });
  if (!created) throw new Error("insert into policies returned no row");
  return created.policyId;
}

export async function insertPolicyDependent(
  db: Db,
  dependent: {
    policyId: number;
    dependentEntityNumber: number;
    relationship: DependentRelationship;
    dependentCode: string;
  },
): Promise<void> {
  await db.insert(policyDependents).values(dependent);
}
