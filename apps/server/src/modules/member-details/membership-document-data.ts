import type { DependentRelationship } from "@portal/domain";
import type { Db } from "../../db/database.js";
import { errors } from "../../lib/errors.js";
import { type Reach, readPatientList, readPlan } from "./entity-reads.js";
import { findPersonalDetails } from "./people-repository.js";

/** Everything printed on a membership card or certificate; no identity numbers, no contact details. */
export interface MembershipDocumentData {
  memberName: string;
  membershipNumber: string | null;
  schemeName: string;
  planName: string;
  policyIdentifier: string;
  /** yyyy-MM-dd: when the policy started. */
  memberSince: string;
  /** yyyy-MM-dd: the day the document was made. */
  issuedOn: string;
  /** The principal member first, then the dependents the actor reaches, as on the patient list. */
  coveredPeople: CoveredPerson[];
}

export interface CoveredPerson {
  name: string;
  dependentCode: string;
  relationship: DependentRelationship | "PRINCIPAL";
  dateOfBirth: string | null;
}

function fullName(person: { title?: string | null; firstName: string; lastName: string }): string {
  return [person.title, person.firstName, person.lastName].filter(Boolean).join(" ");
}

/**
 * The data of the logged-in person's membership documents: their own policy, and the people on it
 * they reach (a dependent with a log-in sees only themselves). 404 when they are on no policy.
 */
export async function readMembershipDocumentData(
  db: Db,
  entityNumber: number,
  reach: Reach,
  issuedOn: string,
): Promise<MembershipDocumentData> {
  const [personal, plan, patientList] = await Promise.all([
    findPersonalDetails(db, entityNumber),
    readPlan(db, entityNumber),
    readPatientList(db, entityNumber, reach),
  ]);
  if (!personal) throw errors.notFound();
  const coveredPeople = patientList.patients.map((patient) => ({
    name: fullName(patient),
    dependentCode: patient.dependentCode,
    relationship: patient.relationship,
    dateOfBirth: patient.dateOfBirth,
  }));
  return {
    memberName: fullName(personal),
    membershipNumber: personal.membershipNumber,
    schemeName: plan.schemeName,
    planName: plan.planName,
    policyIdentifier: plan.policyIdentifier,
    memberSince: plan.startDate,
    issuedOn,
    coveredPeople,
  };
}

/** Everyone a membership document of this person prints: the audit trail records each as read. */
export async function peopleInMembershipDocument(
  db: Db,
  entityNumber: number,
  reach: Reach,
): Promise<number[]> {
  const { patients } = await readPatientList(db, entityNumber, reach);
  return patients.map((patient) => patient.entityNumber);
}
