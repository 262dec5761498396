import type { Problem } from "./problems.js";
import { REGISTER_FILES } from "./register-files.js";
import type { Located, RegisterRows } from "./register-rows.js";
import { planKey } from "./row-validation.js";

// Rules across the rows of the files themselves, before the database is asked: a natural key
// given twice, a scheme named two ways, the same row listed twice for a person.

/** Reports every row whose key an earlier row of the same file already has. */
function duplicates<T extends Located>(
  rows: readonly T[],
  key: (row: T) => string | null,
  report: (row: T, firstLine: number) => Problem,
  problems: Problem[],
): void {
  const firstLines = new Map<string, number>();
  for (const row of rows) {
    const value = key(row);
    if (value === null) continue;
    const firstLine = firstLines.get(value);
    if (firstLine === undefined) firstLines.set(value, row.line);
    else problems.push(report(row, firstLine));
  }
}

const at = (file: string, line: number, column: string, message: string): Problem => ({
  file,
  line,
  column,
  message,
});

export function checkAcrossRows(rows: RegisterRows, problems: Problem[]): void {
  const plansFile = REGISTER_FILES.plans.fileName;
  duplicates(
    rows.plans,
    (plan) => planKey(plan.schemeCode, plan.planCode),
    (plan, first) => at(plansFile, plan.line, "plan_code", `This scheme's plan is already on line ${first}.`),
    problems,
  );
  const schemeNames = new Map<string, { name: string; line: number }>();
  for (const plan of rows.plans) {
    const first = schemeNames.get(plan.schemeCode);
    if (!first) schemeNames.set(plan.schemeCode, { name: plan.schemeName, line: plan.line });
    else if (first.name !== plan.schemeName)
      problems.push(
        at(plansFile, plan.line, "scheme_name", `Line ${first.line} names this scheme differently.`),
      );
  }

  const membersFile = REGISTER_FILES.members.fileName;
  duplicates(
    rows.members,
    (member) => String(member.entityNumber),
    (member, first) =>
      at(
        membersFile,
        member.line,
        "entity_number",
        `Entity number ${member.entityNumber} is already on line ${first}.`,
      ),
    problems,
  );
  duplicates(
    rows.members,
    (member) => member.profile.membershipNumber,
    (member, first) => at(membersFile, member.line, "membership_number", `Already given to line ${first}.`),
    problems,
  );

  const policiesFile = REGISTER_FILES.policies.fileName;
  duplicates(
    rows.policies,
    (policy) => String(policy.policyId),
    (policy, first) =>
      at(policiesFile, policy.line, "policy_id", `Policy ${policy.policyId} is already on line ${first}.`),
    problems,
  );
  duplicates(
    rows.policies,
    (policy) => policy.policyNumber,
    (policy, first) => at(policiesFile, policy.line, "policy_number", `Already given to line ${first}.`),
    problems,
  );

  const dependentsFile = REGISTER_FILES.policyDependents.fileName;
  duplicates(
    rows.policyDependents,
    (dependent) => `${dependent.policyId}/${dependent.entityNumber}`,
    (dependent, first) =>
      at(
        dependentsFile,
        dependent.line,
        "entity_number",
        `This person is already on this policy on line ${first}.`,
      ),
    problems,
  );
  duplicates(
    rows.policyDependents,
    (dependent) => `${dependent.policyId}/${dependent.dependentCode}`,
    (dependent, first) =>
      at(dependentsFile, dependent.line, "dependent_code", `Line ${first} has this code on this policy.`),
    problems,
  );

  // A person's list is a set: the same row twice is a mistake in the export, not two rows.
  const lists = [
    ["emergencyContacts", rows.emergencyContacts],
    ["waitingPeriods", rows.waitingPeriods],
    ["doctorAllocations", rows.doctorAllocations],
    ["staffRoles", rows.staffRoles],
  ] as const;
  for (const [kind, listRows] of lists) {
    duplicates<Located & { entityNumber: number }>(
      listRows,
      ({ line: _line, ...row }) => JSON.stringify(row),
      (row, first) =>
        at(REGISTER_FILES[kind].fileName, row.line, "entity_number", `The same row as line ${first}.`),
      problems,
    );
  }
}
