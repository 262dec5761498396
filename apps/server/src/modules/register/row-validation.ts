import type { CsvRecord, RegisterFile } from "./csv-reading.js";
import type { Problem } from "./problems.js";
import type { RegisterKind } from "./register-files.js";
import type { RegisterRows } from "./register-rows.js";
import {
  doctorAllocationSchema,
  emergencyContactSchema,
  memberSchema,
  planSchema,
  policyDependentSchema,
  policySchema,
  type RowIssue,
  registerErrorMap,
  staffRoleSchema,
  waitingPeriodSchema,
} from "./row-schemas.js";

// Every record of every file against its row schema: all problems collected, the valid rows kept.

const SCHEMAS = {
  plans: planSchema,
  members: memberSchema,
  policies: policySchema,
  policyDependents: policyDependentSchema,
  emergencyContacts: emergencyContactSchema,
  waitingPeriods: waitingPeriodSchema,
  doctorAllocations: doctorAllocationSchema,
  staffRoles: staffRoleSchema,
} as const;

/**
 * The keys the files name, valid rows or not: a row that is wrong in one column still says which
 * policy or person it is, so other files referring to it are not reported as well.
 */
export interface DeclaredKeys {
  entityNumbers: Set<number>;
  policyIds: Set<number>;
  /** `${schemeCode}/${planCode}` */
  plans: Set<string>;
  /** Kinds whose file could not be read at all: nothing referring to them is reported missing. */
  unreadable: Set<RegisterKind>;
}

export interface CheckedRows {
  rows: RegisterRows;
  declared: DeclaredKeys;
  /** Kinds whose file is in the folder (read or not): only those are compared, or removed from. */
  present: Set<RegisterKind>;
}

export const planKey = (schemeCode: string, planCode: string) => `${schemeCode}/${planCode}`;

interface GenericSchema {
  columns: Record<string, { safeParse(value: string, params: object): ParseOutcome }>;
  rules: readonly { uses: readonly string[]; check(values: never): RowIssue[] }[];
  build(values: never, line: number): unknown;
}
type ParseOutcome =
  | { success: true; data: unknown }
  | { success: false; error: { issues: { code: string; path: PropertyKey[]; message: string }[] } };

/** One record: its row when every column and rule holds; its valid columns' values either way. */
function checkRecord(schema: GenericSchema, record: CsvRecord) {
  const values: Record<string, unknown> = {};
  const issues: RowIssue[] = [];
  for (const [column, columnSchema] of Object.entries(schema.columns)) {
    const parsed = columnSchema.safeParse((record.values[column] ?? "").trim(), { error: registerErrorMap });
    if (parsed.success) {
      values[column] = parsed.data;
      continue;
    }
    // A value failing a shape check and the rule behind it (a date not written yyyy-MM-dd is no real
    // day either) is told in the rule's own words, once.
    const ruled = parsed.error.issues.filter((issue) => issue.code === "custom");
    const messages = new Set<string>();
    for (const issue of ruled.length > 0 ? ruled : parsed.error.issues) {
      // A list column's issue names the item: "emails" item 2.
      const item = issue.path.find((part) => typeof part === "number");
      messages.add(item === undefined ? issue.message : `Item ${item + 1}: ${issue.message}`);
    }
    for (const message of messages) issues.push({ column, message });
  }
  for (const rule of schema.rules) {
    if (rule.uses.every((column) => column in values)) issues.push(...rule.check(values as never));
  }
  return {
    values,
    row: issues.length === 0 ? schema.build(values as never, record.line) : undefined,
    issues,
  };
}

/** Checks every record; `onRecords` is told how many were checked as it goes (the progress bar). */
export function checkRows(
  files: readonly RegisterFile[],
  problems: Problem[],
  onRecords: (count: number) => void = () => undefined,
): CheckedRows {
  const rows: RegisterRows = {
    plans: [],
    members: [],
    policies: [],
    policyDependents: [],
    emergencyContacts: [],
    waitingPeriods: [],
    doctorAllocations: [],
    staffRoles: [],
  };
  const declared: DeclaredKeys = {
    entityNumbers: new Set(),
    policyIds: new Set(),
    plans: new Set(),
    unreadable: new Set(),
  };
  const present = new Set<RegisterKind>();
  for (const file of files) {
    present.add(file.kind);
    if (!file.readable) declared.unreadable.add(file.kind);
    const schema = SCHEMAS[file.kind] as unknown as GenericSchema;
    const kept = rows[file.kind] as unknown[];
    for (const record of file.records) {
      const { values, row, issues } = checkRecord(schema, record);
      for (const issue of issues) problems.push({ file: file.fileName, line: record.line, ...issue });
      if (row) kept.push(row);
      declare(file.kind, values, declared);
    }
    onRecords(file.records.length);
  }
  return { rows, declared, present };
}

function declare(kind: RegisterKind, values: Record<string, unknown>, declared: DeclaredKeys): void {
  if (kind === "members" && typeof values.entity_number === "number")
    declared.entityNumbers.add(values.entity_number);
  if (kind === "policies" && typeof values.policy_id === "number") declared.policyIds.add(values.policy_id);
  if (kind === "plans" && typeof values.scheme_code === "string" && typeof values.plan_code === "string")
    declared.plans.add(planKey(values.scheme_code, values.plan_code));
}
