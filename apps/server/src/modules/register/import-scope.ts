import type { RegisterKind } from "./register-files.js";
import type { RegisterRows } from "./register-rows.js";
import type { DeclaredKeys } from "./row-validation.js";

// What one run is about: the checked rows, which files were there, and whether the operator asked
// for what the files no longer list to be removed.

export interface ImportScope {
  rows: RegisterRows;
  declared: DeclaredKeys;
  present: ReadonlySet<RegisterKind>;
  removeMissing: boolean;
}

/**
 * Whether rows of the kind the files do not list are removed: only with --remove-missing, and only
 * for a kind whose file is in the folder (a file left out is "nothing of that kind in this run",
 * never "remove all of them").
 */
export function removesMissing(scope: ImportScope, kind: RegisterKind): boolean {
  return scope.removeMissing && scope.present.has(kind);
}

/** Every entity number the files name, in any file. */
export function namedEntityNumbers(rows: RegisterRows): number[] {
  const named = new Set<number>();
  for (const member of rows.members) named.add(member.entityNumber);
  for (const policy of rows.policies) named.add(policy.principalEntityNumber);
  for (const list of [
    rows.policyDependents,
    rows.emergencyContacts,
    rows.waitingPeriods,
    rows.doctorAllocations,
    rows.staffRoles,
  ]) {
    for (const row of list) named.add(row.entityNumber);
  }
  return [...named];
}

/** The policies the files name: in policies.csv or as a dependent's policy. */
export function namedPolicyIds(rows: RegisterRows): number[] {
  return [
    ...new Set([
      ...rows.policies.map((policy) => policy.policyId),
      ...rows.policyDependents.map((row) => row.policyId),
    ]),
  ];
}

export const unique = <T>(values: Iterable<T>): T[] => [...new Set(values)];
