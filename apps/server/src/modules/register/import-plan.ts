import type { MemberRole } from "@portal/domain";
import type {
  DatabaseState,
  StoredContactDetails,
  StoredListRow,
  StoredPerson,
  StoredPolicy,
  StoredPolicyDependent,
  StoredRole,
} from "./database-state.js";
import { type ImportScope, removesMissing } from "./import-scope.js";
import type {
  MemberRow,
  PersonListKind,
  PlanRow,
  PolicyDependentRow,
  PolicyRow,
  RegisterRows,
} from "./register-rows.js";
import { planKey } from "./row-validation.js";

// The comparison of the files with the database: per kind, what is new (inserted), what differs
// (updated), what is the same (unchanged) and, with --remove-missing, what the files no longer
// list (removed). Rows are compared through a canonical text of what the import writes, so a
// second run of the same files finds everything unchanged.

export const COUNT_KINDS = [
  "schemes",
  "plans",
  "members",
  "policies",
  "policyDependents",
  "emergencyContacts",
  "waitingPeriods",
  "doctorAllocations",
  "roles",
] as const;
export type CountKind = (typeof COUNT_KINDS)[number];

export interface KindCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  removed: number;
}

/** One person's whole list of a kind, as the files give it. */
export interface PersonList<K extends PersonListKind> {
  entityNumber: number;
  rows: StoredListRow<K>[];
}

/** Replaced: each person's list written anew (new and changed lists alike); removed: whole lists. */
export interface PlannedList<K extends PersonListKind> {
  replace: PersonList<K>[];
  remove: PersonList<K>[];
}

export interface ImportPlan {
  counts: Record<CountKind, KindCounts>;
  schemes: { insert: { code: string; name: string }[]; update: { code: string; name: string }[] };
  plans: { insert: PlanRow[]; update: PlanRow[] };
  members: { insert: MemberRow[]; update: MemberRow[] };
  policies: { insert: PolicyRow[]; update: PolicyRow[]; remove: StoredPolicy[] };
  policyDependents: {
    insert: PolicyDependentRow[];
    update: PolicyDependentRow[];
    remove: StoredPolicyDependent[];
  };
  lists: { [K in PersonListKind]: PlannedList<K> };
  roles: { insert: StoredRole[]; remove: StoredRole[] };
}

/** Splits the files' items by whether the database has them, and has them the same. */
function compare<T>(
  items: readonly T[],
  key: (item: T) => string,
  canonicalOfItem: (item: T) => string,
  stored: ReadonlyMap<string, string>,
) {
  const insert: T[] = [];
  const update: T[] = [];
  let unchanged = 0;
  for (const item of items) {
    const existing = stored.get(key(item));
    if (existing === undefined) insert.push(item);
    else if (existing !== canonicalOfItem(item)) update.push(item);
    else unchanged += 1;
  }
  return { insert, update, unchanged };
}

const canonical = (value: unknown) => JSON.stringify(value);

function memberCanonical(
  person: Omit<MemberRow, "line" | "entityNumber" | "profile"> & { profile: MemberRow["profile"] | null },
) {
  const { profile } = person;
  return canonical([
    person.firstName,
    person.lastName,
    profile && [
      profile.title,
      profile.dateOfBirth,
      profile.gender,
      profile.identityType,
      profile.identityNumber,
      profile.membershipNumber,
    ],
    person.emails,
    person.phones.map((phone) => [phone.type, phone.number]),
    person.addresses.map((address) => [
      address.type,
      address.line1,
      address.line2,
      address.suburb,
      address.city,
      address.province,
      address.postalCode,
      address.country,
    ]),
  ]);
}

function storedMemberCanonical(person: StoredPerson, details: StoredContactDetails | undefined) {
  return memberCanonical({
    ...person,
    emails: details?.emails ?? [],
    phones: details?.phones ?? [],
    addresses: details?.addresses ?? [],
  });
}

const policyCanonical = (policy: Omit<PolicyRow, "line">) =>
  canonical([
    policy.policyNumber,
    policy.schemeCode,
    policy.planCode,
    policy.principalEntityNumber,
    policy.startDate,
  ]);
const dependentCanonical = (row: Omit<PolicyDependentRow, "line">) =>
  canonical([row.relationship, row.dependentCode, row.startDate]);
const dependentKey = (row: { policyId: number; entityNumber: number }) =>
  `${row.policyId}/${row.entityNumber}`;

const LIST_ROW_VALUES: { [K in PersonListKind]: (row: StoredListRow<K>) => unknown[] } = {
  emergencyContacts: (row) => [row.name, row.relationship, row.phoneNumber, row.email],
  waitingPeriods: (row) => [row.type, row.condition, row.startDate, row.endDate],
  doctorAllocations: (row) => [
    row.allocationType,
    row.practiceNumber,
    row.practiceName,
    row.doctorName,
    row.startDate,
    row.endDate,
  ],
};

/** Emergency contacts keep their order (the first is called first); the other lists are sets. */
function listCanonical<K extends PersonListKind>(kind: K, rows: readonly StoredListRow<K>[]): string {
  const values: (row: StoredListRow<K>) => unknown[] = LIST_ROW_VALUES[kind];
  const texts = rows.map((row) => canonical(values(row)));
  return canonical(kind === "emergencyContacts" ? texts : texts.sort());
}

function withoutLine<T extends { line: number }>({ line: _line, ...row }: T): Omit<T, "line"> {
  return row;
}

export function planImport(scope: ImportScope, state: DatabaseState): ImportPlan {
  const { rows } = scope;
  const counts = Object.fromEntries(
    COUNT_KINDS.map((kind) => [kind, { inserted: 0, updated: 0, unchanged: 0, removed: 0 }]),
  ) as Record<CountKind, KindCounts>;
  const count = (kind: CountKind, split: { insert: unknown[]; update: unknown[]; unchanged: number }) => {
    counts[kind].inserted += split.insert.length;
    counts[kind].updated += split.update.length;
    counts[kind].unchanged += split.unchanged;
  };

  // Schemes come from plans.csv: one per code, its name as the rows give it.
  const fileSchemes = new Map(rows.plans.map((plan) => [plan.schemeCode, plan.schemeName]));
  const schemes = compare(
    [...fileSchemes].map(([code, name]) => ({ code, name })),
    (scheme) => scheme.code,
    (scheme) => scheme.name,
    new Map(state.schemes.map((scheme) => [scheme.code, scheme.name])),
  );
  count("schemes", schemes);
  const planTexts = (plan: { planName: string; benefits: readonly string[] }) =>
    canonical([plan.planName, [...plan.benefits].sort()]);
  const plans = compare(
    rows.plans,
    (plan) => planKey(plan.schemeCode, plan.planCode),
    planTexts,
    new Map(state.plans.map((plan) => [planKey(plan.schemeCode, plan.planCode), planTexts(plan)])),
  );
  count("plans", plans);

  const storedMembers = new Map<string, string>();
  for (const member of rows.members) {
    const person = state.people.get(member.entityNumber);
    if (person)
      storedMembers.set(
        String(member.entityNumber),
        storedMemberCanonical(person, state.contactDetails.get(member.entityNumber)),
      );
  }
  const members = compare(
    rows.members,
    (member) => String(member.entityNumber),
    memberCanonical,
    storedMembers,
  );
  count("members", members);

  const filePolicyIds = new Set(rows.policies.map((policy) => policy.policyId));
  const policies = {
    ...compare(
      rows.policies,
      (policy) => String(policy.policyId),
      (policy) => policyCanonical(withoutLine(policy)),
      new Map(
        [...state.policies.values()].map((policy) => [String(policy.policyId), policyCanonical(policy)]),
      ),
    ),
    remove: removesMissing(scope, "policies")
      ? [...state.policies.values()].filter((policy) => !filePolicyIds.has(policy.policyId))
      : [],
  };
  count("policies", policies);
  counts.policies.removed = policies.remove.length;

  const removedPolicyIds = new Set(policies.remove.map((policy) => policy.policyId));
  const listedDependents = new Set(rows.policyDependents.map(dependentKey));
  const policyDependents = {
    ...compare(
      rows.policyDependents,
      dependentKey,
      (row) => dependentCanonical(withoutLine(row)),
      new Map(state.policyDependents.map((row) => [dependentKey(row), dependentCanonical(row)])),
    ),
    // A removed policy takes the people on it off it too (the foreign key cascades): listed as well.
    remove: state.policyDependents.filter(
      (row) =>
        removedPolicyIds.has(row.policyId) ||
        (removesMissing(scope, "policyDependents") && !listedDependents.has(dependentKey(row))),
    ),
  };
  count("policyDependents", policyDependents);
  counts.policyDependents.removed = policyDependents.remove.length;

  const lists = {
    emergencyContacts: planList(scope, state, "emergencyContacts", counts),
    waitingPeriods: planList(scope, state, "waitingPeriods", counts),
    doctorAllocations: planList(scope, state, "doctorAllocations", counts),
  };

  const roles = planRoles(scope, state);
  counts.roles.inserted = roles.insert.length;
  counts.roles.unchanged = roles.unchanged;
  counts.roles.removed = roles.remove.length;

  return {
    counts,
    schemes: { insert: schemes.insert, update: schemes.update },
    plans: { insert: plans.insert, update: plans.update },
    members: { insert: members.insert, update: members.update },
    policies: { insert: policies.insert, update: policies.update, remove: policies.remove },
    policyDependents: {
      insert: policyDependents.insert,
      update: policyDependents.update,
      remove: policyDependents.remove,
    },
    lists,
    roles: { insert: roles.insert, remove: roles.remove },
  };
}

/** A person's list is compared whole: the files' rows for a person are all their rows of the kind. */
function planList<K extends PersonListKind>(
  scope: ImportScope,
  state: DatabaseState,
  kind: K,
  counts: Record<CountKind, KindCounts>,
): PlannedList<K> {
  const fileLists = new Map<number, StoredListRow<K>[]>();
  for (const row of scope.rows[kind] as RegisterRows[K]) {
    const stored = withoutLine(row) as StoredListRow<K>;
    const list = fileLists.get(row.entityNumber);
    if (list) list.push(stored);
    else fileLists.set(row.entityNumber, [stored]);
  }
  const storedLists = state.lists[kind] as Map<number, StoredListRow<K>[]>;
  const replace: PersonList<K>[] = [];
  for (const [entityNumber, rows] of fileLists) {
    const stored = storedLists.get(entityNumber);
    if (!stored) counts[kind].inserted += 1;
    else if (listCanonical(kind, stored) !== listCanonical(kind, rows)) counts[kind].updated += 1;
    else {
      counts[kind].unchanged += 1;
      continue;
    }
    replace.push({ entityNumber, rows });
  }
  const remove: PersonList<K>[] = [];
  if (removesMissing(scope, kind)) {
    for (const [entityNumber, rows] of storedLists) {
      if (!fileLists.has(entityNumber)) remove.push({ entityNumber, rows });
    }
  }
  counts[kind].removed = remove.length;
  return { replace, remove };
}

/**
 * Staff roles as staff_roles.csv lists them; and MEMBER for each policy's principal member, as the
 * demo members and a member's own registration have it. MEMBER is never removed here: it goes
 * with a member's log-in, which the import does not manage.
 */
function planRoles(scope: ImportScope, state: DatabaseState) {
  const roleKey = (row: { entityNumber: number; role: MemberRole }) => `${row.entityNumber}/${row.role}`;
  const storedStaff = new Set(state.staffRoles.map(roleKey));
  const insert: StoredRole[] = [];
  let unchanged = 0;
  for (const row of scope.rows.staffRoles) {
    if (storedStaff.has(roleKey(row))) unchanged += 1;
    else insert.push({ entityNumber: row.entityNumber, role: row.role });
  }
  const principals = new Set(scope.rows.policies.map((policy) => policy.principalEntityNumber));
  for (const entityNumber of principals) {
    if (state.memberRoleHolders.has(entityNumber)) unchanged += 1;
    else insert.push({ entityNumber, role: "MEMBER" });
  }
  const listed = new Set(scope.rows.staffRoles.map(roleKey));
  const remove = removesMissing(scope, "staffRoles")
    ? state.staffRoles.filter((row) => !listed.has(roleKey(row)))
    : [];
  return { insert, unchanged, remove };
}
