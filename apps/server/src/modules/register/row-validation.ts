import { z } from "zod";
import type { CsvRecord } from "./csv-reading.js";
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
  refusedCharacter,
  registerErrorMap,
  staffRoleSchema,
  waitingPeriodSchema,
} from "./row-schemas.js";

// Every record of every file against its row schema, as the files are read: all problems
// collected, the valid rows kept.

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

/** The row schemas seen without their kinds' types, as the checker runs them. */
interface AnyRowSchema {
  columns: Record<string, z.ZodType>;
  rules: readonly { uses: readonly string[]; check(values: never): RowIssue[] }[];
  build(values: never, line: number): unknown;
}

interface CompiledSchema extends AnyRowSchema {
  /** Every column at once: one parse for a valid row, the usual case. */
  wholeRow: z.ZodObject<Record<string, z.ZodType>>;
}

const COMPILED = Object.fromEntries(
  Object.entries(SCHEMAS).map(([kind, schema]) => {
    const columns = schema.columns as Record<string, z.ZodType>;
    return [kind, { ...(schema as unknown as AnyRowSchema), columns, wholeRow: z.object(columns) }];
  }),
) as Record<RegisterKind, CompiledSchema>;

/** The issues of one column's value, said once each in the rule's own words. */
function columnIssues(column: string, issues: readonly z.core.$ZodIssue[]): RowIssue[] {
  // A value failing a shape check and the rule behind it (a phone number longer than 25 characters
  // is no valid phone number either) is told in the rule's own words.
  const ruled = issues.filter((issue) => issue.code === "custom");
  const messages = new Set<string>();
  for (const issue of ruled.length > 0 ? ruled : issues) {
    // A list column's issue names the item: "emails" item 2.
    const item = issue.path.find((part) => typeof part === "number");
    messages.add(item === undefined ? issue.message : `Item ${item + 1}: ${issue.message}`);
  }
  return [...messages].map((message) => ({ column, message }));
}

/** One record: its row when every column and rule holds; its valid columns' values either way. */
function checkRecord(schema: CompiledSchema, record: CsvRecord) {
  const text: Record<string, string> = {};
  /** Columns holding a character no value may hold (row-schemas.ts), with the reason. */
  let refused: Map<string, string> | undefined;
  for (const column of Object.keys(schema.columns)) {
    const value = record.values[column] ?? "";
    // As written (not trimmed), so the position counts as the file does.
    const reason = refusedCharacter(value);
    if (reason !== undefined) {
      refused ??= new Map();
      refused.set(column, reason);
    }
    text[column] = value.trim();
  }
  const whole = refused ? undefined : schema.wholeRow.safeParse(text, { error: registerErrorMap });
  let values: Record<string, unknown>;
  const issues: RowIssue[] = [];
  if (whole?.success) values = whole.data;
  else {
    // Column by column, to say what is wrong with each and keep the values that are right.
    values = {};
    for (const [column, columnSchema] of Object.entries(schema.columns)) {
      const reason = refused?.get(column);
      if (reason !== undefined) {
        issues.push({ column, message: reason });
        continue;
      }
      const parsed = columnSchema.safeParse(text[column], { error: registerErrorMap });
      if (parsed.success) values[column] = parsed.data;
      else issues.push(...columnIssues(column, parsed.error.issues));
    }
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

/** Checks records one at a time as the files are read, keeping the valid rows and the declared keys. */
export class RowChecker {
  readonly rows: RegisterRows = {
    plans: [],
    members: [],
    policies: [],
    policyDependents: [],
    emergencyContacts: [],
    waitingPeriods: [],
    doctorAllocations: [],
    staffRoles: [],
  };
  readonly declared: DeclaredKeys = {
    entityNumbers: new Set(),
    policyIds: new Set(),
    plans: new Set(),
    unreadable: new Set(),
  };
  readonly present = new Set<RegisterKind>();

  constructor(private readonly problems: Problem[]) {}

  check(file: { kind: RegisterKind; fileName: string }, record: CsvRecord): void {
    const { values, row, issues } = checkRecord(COMPILED[file.kind], record);
    for (const issue of issues) this.problems.push({ file: file.fileName, line: record.line, ...issue });
    if (row) (this.rows[file.kind] as unknown[]).push(row);
    declare(file.kind, values, this.declared);
  }

  /** A file read to its end (or as far as it could be read). */
  fileRead(file: { kind: RegisterKind; readable: boolean }): void {
    this.present.add(file.kind);
    if (!file.readable) this.declared.unreadable.add(file.kind);
  }

  result(): CheckedRows {
    return { rows: this.rows, declared: this.declared, present: this.present };
  }
}

function declare(kind: RegisterKind, values: Record<string, unknown>, declared: DeclaredKeys): void {
  if (kind === "members" && typeof values.entity_number === "number")
    declared.entityNumbers.add(values.entity_number);
  if (kind === "policies" && typeof values.policy_id === "number") declared.policyIds.add(values.policy_id);
  if (kind === "plans" && typeof values.scheme_code === "string" && typeof values.plan_code === "string")
    declared.plans.add(planKey(values.scheme_code, values.plan_code));
}
