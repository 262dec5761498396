import type { DatabaseState, StoredPolicyDependent } from "./database-state.js";
import { type ImportScope, removesMissing } from "./import-scope.js";
import type { Problem } from "./problems.js";
import { REGISTER_FILES } from "./register-files.js";
import type { PolicyDependentRow } from "./register-rows.js";
import { planKey } from "./row-validation.js";

// Rules across the files and the database: what a row refers to exists (in the files or already
// in the database), and the register as it will be after the run keeps its unique keys: one holder
// per membership number and policy number, one person per dependent code on a policy, and no one
// both principal member and dependent on one policy. A problem is reported at the file row
// involved; rows the database keeps are named by their keys only.

const fileOf = {
  plans: REGISTER_FILES.plans.fileName,
  members: REGISTER_FILES.members.fileName,
  policies: REGISTER_FILES.policies.fileName,
  policyDependents: REGISTER_FILES.policyDependents.fileName,
  emergencyContacts: REGISTER_FILES.emergencyContacts.fileName,
  waitingPeriods: REGISTER_FILES.waitingPeriods.fileName,
  doctorAllocations: REGISTER_FILES.doctorAllocations.fileName,
  staffRoles: REGISTER_FILES.staffRoles.fileName,
};

export function checkAgainstDatabase(scope: ImportScope, state: DatabaseState): Problem[] {
  const { rows, declared } = scope;
  const problems: Problem[] = [];
  const problem = (file: string, line: number, column: string, message: string) =>
    problems.push({ file, line, column, message });

  // Whatever a file whose header could not be read would have declared is unknown: not reported.
  const personKnown = (entityNumber: number) =>
    declared.unreadable.has("members") ||
    declared.entityNumbers.has(entityNumber) ||
    state.people.has(entityNumber);
  const removedPolicy = (policyId: number) =>
    removesMissing(scope, "policies") && !declared.policyIds.has(policyId) && state.policies.has(policyId);
  const policyKnown = (policyId: number) =>
    declared.unreadable.has("policies") ||
    declared.policyIds.has(policyId) ||
    (state.policies.has(policyId) && !removedPolicy(policyId));
  const storedPlanKeys = new Set(state.plans.map((plan) => planKey(plan.schemeCode, plan.planCode)));
  const planKnown = (schemeCode: string, planCode: string) =>
    declared.unreadable.has("plans") ||
    declared.plans.has(planKey(schemeCode, planCode)) ||
    storedPlanKeys.has(planKey(schemeCode, planCode));
  const noPerson = (entityNumber: number) => `No person ${entityNumber} in members.csv or the database.`;

  for (const policy of rows.policies) {
    if (!personKnown(policy.principalEntityNumber))
      problem(
        fileOf.policies,
        policy.line,
        "principal_entity_number",
        noPerson(policy.principalEntityNumber),
      );
    if (!planKnown(policy.schemeCode, policy.planCode))
      problem(
        fileOf.policies,
        policy.line,
        "plan_code",
        "No such plan of this scheme in plans.csv or the database.",
      );
  }
  for (const dependent of rows.policyDependents) {
    if (!personKnown(dependent.entityNumber))
      problem(fileOf.policyDependents, dependent.line, "entity_number", noPerson(dependent.entityNumber));
    if (!policyKnown(dependent.policyId))
      problem(
        fileOf.policyDependents,
        dependent.line,
        "policy_id",
        removedPolicy(dependent.policyId)
          ? `Policy ${dependent.policyId} is not in policies.csv, so --remove-missing removes it.`
          : `No policy ${dependent.policyId} in policies.csv or the database.`,
      );
  }
  for (const kind of ["emergencyContacts", "waitingPeriods", "doctorAllocations", "staffRoles"] as const) {
    for (const row of rows[kind]) {
      if (!personKnown(row.entityNumber))
        problem(fileOf[kind], row.line, "entity_number", noPerson(row.entityNumber));
    }
  }

  // One holder per membership number: another person in the database keeping it is a clash.
  for (const member of rows.members) {
    const number = member.profile.membershipNumber;
    const holder = number === null ? undefined : state.membershipNumberHolders.get(number);
    if (holder !== undefined && holder !== member.entityNumber && !declared.entityNumbers.has(holder))
      problem(fileOf.members, member.line, "membership_number", `Held by person ${holder} in the database.`);
  }

  // A policy's principal member has a membership number (the one on their card).
  const memberRows = new Map(rows.members.map((member) => [member.entityNumber, member]));
  for (const policy of rows.policies) {
    const principal = policy.principalEntityNumber;
    const inFile = memberRows.get(principal);
    if (!inFile && declared.entityNumbers.has(principal)) continue;
    const stored = state.people.get(principal);
    if (!inFile && !stored) continue;
    const membershipNumber = inFile
      ? inFile.profile.membershipNumber
      : (stored?.profile?.membershipNumber ?? null);
    if (membershipNumber === null)
      problem(
        fileOf.policies,
        policy.line,
        "principal_entity_number",
        "The principal member has no membership number (members.csv membership_number).",
      );
  }

  // One policy per policy number.
  const numberHolders = new Map(
    [...state.policies.values()].map((policy) => [policy.policyNumber, policy.policyId]),
  );
  for (const policy of rows.policies) {
    const holder = numberHolders.get(policy.policyNumber);
    if (
      holder !== undefined &&
      holder !== policy.policyId &&
      !declared.policyIds.has(holder) &&
      !removedPolicy(holder)
    )
      problem(fileOf.policies, policy.line, "policy_number", `Held by policy ${holder} in the database.`);
  }

  checkPolicyMembership(scope, state, problem);
  return problems;
}

/** The people on each policy the files touch, as they will be after the run. */
function checkPolicyMembership(
  scope: ImportScope,
  state: DatabaseState,
  problem: (file: string, line: number, column: string, message: string) => void,
): void {
  const { rows, declared } = scope;
  const fileDependents = new Map<number, PolicyDependentRow[]>();
  for (const dependent of rows.policyDependents) {
    const onPolicy = fileDependents.get(dependent.policyId);
    if (onPolicy) onPolicy.push(dependent);
    else fileDependents.set(dependent.policyId, [dependent]);
  }
  const listed = new Set(rows.policyDependents.map((row) => `${row.policyId}/${row.entityNumber}`));
  const keptDependents = new Map<number, StoredPolicyDependent[]>();
  if (!removesMissing(scope, "policyDependents")) {
    for (const stored of state.policyDependents) {
      if (listed.has(`${stored.policyId}/${stored.entityNumber}`)) continue;
      const kept = keptDependents.get(stored.policyId);
      if (kept) kept.push(stored);
      else keptDependents.set(stored.policyId, [stored]);
    }
  }
  const filePolicies = new Map(rows.policies.map((policy) => [policy.policyId, policy]));
  const policyIds = new Set([...filePolicies.keys(), ...fileDependents.keys()]);
  for (const policyId of policyIds) {
    const inFile = filePolicies.get(policyId);
    // A policies.csv row that is wrong itself says nothing reliable about its principal or date.
    if (!inFile && declared.policyIds.has(policyId)) continue;
    const policy = inFile ?? state.policies.get(policyId);
    const kept = keptDependents.get(policyId) ?? [];
    if (inFile && kept.some((stored) => stored.entityNumber === inFile.principalEntityNumber))
      problem(
        fileOf.policies,
        inFile.line,
        "principal_entity_number",
        `The database has this person as a dependent on policy ${policyId}.`,
      );
    for (const dependent of fileDependents.get(policyId) ?? []) {
      if (policy && dependent.entityNumber === policy.principalEntityNumber)
        problem(
          fileOf.policyDependents,
          dependent.line,
          "entity_number",
          `This person is the principal member of policy ${policyId}.`,
        );
      const sameCode = kept.find((stored) => stored.dependentCode === dependent.dependentCode);
      if (sameCode)
        problem(
          fileOf.policyDependents,
          dependent.line,
          "dependent_code",
          `Person ${sameCode.entityNumber} has this code on policy ${policyId} in the database.`,
        );
      if (policy && dependent.startDate !== null && dependent.startDate < policy.startDate)
        problem(fileOf.policyDependents, dependent.line, "start_date", "Before the policy's start date.");
    }
  }
}
