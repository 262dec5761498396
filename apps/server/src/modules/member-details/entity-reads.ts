import type {
  Dependent,
  DependentDetails,
  DependentsResponse,
  EmergencyContactsResponse,
  GroupAccessResponse,
  MemberDetails,
  MemberDetailsFlags,
  PatientListDetails,
  Plan,
  Scheme,
} from "@portal/domain";
import type { Db } from "../../db/database.js";
import { errors } from "../../lib/errors.js";
import { listMemberEmails } from "../members/index.js";
import { listEmergencyContacts } from "./emergency-contacts-repository.js";
import { findPersonalDetails, listAddresses, listPhoneNumbers } from "./people-repository.js";
import { findPolicyMembership, listDependentsOfPrincipal } from "./policies-repository.js";

// What each member-details resource answers for one entity. The access plugin has already let the
// entity through; the route's audit declaration names, from the answer, everyone else it holds.

/** Whom the actor reaches (the access plugin's member reach): answers that list people keep only these. */
export type Reach = ReadonlySet<number>;

/** The entity's dependents that the actor also reaches: a dependent may be a principal too. */
async function dependentsInReach(db: Db, entityNumber: number, reach: Reach): Promise<Dependent[]> {
  const dependents = await listDependentsOfPrincipal(db, entityNumber);
  return dependents.filter((dependent) => reach.has(dependent.entityNumber));
}

export async function readMemberDetails(
  db: Db,
  entityNumber: number,
  flags: MemberDetailsFlags,
  reach: Reach,
): Promise<MemberDetails> {
  const personal = await findPersonalDetails(db, entityNumber);
  if (!personal) throw errors.notFound();
  const [emails, phoneNumbers] = await Promise.all([
    listMemberEmails(db, entityNumber),
    listPhoneNumbers(db, entityNumber),
  ]);
  const body: MemberDetails = {
    ...personal,
    emails: emails.map((address) => ({ address })),
    phoneNumbers,
  };
  if (flags.emergencyContacts === "true")
    body.emergencyContacts = await listEmergencyContacts(db, entityNumber);
  if (flags.addresses === "true") body.addresses = await listAddresses(db, entityNumber);
  if (flags.dependents === "true") body.dependents = await dependentsInReach(db, entityNumber, reach);
  return body;
}

export async function readDependents(
  db: Db,
  entityNumber: number,
  reach: Reach,
): Promise<DependentsResponse> {
  return { dependents: await dependentsInReach(db, entityNumber, reach) };
}

/** One dependent of the principal member, with their identity details. */
export async function readDependent(
  db: Db,
  principalEntityNumber: number,
  dependentEntityNumber: number,
): Promise<DependentDetails> {
  const dependent = (await listDependentsOfPrincipal(db, principalEntityNumber)).find(
    (candidate) => candidate.entityNumber === dependentEntityNumber,
  );
  const personal = dependent && (await findPersonalDetails(db, dependentEntityNumber));
  if (!dependent || !personal) throw errors.notFound();
  const { identityNumber, identityType, membershipNumber } = personal;
  return { ...dependent, identityNumber, identityType, membershipNumber };
}

export async function readEmergencyContacts(
  db: Db,
  entityNumber: number,
): Promise<EmergencyContactsResponse> {
  return { emergencyContacts: await listEmergencyContacts(db, entityNumber) };
}

/**
 * Whom the entity may see: itself and its dependents, as the member reach decides for a logged-in member,
 * limited to the people the asking actor reaches too.
 */
export async function readGroupAccess(
  db: Db,
  entityNumber: number,
  reach: Reach,
): Promise<GroupAccessResponse> {
  const personal = await findPersonalDetails(db, entityNumber);
  if (!personal) throw errors.notFound();
  const accessibleEntities: GroupAccessResponse["accessibleEntities"] = [
    { entityNumber, firstName: personal.firstName, lastName: personal.lastName, relationship: "SELF" },
  ];
  for (const dependent of await dependentsInReach(db, entityNumber, reach)) {
    if (accessibleEntities.some((entity) => entity.entityNumber === dependent.entityNumber)) continue;
    const { firstName, lastName, relationship } = dependent;
    accessibleEntities.push({ entityNumber: dependent.entityNumber, firstName, lastName, relationship });
  }
  return { entityNumber, accessibleEntities };
}

/** A person on no policy has no plan or scheme: 404, as for anything that does not exist. */
async function requireMembership(db: Db, entityNumber: number) {
  const membership = await findPolicyMembership(db, entityNumber);
  if (!membership) throw errors.notFound();
  return membership;
}

export async function readPlan(db: Db, entityNumber: number): Promise<Plan> {
  const { planCode, planName, schemeCode, schemeName, policyId, policyIdentifier, startDate } =
    await requireMembership(db, entityNumber);
  return { planCode, planName, schemeCode, schemeName, policyId, policyIdentifier, startDate };
}

export async function readScheme(db: Db, entityNumber: number): Promise<Scheme> {
  const { schemeCode, schemeName } = await requireMembership(db, entityNumber);
  return { schemeCode, schemeName };
}

/**
 * The patients a claim or query of this entity may be about: the entity itself with its own
 * dependent code and, for a principal member, the dependents on that policy. A dependent lists
 * only themselves, as they reach only themselves.
 */
export async function readPatientList(
  db: Db,
  entityNumber: number,
  reach: Reach,
): Promise<PatientListDetails> {
  const membership = await requireMembership(db, entityNumber);
  const personal = await findPersonalDetails(db, entityNumber);
  if (!personal) throw errors.notFound();
  const patients: PatientListDetails["patients"] = [
    {
      entityNumber,
      firstName: personal.firstName,
      lastName: personal.lastName,
      dateOfBirth: personal.dateOfBirth,
      dependentCode: membership.dependentCode,
      relationship: membership.relationship,
    },
  ];
  if (membership.relationship === "PRINCIPAL") {
    const dependents = await dependentsInReach(db, entityNumber, reach);
    for (const dependent of dependents.filter((candidate) => candidate.policyId === membership.policyId)) {
      const { firstName, lastName, dateOfBirth, dependentCode, relationship } = dependent;
      patients.push({
        entityNumber: dependent.entityNumber,
        firstName,
        lastName,
        dateOfBirth,
        dependentCode,
        relationship,
      });
    }
  }
  return { policyId: membership.policyId, policyIdentifier: membership.policyIdentifier, patients };
}
