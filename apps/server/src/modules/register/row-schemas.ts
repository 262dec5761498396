import {
  type Address,
  addressInputSchema,
  CALENDAR_DATE_PATTERN,
  CONTACT_DETAILS_LIMITS,
  DEPENDENT_RELATIONSHIPS,
  DOCTOR_ALLOCATION_TYPES,
  emailListSchema,
  emailSchema,
  GENDERS,
  IDENTITY_TYPES,
  isCalendarDay,
  MAX_INT,
  type MemberRole,
  membershipNumberSchema,
  type PhoneNumber,
  POLICY_BENEFITS,
  phoneNumberInputSchema,
  policyQuerySchema,
  STAFF_ROLES,
  WAITING_PERIOD_TYPES,
} from "@portal/domain";
import { z } from "zod";
import type { ColumnOf, RegisterKind } from "./register-files.js";
import type {
  DoctorAllocationRow,
  EmergencyContactRow,
  MemberRow,
  PlanRow,
  PolicyDependentRow,
  PolicyRow,
  StaffRoleRow,
  WaitingPeriodRow,
} from "./register-rows.js";

// What each column of each file must hold, built from the domain's own schemas and values (the
// same rules as the portal's forms and the database's checks), and the rules across the columns of
// one row. Rules across rows and files are in file-checks.ts and reference-checks.ts.

/** A column's schema: from the column's text (trimmed) to its value. */
type ColumnSchema = z.ZodType<unknown, string>;
type ColumnSchemas<K extends RegisterKind> = Record<ColumnOf<K>, ColumnSchema>;
type Parsed<S extends Record<string, ColumnSchema>> = { [C in keyof S]: z.output<S[C]> };

export interface RowIssue {
  column: string;
  message: string;
}

/** A rule across columns of one row: runs only when every column it uses is valid on its own. */
interface RowRule<S extends Record<string, ColumnSchema>> {
  uses: readonly (keyof S & string)[];
  check(values: Parsed<S>): RowIssue[];
}

export interface RowSchema<S extends Record<string, ColumnSchema>, R> {
  columns: S;
  rules: readonly RowRule<S>[];
  build(values: Parsed<S>, line: number): R;
}

/** A row schema for the kind's file: one schema per column of the file, no more, no fewer. */
function rowSchema<K extends RegisterKind>() {
  return <S extends ColumnSchemas<K> & Record<Exclude<keyof S, ColumnOf<K>>, never>, R>(
    schema: RowSchema<S, R>,
  ) => schema;
}

const REQUIRED = "Required.";
const whenGiven = (value: string) => (value === "" ? null : value);

/** A column that must have a value. */
function required<T extends ColumnSchema>(schema: T) {
  return z.string().min(1, REQUIRED).pipe(schema);
}

/** A column that may be empty: empty reads as null. */
function optional<T extends ColumnSchema>(schema: T) {
  return z.string().transform(whenGiven).pipe(schema.nullable());
}

/** A ;-separated list; empty reads as none. */
function list<T extends z.ZodType<unknown[], string[]>>(schema: T) {
  return z
    .string()
    .transform((value) =>
      value
        .split(";")
        .map((item) => item.trim())
        .filter((item) => item !== ""),
    )
    .pipe(schema);
}

function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `Expected one of ${values.join(", ")}.` });
}

/** An entity number or policy id: a whole number PostgreSQL's integer holds. */
const wholeNumber = z
  .string()
  .regex(/^\d{1,10}$/, "Expected a whole number.")
  .pipe(z.coerce.number<string>().int().min(1).max(MAX_INT));
const text = z.string().max(CONTACT_DETAILS_LIMITS.fieldLength);
const code = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, "Expected 1 to 32 letters, digits, hyphens or underscores.");
/** A date: first how it is written, then whether the calendar has that day (no 2014-02-30). */
const date = z
  .string()
  .regex(CALENDAR_DATE_PATTERN, { error: "Expected a date written yyyy-MM-dd.", abort: true })
  .refine(isCalendarDay, "Not a day of the calendar.");
/** Two digits; "00" is the principal member's own (PRINCIPAL_DEPENDENT_CODE), so dependents start at "01". */
const dependentCode = z.string().regex(/^(0[1-9]|[1-9][0-9])$/, "Expected two digits from 01 to 99.");
const phone = phoneNumberInputSchema.shape.number;
const staffRole = z
  .string()
  .refine((role) => STAFF_ROLES.some((staff) => staff === role), `Expected one of ${STAFF_ROLES.join(", ")}.`)
  .transform((role) => role as MemberRole);
const practiceNumber = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,20}$/, "Expected 1 to 20 letters, digits or hyphens.");

/** ID numbers are 13 digits; passport numbers 5 to 20 letters or digits. Never quoted back. */
const IDENTITY_NUMBER_PATTERNS = {
  ID: { pattern: /^\d{13}$/, rule: "An ID number is 13 digits." },
  PASSPORT: { pattern: /^[A-Za-z0-9]{5,20}$/, rule: "A passport number is 5 to 20 letters or digits." },
} as const;

function datesOrdered(start: string | null, end: string | null, endColumn: string): RowIssue[] {
  return start !== null && end !== null && end < start
    ? [{ column: endColumn, message: "Before the start date." }]
    : [];
}

export const planSchema = rowSchema<"plans">()({
  columns: {
    scheme_code: required(code),
    scheme_name: required(text),
    plan_code: required(code),
    plan_name: required(text),
    benefits: list(
      z
        .array(oneOf(POLICY_BENEFITS))
        .refine((benefits) => new Set(benefits).size === benefits.length, "A benefit is named twice."),
    ),
  },
  rules: [],
  build: (values, line): PlanRow => ({
    line,
    schemeCode: values.scheme_code,
    schemeName: values.scheme_name,
    planCode: values.plan_code,
    planName: values.plan_name,
    benefits: values.benefits,
  }),
});

const ADDRESS_FIELDS = {
  line1: "line1",
  line2: "line2",
  suburb: "suburb",
  city: "city",
  province: "province",
  postalCode: "postal_code",
  country: "country",
} as const;
const ADDRESS_PREFIXES = { POSTAL: "postal", RESIDENTIAL: "residential" } as const;
type AddressColumn =
  `${(typeof ADDRESS_PREFIXES)[keyof typeof ADDRESS_PREFIXES]}_${(typeof ADDRESS_FIELDS)[keyof typeof ADDRESS_FIELDS]}`;
type AddressField = keyof typeof ADDRESS_FIELDS;
const addressColumn = (prefix: string, field: AddressField) =>
  `${prefix}_${ADDRESS_FIELDS[field]}` as AddressColumn;
/** Per address type: each field of the address and the column holding it. */
const ADDRESS_COLUMNS = Object.fromEntries(
  Object.entries(ADDRESS_PREFIXES).map(([type, prefix]) => [
    type,
    (Object.keys(ADDRESS_FIELDS) as AddressField[]).map(
      (field) => [field, addressColumn(prefix, field)] as const,
    ),
  ]),
) as Record<Address["type"], (readonly [AddressField, AddressColumn])[]>;

type MemberValues = Record<AddressColumn, string>;

/** The address of that type when any of its columns is given, checked as the portal checks one. */
function readAddress(values: MemberValues, type: Address["type"]) {
  const given: Partial<Record<AddressField, string>> = {};
  let anyGiven = false;
  for (const [field, column] of ADDRESS_COLUMNS[type]) {
    given[field] = values[column];
    if (values[column] !== "") anyGiven = true;
  }
  if (!anyGiven) return { address: null, issues: [] };
  const parsed = addressInputSchema.safeParse({ type, ...given }, { error: registerErrorMap });
  if (parsed.success) return { address: parsed.data, issues: [] };
  const prefix = ADDRESS_PREFIXES[type];
  const issues = parsed.error.issues.map((issue) => {
    const field = issue.path[0] as AddressField;
    return {
      column: addressColumn(prefix, field),
      message: given[field] === "" ? `Required when any ${prefix}_ column is given.` : issue.message,
    };
  });
  return { address: null, issues };
}

const addressesRead = new WeakMap<MemberValues, { addresses: Address[]; issues: RowIssue[] }>();

/** Both addresses of a row, read once: the rule and the row's build both ask for them. */
function readAddresses(values: MemberValues) {
  let read = addressesRead.get(values);
  if (!read) {
    const postal = readAddress(values, "POSTAL");
    const residential = readAddress(values, "RESIDENTIAL");
    read = {
      addresses: [postal.address, residential.address].filter((address) => address !== null),
      issues: [...postal.issues, ...residential.issues],
    };
    addressesRead.set(values, read);
  }
  return read;
}

const addressColumns = Object.fromEntries(
  Object.values(ADDRESS_PREFIXES).flatMap((prefix) =>
    Object.values(ADDRESS_FIELDS).map((field) => [`${prefix}_${field}`, z.string()]),
  ),
) as Record<AddressColumn, z.ZodString>;

export const memberSchema = rowSchema<"members">()({
  columns: {
    entity_number: required(wholeNumber),
    membership_number: optional(membershipNumberSchema),
    title: optional(z.string().max(20)),
    first_name: required(text),
    last_name: required(text),
    date_of_birth: optional(date),
    gender: optional(oneOf(GENDERS)),
    identity_type: optional(oneOf(IDENTITY_TYPES)),
    identity_number: optional(z.string()),
    emails: list(emailListSchema),
    mobile_phone: optional(phone),
    home_phone: optional(phone),
    work_phone: optional(phone),
    ...addressColumns,
  },
  rules: [
    {
      uses: ["identity_type", "identity_number"],
      check: ({ identity_type: type, identity_number: number }) => {
        if (type === null && number === null) return [];
        if (type === null) return [{ column: "identity_type", message: "Required with an identity_number." }];
        if (number === null)
          return [{ column: "identity_number", message: "Required with an identity_type." }];
        const { pattern, rule } = IDENTITY_NUMBER_PATTERNS[type];
        return pattern.test(number) ? [] : [{ column: "identity_number", message: rule }];
      },
    },
    {
      uses: Object.keys(addressColumns) as AddressColumn[],
      check: (values) => readAddresses(values).issues,
    },
  ],
  build: (values, line): MemberRow => {
    const phones: PhoneNumber[] = [];
    if (values.mobile_phone !== null) phones.push({ type: "MOBILE", number: values.mobile_phone });
    if (values.home_phone !== null) phones.push({ type: "HOME", number: values.home_phone });
    if (values.work_phone !== null) phones.push({ type: "WORK", number: values.work_phone });
    const { addresses } = readAddresses(values);
    return {
      line,
      entityNumber: values.entity_number,
      firstName: values.first_name,
      lastName: values.last_name,
      profile: {
        title: values.title,
        dateOfBirth: values.date_of_birth,
        gender: values.gender,
        identityType: values.identity_type,
        identityNumber: values.identity_number,
        membershipNumber: values.membership_number,
      },
      emails: values.emails,
      phones,
      addresses,
    };
  },
});

export const policySchema = rowSchema<"policies">()({
  columns: {
    policy_id: required(wholeNumber),
    policy_number: required(policyQuerySchema.shape.policyIdentifier),
    scheme_code: required(code),
    plan_code: required(code),
    principal_entity_number: required(wholeNumber),
    start_date: required(date),
  },
  rules: [],
  build: (values, line): PolicyRow => ({
    line,
    policyId: values.policy_id,
    policyNumber: values.policy_number,
    schemeCode: values.scheme_code,
    planCode: values.plan_code,
    principalEntityNumber: values.principal_entity_number,
    startDate: values.start_date,
  }),
});

export const policyDependentSchema = rowSchema<"policyDependents">()({
  columns: {
    policy_id: required(wholeNumber),
    entity_number: required(wholeNumber),
    relationship: required(oneOf(DEPENDENT_RELATIONSHIPS)),
    dependent_code: required(dependentCode),
    start_date: optional(date),
  },
  rules: [],
  build: (values, line): PolicyDependentRow => ({
    line,
    policyId: values.policy_id,
    entityNumber: values.entity_number,
    relationship: values.relationship,
    dependentCode: values.dependent_code,
    startDate: values.start_date,
  }),
});

export const emergencyContactSchema = rowSchema<"emergencyContacts">()({
  columns: {
    entity_number: required(wholeNumber),
    name: required(text),
    relationship: required(text),
    phone_number: required(phone),
    email: optional(emailSchema),
  },
  rules: [],
  build: (values, line): EmergencyContactRow => ({
    line,
    entityNumber: values.entity_number,
    name: values.name,
    relationship: values.relationship,
    phoneNumber: values.phone_number,
    email: values.email,
  }),
});

export const waitingPeriodSchema = rowSchema<"waitingPeriods">()({
  columns: {
    entity_number: required(wholeNumber),
    type: required(oneOf(WAITING_PERIOD_TYPES)),
    condition: optional(text),
    start_date: required(date),
    end_date: required(date),
  },
  rules: [
    {
      // As the table's check constraint: a condition-specific period names its condition, a general one none.
      uses: ["type", "condition"],
      check: ({ type, condition }) => {
        if (type === "CONDITION_SPECIFIC" && condition === null)
          return [{ column: "condition", message: "Required for a CONDITION_SPECIFIC waiting period." }];
        if (type === "GENERAL" && condition !== null)
          return [{ column: "condition", message: "Must be empty for a GENERAL waiting period." }];
        return [];
      },
    },
    {
      uses: ["start_date", "end_date"],
      check: ({ start_date, end_date }) => datesOrdered(start_date, end_date, "end_date"),
    },
  ],
  build: (values, line): WaitingPeriodRow => ({
    line,
    entityNumber: values.entity_number,
    type: values.type,
    condition: values.condition,
    startDate: values.start_date,
    endDate: values.end_date,
  }),
});

export const doctorAllocationSchema = rowSchema<"doctorAllocations">()({
  columns: {
    entity_number: required(wholeNumber),
    allocation_type: required(oneOf(DOCTOR_ALLOCATION_TYPES)),
    practice_number: required(practiceNumber),
    practice_name: required(text),
    doctor_name: required(text),
    start_date: required(date),
    end_date: optional(date),
  },
  rules: [
    {
      uses: ["start_date", "end_date"],
      check: ({ start_date, end_date }) => datesOrdered(start_date, end_date, "end_date"),
    },
  ],
  build: (values, line): DoctorAllocationRow => ({
    line,
    entityNumber: values.entity_number,
    allocationType: values.allocation_type,
    practiceNumber: values.practice_number,
    practiceName: values.practice_name,
    doctorName: values.doctor_name,
    startDate: values.start_date,
    endDate: values.end_date,
  }),
});

export const staffRoleSchema = rowSchema<"staffRoles">()({
  columns: {
    entity_number: required(wholeNumber),
    role: required(staffRole),
  },
  rules: [],
  build: (values, line): StaffRoleRow => ({ line, entityNumber: values.entity_number, role: values.role }),
});

/**
 * Characters no value of any column may hold, anywhere in it (around it too): the control
 * characters (C0, DEL and C1: NUL, which PostgreSQL's text cannot hold, tab, line breaks, the
 * escape that starts a terminal's commands) and the bidirectional controls (U+061C, U+200E,
 * U+200F, U+202A–U+202E, U+2066–U+2069), which reorder what the console and the screens show: a
 * name written backwards with U+202E reads as another. No column is several lines long or laid
 * out with tabs, so none has a use for either.
 */
const REFUSED_CHARACTER = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const REFUSED_CHARACTERS = new RegExp(REFUSED_CHARACTER.source, "gu");
const CONTROL_CHARACTER = /\p{Cc}/u;

const codeOf = (character: string) =>
  `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;

/** Which character of the value (counted from 1) is refused, and why; undefined for a value without one. */
export function refusedCharacter(value: string): string | undefined {
  if (!REFUSED_CHARACTER.test(value)) return undefined;
  let position = 0;
  for (const character of value) {
    position += 1;
    if (!REFUSED_CHARACTER.test(character)) continue;
    const kind = CONTROL_CHARACTER.test(character) ? "a control character" : "a bidirectional control";
    return `Character ${position} is ${kind} (${codeOf(character)}); no value may hold one.`;
  }
  return undefined;
}

/**
 * A name the report repeats from the folder (a file's, an unknown column's) with each of those
 * characters written as its code (<U+202E>), so that the report shows what is there and the
 * terminal obeys none of it.
 */
export function showRefusedCharacters(name: string): string {
  return name.replace(REFUSED_CHARACTERS, (character) => `<${codeOf(character)}>`);
}

/**
 * Words for the domain schemas' issues that carry no message of their own (those written for the
 * portal's forms keep theirs). Never the value itself.
 */
export const registerErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "too_small":
      if (issue.origin === "string")
        return issue.minimum === 1 ? REQUIRED : `At least ${issue.minimum} characters.`;
      if (issue.origin === "number")
        return issue.inclusive ? `At least ${issue.minimum}.` : `Must be more than ${issue.minimum}.`;
      return `At least ${issue.minimum} values.`;
    case "too_big":
      if (issue.origin === "string") return `At most ${issue.maximum} characters.`;
      if (issue.origin === "number") return `At most ${issue.maximum}.`;
      return `At most ${issue.maximum} values.`;
    case "invalid_value":
      return `Expected one of ${issue.values.map(String).join(", ")}.`;
    case "invalid_format":
      return "Not in the expected format.";
    default:
      return undefined;
  }
};
