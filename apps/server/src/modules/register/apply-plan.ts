import { eq, sql } from "drizzle-orm";
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
import { registerImports } from "../../db/schema/register.js";
import { BatchWriter } from "./batch-writer.js";
import type { ImportPlan } from "./import-plan.js";
import type { MemberRow } from "./register-rows.js";
import { planKey } from "./row-validation.js";
import { isAnyOf } from "./sql-arrays.js";

// Writing a plan (import-plan.ts) inside the caller's transaction, kind by kind in the order the
// foreign keys need: schemes and plans, people, policies, the people on them, lists, roles. Rows
// that changed are written whole: a changed person's profile and contact details are replaced,
// a changed list is replaced.

/** How many rows the writer's statements of applyPlan touch, call by call: the length of the progress bar. */
export function rowsToWrite(plan: ImportPlan): number {
  const sum = (counts: number[]) => counts.reduce((total, count) => total + count, 0);
  const writtenPlans = [...plan.plans.insert, ...plan.plans.update];
  const { insert, update } = plan.members;
  const writtenMembers = [...insert, ...update];
  const lists = Object.values(plan.lists).map(
    (list) =>
      list.replace.length + list.remove.length + sum(list.replace.map((person) => person.rows.length)),
  );
  return sum([
    plan.schemes.insert.length,
    plan.schemes.update.length,
    plan.plans.insert.length,
    plan.plans.update.length * 2,
    sum(writtenPlans.map((row) => row.benefits.length)),
    insert.length,
    update.length * 5,
    writtenMembers.length,
    sum(
      writtenMembers.map((member) => member.emails.length + member.phones.length + member.addresses.length),
    ),
    plan.policies.remove.length,
    plan.policies.insert.length,
    plan.policies.update.length,
    plan.policyDependents.remove.length,
    plan.policyDependents.update.length * 2,
    plan.policyDependents.insert.length,
    ...lists,
    plan.roles.remove.length,
    plan.roles.insert.length,
  ]);
}

export async function applyPlan(
  db: Queryable,
  plan: ImportPlan,
  onRows: (rows: number) => void,
): Promise<void> {
  const writer = new BatchWriter(db, onRows);
  await writePlans(db, writer, plan);
  await writeMembers(writer, plan);
  await writePolicies(db, writer, plan);
  await writePolicyDependents(writer, plan);
  await writeLists(writer, plan);
  await writer.delete(memberRoles, [memberRoles.entityNumber, memberRoles.role], plan.roles.remove, (row) => [
    row.entityNumber,
    row.role,
  ]);
  await writer.insert(memberRoles, [memberRoles.entityNumber, memberRoles.role], plan.roles.insert, (row) => [
    row.entityNumber,
    row.role,
  ]);
  await moveIdentitiesPastImportedNumbers(db);
}

async function writePlans(db: Queryable, writer: BatchWriter, plan: ImportPlan) {
  await writer.insert(schemes, [schemes.code, schemes.name], plan.schemes.insert, (scheme) => [
    scheme.code,
    scheme.name,
  ]);
  await writer.update(schemes, [schemes.code], [schemes.name], plan.schemes.update, (scheme) => [
    scheme.code,
    scheme.name,
  ]);
  const schemeIds = new Map(
    (await db.select({ id: schemes.id, code: schemes.code }).from(schemes)).map((row) => [row.code, row.id]),
  );
  const schemeId = (code: string) => {
    const id = schemeIds.get(code);
    if (id === undefined) throw new Error("a scheme of plans.csv was not written");
    return id;
  };
  await writer.insert(plans, [plans.schemeId, plans.code, plans.name], plan.plans.insert, (row) => [
    schemeId(row.schemeCode),
    row.planCode,
    row.planName,
  ]);
  await writer.update(plans, [plans.schemeId, plans.code], [plans.name], plan.plans.update, (row) => [
    schemeId(row.schemeCode),
    row.planCode,
    row.planName,
  ]);
  const written = [...plan.plans.insert, ...plan.plans.update];
  const ids = await planIds(db);
  const planId = (row: { schemeCode: string; planCode: string }) => {
    const id = ids.get(planKey(row.schemeCode, row.planCode));
    if (id === undefined) throw new Error("a plan of plans.csv was not written");
    return id;
  };
  await writer.delete(planBenefits, [planBenefits.planId], plan.plans.update, (row) => [planId(row)]);
  await writer.insert(
    planBenefits,
    [planBenefits.planId, planBenefits.benefit],
    written.flatMap((row) => row.benefits.map((benefit) => ({ planId: planId(row), benefit }))),
    (row) => [row.planId, row.benefit],
  );
}

async function planIds(db: Queryable): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: plans.id, schemeCode: schemes.code, planCode: plans.code })
    .from(plans)
    .innerJoin(schemes, eq(schemes.id, plans.schemeId));
  return new Map(rows.map((row) => [planKey(row.schemeCode, row.planCode), row.id]));
}

async function writeMembers(writer: BatchWriter, plan: ImportPlan) {
  const { insert, update } = plan.members;
  const entity = (member: MemberRow) => [member.entityNumber];
  // Log-ins (username, password hash) are never written: the import leaves them as they are.
  await writer.insert(
    members,
    [members.entityNumber, members.firstName, members.lastName],
    insert,
    (member) => [member.entityNumber, member.firstName, member.lastName],
  );
  await writer.update(
    members,
    [members.entityNumber],
    [members.firstName, members.lastName],
    update,
    (member) => [member.entityNumber, member.firstName, member.lastName],
  );
  // Replaced rather than updated: deleting the changed profiles first frees the membership numbers
  // that move from one person to another within the run.
  await writer.delete(memberProfiles, [memberProfiles.entityNumber], update, entity);
  await writer.delete(memberEmails, [memberEmails.memberEntityNumber], update, entity);
  await writer.delete(memberPhones, [memberPhones.memberEntityNumber], update, entity);
  await writer.delete(memberAddresses, [memberAddresses.memberEntityNumber], update, entity);
  const written = [...insert, ...update];
  await writer.insert(
    memberProfiles,
    [
      memberProfiles.entityNumber,
      memberProfiles.title,
      memberProfiles.dateOfBirth,
      memberProfiles.gender,
      memberProfiles.identityType,
      memberProfiles.identityNumber,
      memberProfiles.membershipNumber,
    ],
    written,
    ({ entityNumber, profile }) => [
      entityNumber,
      profile.title,
      profile.dateOfBirth,
      profile.gender,
      profile.identityType,
      profile.identityNumber,
      profile.membershipNumber,
    ],
  );
  await writer.insert(
    memberEmails,
    [memberEmails.memberEntityNumber, memberEmails.address, memberEmails.position],
    written.flatMap((member) => member.emails.map((address, position) => ({ member, address, position }))),
    (row) => [row.member.entityNumber, row.address, row.position],
  );
  await writer.insert(
    memberPhones,
    [memberPhones.memberEntityNumber, memberPhones.type, memberPhones.number, memberPhones.position],
    written.flatMap((member) => member.phones.map((phone, position) => ({ member, phone, position }))),
    (row) => [row.member.entityNumber, row.phone.type, row.phone.number, row.position],
  );
  await writer.insert(
    memberAddresses,
    [
      memberAddresses.memberEntityNumber,
      memberAddresses.type,
      memberAddresses.line1,
      memberAddresses.line2,
      memberAddresses.suburb,
      memberAddresses.city,
      memberAddresses.province,
      memberAddresses.postalCode,
      memberAddresses.country,
    ],
    written.flatMap((member) => member.addresses.map((address) => ({ member, address }))),
    ({ member, address }) => [
      member.entityNumber,
      address.type,
      address.line1,
      address.line2,
      address.suburb,
      address.city,
      address.province,
      address.postalCode,
      address.country,
    ],
  );
}

async function writePolicies(db: Queryable, writer: BatchWriter, plan: ImportPlan) {
  const { insert, update, remove } = plan.policies;
  // The foreign key takes the people on a removed policy off it (listed in the plan as removed).
  await writer.delete(policies, [policies.policyId], remove, (policy) => [policy.policyId]);
  // Policy numbers may move between policies within a run: the changed ones let go of theirs first.
  // The stand-in is longer than any policy number a file may hold (64 characters), so it is no one's.
  if (update.length > 0) {
    await db
      .update(policies)
      .set({ policyIdentifier: sql`rpad('register-import:' || ${policies.policyId}, 80, '~')` })
      .where(
        isAnyOf(
          policies.policyId,
          update.map((policy) => policy.policyId),
        ),
      );
  }
  const ids = await planIds(db);
  const values = (policy: (typeof insert)[number]) => {
    const planId = ids.get(planKey(policy.schemeCode, policy.planCode));
    if (planId === undefined) throw new Error("a policy's plan was not found");
    return [policy.policyId, policy.policyNumber, planId, policy.principalEntityNumber, policy.startDate];
  };
  const columns = [policies.planId, policies.principalEntityNumber, policies.startDate];
  await writer.insert(policies, [policies.policyId, policies.policyIdentifier, ...columns], insert, values);
  await writer.update(policies, [policies.policyId], [policies.policyIdentifier, ...columns], update, values);
}

async function writePolicyDependents(writer: BatchWriter, plan: ImportPlan) {
  const { insert, update, remove } = plan.policyDependents;
  const keys = [policyDependents.policyId, policyDependents.dependentEntityNumber];
  const key = (row: { policyId: number; entityNumber: number }) => [row.policyId, row.entityNumber];
  await writer.delete(policyDependents, keys, remove, key);
  // Replaced rather than updated, so dependent codes may move between people on a policy.
  await writer.delete(policyDependents, keys, update, key);
  await writer.insert(
    policyDependents,
    [...keys, policyDependents.relationship, policyDependents.dependentCode, policyDependents.startDate],
    [...insert, ...update],
    (row) => [row.policyId, row.entityNumber, row.relationship, row.dependentCode, row.startDate],
  );
}

async function writeLists(writer: BatchWriter, plan: ImportPlan) {
  const entity = (person: { entityNumber: number }) => [person.entityNumber];
  const contacts = plan.lists.emergencyContacts;
  await writer.delete(
    emergencyContacts,
    [emergencyContacts.memberEntityNumber],
    [...contacts.replace, ...contacts.remove],
    entity,
  );
  await writer.insert(
    emergencyContacts,
    [
      emergencyContacts.memberEntityNumber,
      emergencyContacts.name,
      emergencyContacts.relationship,
      emergencyContacts.phoneNumber,
      emergencyContacts.email,
      emergencyContacts.position,
    ],
    contacts.replace.flatMap((person) => person.rows.map((row, position) => ({ ...row, position }))),
    (row) => [row.entityNumber, row.name, row.relationship, row.phoneNumber, row.email, row.position],
  );
  const periods = plan.lists.waitingPeriods;
  await writer.delete(
    waitingPeriods,
    [waitingPeriods.entityNumber],
    [...periods.replace, ...periods.remove],
    entity,
  );
  await writer.insert(
    waitingPeriods,
    [
      waitingPeriods.entityNumber,
      waitingPeriods.type,
      waitingPeriods.condition,
      waitingPeriods.startDate,
      waitingPeriods.endDate,
    ],
    periods.replace.flatMap((person) => person.rows),
    (row) => [row.entityNumber, row.type, row.condition, row.startDate, row.endDate],
  );
  const allocations = plan.lists.doctorAllocations;
  await writer.delete(
    doctorAllocations,
    [doctorAllocations.patientEntityNumber],
    [...allocations.replace, ...allocations.remove],
    entity,
  );
  await writer.insert(
    doctorAllocations,
    [
      doctorAllocations.patientEntityNumber,
      doctorAllocations.allocationType,
      doctorAllocations.practiceNumber,
      doctorAllocations.practiceName,
      doctorAllocations.doctorName,
      doctorAllocations.startDate,
      doctorAllocations.endDate,
    ],
    allocations.replace.flatMap((person) => person.rows),
    (row) => [
      row.entityNumber,
      row.allocationType,
      row.practiceNumber,
      row.practiceName,
      row.doctorName,
      row.startDate,
      row.endDate,
    ],
  );
}

/**
 * Entity numbers and policy ids come from the register here, while member:create and the demo
 * seeding take theirs from the identity sequences: each sequence moves past the largest number in
 * its table when that number has caught up with it, so the next generated number is free. A
 * sequence ahead of every number is left where it is (the register's numbers may lie far below).
 */
async function moveIdentitiesPastImportedNumbers(db: Queryable): Promise<void> {
  const identities = [
    { table: "members", column: "entity_number", sequence: "members_entity_number_seq" },
    { table: "policies", column: "policy_id", sequence: "policies_policy_id_seq" },
  ];
  for (const { table, column, sequence } of identities) {
    await db.execute(sql`
      select setval(${sequence}::regclass, stored.largest)
      from (select max(${sql.identifier(column)}) as largest from ${sql.identifier(table)}) as stored,
           ${sql.identifier(sequence)} as seq
      where stored.largest >= case when seq.is_called then seq.last_value + 1 else seq.last_value end`);
  }
}

export interface ImportRecord {
  ranBy: string;
  startedAt: Date;
  fileChecksums: Record<string, string>;
  counts: Record<string, { inserted: number; updated: number; removed: number }>;
  removeMissing: boolean;
}

/** The run's row in the audit trail (register_imports, append-only); returns its id. */
export async function recordImport(db: Queryable, record: ImportRecord, finishedAt: Date): Promise<number> {
  const [row] = await db
    .insert(registerImports)
    .values({ ...record, finishedAt })
    .returning({ id: registerImports.id });
  if (!row) throw new Error("insert into register_imports returned no row");
  return row.id;
}
