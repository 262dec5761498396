import {
  type Address,
  type MemberRole,
  type PhoneNumber,
  type PolicyBenefit,
  STAFF_ROLES,
} from "@portal/domain";
import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { Queryable } from "../../db/database.js";
import { memberRoles } from "../../db/schema/access.js";
import {
  doctorAllocations,
  emergencyContacts,
  memberAddresses,
  memberPhones,
  memberProfiles,
  planBenefits,
  plans,
  policies,
  policyDependents,
  schemes,
  waitingPeriods,
} from "../../db/schema/member-details.js";
import { memberEmails, members } from "../../db/schema/members.js";
import {
  type ImportScope,
  namedEntityNumbers,
  namedPolicyIds,
  removesMissing,
  unique,
} from "./import-scope.js";
import type {
  DoctorAllocationRow,
  EmergencyContactRow,
  PersonListKind,
  PersonProfile,
  PolicyDependentRow,
  PolicyRow,
  WaitingPeriodRow,
} from "./register-rows.js";
import { isAnyOf } from "./sql-arrays.js";

// What the database holds for the keys the files name, read in bulk (one statement per table,
// whatever the number of keys). Rows come back in the files' own shapes, so comparing is
// comparing like with like. The check constraints of the tables hold the text columns that name
// domain values (gender, relationship, types, roles) to those values, hence the casts below.

export interface StoredPerson {
  entityNumber: number;
  firstName: string;
  lastName: string;
  /** Null: no member_profiles row. */
  profile: PersonProfile | null;
}

export interface StoredContactDetails {
  emails: string[];
  phones: PhoneNumber[];
  addresses: Address[];
}

export async function loadPeople(db: Queryable, entityNumbers: readonly number[]) {
  const rows = await db
    .select({
      entityNumber: members.entityNumber,
      firstName: members.firstName,
      lastName: members.lastName,
      profileEntity: memberProfiles.entityNumber,
      title: memberProfiles.title,
      dateOfBirth: memberProfiles.dateOfBirth,
      gender: memberProfiles.gender,
      identityType: memberProfiles.identityType,
      identityNumber: memberProfiles.identityNumber,
      membershipNumber: memberProfiles.membershipNumber,
    })
    .from(members)
    .leftJoin(memberProfiles, eq(memberProfiles.entityNumber, members.entityNumber))
    .where(isAnyOf(members.entityNumber, entityNumbers));
  const people = new Map<number, StoredPerson>();
  for (const {
    profileEntity,
    title,
    dateOfBirth,
    gender,
    identityType,
    identityNumber,
    membershipNumber,
    ...person
  } of rows) {
    const profile =
      profileEntity === null
        ? null
        : {
            title,
            dateOfBirth,
            gender: gender as PersonProfile["gender"],
            identityType: identityType as PersonProfile["identityType"],
            identityNumber,
            membershipNumber,
          };
    people.set(person.entityNumber, { ...person, profile });
  }
  return people;
}

/** E-mail addresses, phone numbers and addresses of these people, in their stored order. */
export async function loadContactDetails(db: Queryable, entityNumbers: readonly number[]) {
  const details = new Map<number, StoredContactDetails>();
  const of = (entityNumber: number) => {
    let found = details.get(entityNumber);
    if (!found) {
      found = { emails: [], phones: [], addresses: [] };
      details.set(entityNumber, found);
    }
    return found;
  };
  const emails = await db
    .select({ entityNumber: memberEmails.memberEntityNumber, address: memberEmails.address })
    .from(memberEmails)
    .where(isAnyOf(memberEmails.memberEntityNumber, entityNumbers))
    .orderBy(asc(memberEmails.memberEntityNumber), asc(memberEmails.position));
  for (const row of emails) of(row.entityNumber).emails.push(row.address);
  const phones = await db
    .select({
      entityNumber: memberPhones.memberEntityNumber,
      type: memberPhones.type,
      number: memberPhones.number,
    })
    .from(memberPhones)
    .where(isAnyOf(memberPhones.memberEntityNumber, entityNumbers))
    .orderBy(asc(memberPhones.memberEntityNumber), asc(memberPhones.position));
  for (const { entityNumber, type, number } of phones)
    of(entityNumber).phones.push({ type: type as PhoneNumber["type"], number });
  const addresses = await db
    .select({
      entityNumber: memberAddresses.memberEntityNumber,
      type: memberAddresses.type,
      line1: memberAddresses.line1,
      line2: memberAddresses.line2,
      suburb: memberAddresses.suburb,
      city: memberAddresses.city,
      province: memberAddresses.province,
      postalCode: memberAddresses.postalCode,
      country: memberAddresses.country,
    })
    .from(memberAddresses)
    .where(isAnyOf(memberAddresses.memberEntityNumber, entityNumbers))
    // POSTAL before RESIDENTIAL, as the files give them.
    .orderBy(asc(memberAddresses.memberEntityNumber), asc(memberAddresses.type));
  for (const { entityNumber, type, ...address } of addresses)
    of(entityNumber).addresses.push({ type: type as Address["type"], ...address });
  return details;
}

/** Membership number → the entity number holding it. */
export async function loadMembershipNumberHolders(db: Queryable, membershipNumbers: readonly string[]) {
  const rows = await db
    .select({ entityNumber: memberProfiles.entityNumber, membershipNumber: memberProfiles.membershipNumber })
    .from(memberProfiles)
    .where(isAnyOf(memberProfiles.membershipNumber, membershipNumbers));
  return new Map(rows.map((row) => [row.membershipNumber ?? "", row.entityNumber]));
}

export interface StoredPlan {
  id: number;
  schemeCode: string;
  planCode: string;
  planName: string;
  benefits: PolicyBenefit[];
}

/** Every scheme and plan: a scheme has a handful, so all of them are read. */
export async function loadSchemesAndPlans(db: Queryable) {
  const schemeRows = await db.select().from(schemes);
  const planRows = await db
    .select({ id: plans.id, schemeCode: schemes.code, planCode: plans.code, planName: plans.name })
    .from(plans)
    .innerJoin(schemes, eq(schemes.id, plans.schemeId));
  const benefitRows = await db.select().from(planBenefits).orderBy(asc(planBenefits.benefit));
  const storedPlans = planRows.map((plan) => ({
    ...plan,
    benefits: benefitRows.filter((row) => row.planId === plan.id).map((row) => row.benefit as PolicyBenefit),
  }));
  return { schemes: schemeRows, plans: storedPlans };
}

export type StoredPolicy = Omit<PolicyRow, "line">;

const policyColumns = {
  policyId: policies.policyId,
  policyNumber: policies.policyIdentifier,
  schemeCode: schemes.code,
  planCode: plans.code,
  principalEntityNumber: policies.principalEntityNumber,
  startDate: policies.startDate,
};

const selectPolicies = (db: Queryable) =>
  db
    .select(policyColumns)
    .from(policies)
    .innerJoin(plans, eq(plans.id, policies.planId))
    .innerJoin(schemes, eq(schemes.id, plans.schemeId));

/** The policies with these ids or numbers; every policy when `all` (what --remove-missing compares). */
export async function loadPolicies(
  db: Queryable,
  keys: { policyIds: readonly number[]; policyNumbers: readonly string[] } | "all",
): Promise<StoredPolicy[]> {
  if (keys === "all") return selectPolicies(db);
  return selectPolicies(db).where(
    or(isAnyOf(policies.policyId, keys.policyIds), isAnyOf(policies.policyIdentifier, keys.policyNumbers)),
  );
}

export type StoredPolicyDependent = Omit<PolicyDependentRow, "line">;

/** The dependents on these policies; on every policy when `all`. */
export async function loadPolicyDependents(
  db: Queryable,
  policyIds: readonly number[] | "all",
): Promise<StoredPolicyDependent[]> {
  const query = db
    .select({
      policyId: policyDependents.policyId,
      entityNumber: policyDependents.dependentEntityNumber,
      relationship: policyDependents.relationship,
      dependentCode: policyDependents.dependentCode,
      startDate: policyDependents.startDate,
    })
    .from(policyDependents);
  const rows = await (policyIds === "all"
    ? query
    : query.where(isAnyOf(policyDependents.policyId, policyIds)));
  return rows.map((row) => ({
    ...row,
    relationship: row.relationship as StoredPolicyDependent["relationship"],
  }));
}

export type StoredListRow<K extends PersonListKind> = Omit<
  {
    emergencyContacts: EmergencyContactRow;
    waitingPeriods: WaitingPeriodRow;
    doctorAllocations: DoctorAllocationRow;
  }[K],
  "line"
>;

type ListReader<K extends PersonListKind> = (
  db: Queryable,
  entityNumbers: readonly number[] | "all",
) => Promise<StoredListRow<K>[]>;

const LIST_READERS: { [K in PersonListKind]: ListReader<K> } = {
  emergencyContacts: async (db: Queryable, entityNumbers: readonly number[] | "all") => {
    const query = db
      .select({
        entityNumber: emergencyContacts.memberEntityNumber,
        name: emergencyContacts.name,
        relationship: emergencyContacts.relationship,
        phoneNumber: emergencyContacts.phoneNumber,
        email: emergencyContacts.email,
      })
      .from(emergencyContacts)
      .orderBy(asc(emergencyContacts.memberEntityNumber), asc(emergencyContacts.position));
    return entityNumbers === "all"
      ? query
      : query.where(isAnyOf(emergencyContacts.memberEntityNumber, entityNumbers));
  },
  waitingPeriods: async (db: Queryable, entityNumbers: readonly number[] | "all") => {
    const query = db
      .select({
        entityNumber: waitingPeriods.entityNumber,
        type: waitingPeriods.type,
        condition: waitingPeriods.condition,
        startDate: waitingPeriods.startDate,
        endDate: waitingPeriods.endDate,
      })
      .from(waitingPeriods)
      .orderBy(asc(waitingPeriods.entityNumber), asc(waitingPeriods.id));
    const rows = await (entityNumbers === "all"
      ? query
      : query.where(isAnyOf(waitingPeriods.entityNumber, entityNumbers)));
    return rows.map((row) => ({ ...row, type: row.type as WaitingPeriodRow["type"] }));
  },
  doctorAllocations: async (db: Queryable, entityNumbers: readonly number[] | "all") => {
    const query = db
      .select({
        entityNumber: doctorAllocations.patientEntityNumber,
        allocationType: doctorAllocations.allocationType,
        practiceNumber: doctorAllocations.practiceNumber,
        practiceName: doctorAllocations.practiceName,
        doctorName: doctorAllocations.doctorName,
        startDate: doctorAllocations.startDate,
        endDate: doctorAllocations.endDate,
      })
      .from(doctorAllocations)
      .orderBy(asc(doctorAllocations.patientEntityNumber), asc(doctorAllocations.id));
    const rows = await (entityNumbers === "all"
      ? query
      : query.where(isAnyOf(doctorAllocations.patientEntityNumber, entityNumbers)));
    return rows.map((row) => ({
      ...row,
      allocationType: row.allocationType as DoctorAllocationRow["allocationType"],
    }));
  },
};

/** A person's rows of one list kind, keyed by entity number; everyone's when `all`. */
export async function loadPersonLists<K extends PersonListKind>(
  db: Queryable,
  kind: K,
  entityNumbers: readonly number[] | "all",
): Promise<Map<number, StoredListRow<K>[]>> {
  const rows = await LIST_READERS[kind](db, entityNumbers);
  const lists = new Map<number, StoredListRow<K>[]>();
  for (const row of rows) {
    const list = lists.get(row.entityNumber);
    if (list) list.push(row);
    else lists.set(row.entityNumber, [row]);
  }
  return lists;
}

export interface StoredRole {
  entityNumber: number;
  role: MemberRole;
}

/** The roles (of those named) these people hold; everyone's when `all`. */
export async function loadRoles(
  db: Queryable,
  roles: readonly MemberRole[],
  entityNumbers: readonly number[] | "all",
): Promise<StoredRole[]> {
  const ofRoles = inArray(memberRoles.role, [...roles]);
  const rows = await db
    .select({ entityNumber: memberRoles.entityNumber, role: memberRoles.role })
    .from(memberRoles)
    .where(
      entityNumbers === "all" ? ofRoles : and(ofRoles, isAnyOf(memberRoles.entityNumber, entityNumbers)),
    );
  return rows.map((row) => ({ entityNumber: row.entityNumber, role: row.role as MemberRole }));
}

/** Everything the checks and the comparison need from the database, read in bulk. */
export interface DatabaseState {
  /** Everyone the files name who is in the database. */
  people: Map<number, StoredPerson>;
  /** The contact details of everyone in members.csv who is in the database. */
  contactDetails: Map<number, StoredContactDetails>;
  membershipNumberHolders: Map<string, number>;
  schemes: { id: number; code: string; name: string }[];
  plans: StoredPlan[];
  /** The policies the files name or whose numbers they use; all of them when policies are removed. */
  policies: Map<number, StoredPolicy>;
  /** The dependents on those policies; on all policies when dependents or policies are removed. */
  policyDependents: StoredPolicyDependent[];
  lists: { [K in PersonListKind]: Map<number, StoredListRow<K>[]> };
  staffRoles: StoredRole[];
  /** The principal members of the files' policies who hold the MEMBER role. */
  memberRoleHolders: Set<number>;
}

export async function loadDatabaseState(db: Queryable, scope: ImportScope): Promise<DatabaseState> {
  const { rows } = scope;
  const people = await loadPeople(db, namedEntityNumbers(rows));
  const contactDetails = await loadContactDetails(
    db,
    rows.members.map((member) => member.entityNumber),
  );
  const membershipNumberHolders = await loadMembershipNumberHolders(
    db,
    unique(rows.members.flatMap((member) => member.profile.membershipNumber ?? [])),
  );
  const { schemes: storedSchemes, plans: storedPlans } = await loadSchemesAndPlans(db);
  const policyRows = await loadPolicies(
    db,
    removesMissing(scope, "policies")
      ? "all"
      : {
          policyIds: namedPolicyIds(rows),
          policyNumbers: rows.policies.map((policy) => policy.policyNumber),
        },
  );
  const everyDependent = removesMissing(scope, "policies") || removesMissing(scope, "policyDependents");
  const storedDependents = await loadPolicyDependents(
    db,
    everyDependent
      ? "all"
      : unique([...namedPolicyIds(rows), ...policyRows.map((policy) => policy.policyId)]),
  );
  const listOf = async <K extends PersonListKind>(kind: K) =>
    scope.present.has(kind)
      ? loadPersonLists(
          db,
          kind,
          removesMissing(scope, kind) ? "all" : unique(rows[kind].map((row) => row.entityNumber)),
        )
      : new Map<number, StoredListRow<K>[]>();
  const lists = {
    emergencyContacts: await listOf("emergencyContacts"),
    waitingPeriods: await listOf("waitingPeriods"),
    doctorAllocations: await listOf("doctorAllocations"),
  };
  const staffRoles = await loadRoles(
    db,
    STAFF_ROLES,
    removesMissing(scope, "staffRoles") ? "all" : unique(rows.staffRoles.map((row) => row.entityNumber)),
  );
  const memberRoleHolders = await loadRoles(
    db,
    ["MEMBER"],
    unique(rows.policies.map((policy) => policy.principalEntityNumber)),
  );
  return {
    people,
    contactDetails,
    membershipNumberHolders,
    schemes: storedSchemes,
    plans: storedPlans,
    policies: new Map(policyRows.map((policy) => [policy.policyId, policy])),
    policyDependents: storedDependents,
    lists,
    staffRoles,
    memberRoleHolders: new Set(memberRoleHolders.map((row) => row.entityNumber)),
  };
}
