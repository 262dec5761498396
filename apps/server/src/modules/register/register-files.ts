// The files of a register import (docs/register-import.md): one CSV file per kind, each with a
// header row naming its columns. The order here is the order they are read, checked and written:
// a kind only refers to kinds before it.

export const REGISTER_FILES = {
  plans: {
    fileName: "plans.csv",
    required: ["scheme_code", "scheme_name", "plan_code", "plan_name"],
    optional: ["benefits"],
  },
  members: {
    fileName: "members.csv",
    required: ["entity_number", "first_name", "last_name"],
    optional: [
      "membership_number",
      "title",
      "date_of_birth",
      "gender",
      "identity_type",
      "identity_number",
      "emails",
      "mobile_phone",
      "home_phone",
      "work_phone",
      "postal_line1",
      "postal_line2",
      "postal_suburb",
      "postal_city",
      "postal_province",
      "postal_postal_code",
      "postal_country",
      "residential_line1",
      "residential_line2",
      "residential_suburb",
      "residential_city",
      "residential_province",
      "residential_postal_code",
      "residential_country",
    ],
  },
  policies: {
    fileName: "policies.csv",
    required: [
      "policy_id",
      "policy_number",
      "scheme_code",
      "plan_code",
      "principal_entity_number",
      "start_date",
    ],
    optional: [],
  },
  policyDependents: {
    fileName: "policy_dependents.csv",
    required: ["policy_id", "entity_number", "relationship", "dependent_code"],
    optional: ["start_date"],
  },
  emergencyContacts: {
    fileName: "emergency_contacts.csv",
    required: ["entity_number", "name", "relationship", "phone_number"],
    optional: ["email"],
  },
  waitingPeriods: {
    fileName: "waiting_periods.csv",
    required: ["entity_number", "type", "start_date", "end_date"],
    optional: ["condition"],
  },
  doctorAllocations: {
    fileName: "doctor_allocations.csv",
    required: [
      "entity_number",
      "allocation_type",
      "practice_number",
      "practice_name",
      "doctor_name",
      "start_date",
    ],
    optional: ["end_date"],
  },
  staffRoles: {
    fileName: "staff_roles.csv",
    required: ["entity_number", "role"],
    optional: [],
  },
} as const;

export type RegisterKind = keyof typeof REGISTER_FILES;
export const REGISTER_KINDS = Object.keys(REGISTER_FILES) as RegisterKind[];

/** Every column of the kind's file, required or not. */
export type ColumnOf<K extends RegisterKind> =
  | (typeof REGISTER_FILES)[K]["required"][number]
  | (typeof REGISTER_FILES)[K]["optional"][number];

export function columnsOf(kind: RegisterKind): readonly string[] {
  const file = REGISTER_FILES[kind];
  return [...file.required, ...file.optional];
}

export function kindOfFile(fileName: string): RegisterKind | undefined {
  return REGISTER_KINDS.find((kind) => REGISTER_FILES[kind].fileName === fileName);
}
