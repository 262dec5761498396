import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { bytea, createdAt } from "./columns.js";
import { members } from "./members.js";

// The tables modules/member-details owns: it alone writes them (modules/table-ownership.test.ts).
// Rows about a person are keyed by that person's entity number; reads are scoped by the access
// plugin (modules/access/) before any of these tables is touched.

/**
 * A member's change of their e-mail addresses, with the addresses they had before: for a day, a
 * password-reset link mailed to a new address also tells the old ones (docs/decisions, "What a
 * session may not do without the password"). Rows older
 * than that are removed by the hourly sweep; the audit trail keeps that the change happened.
 */
export const contactChanges = pgTable(
  "contact_changes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberEntityNumber: integer("member_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    previousEmails: text("previous_emails").array().notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("contact_changes_member").on(table.memberEntityNumber, table.changedAt)],
);

/** Personal details, one row per person (members and dependents alike). */
export const memberProfiles = pgTable(
  "member_profiles",
  {
    entityNumber: integer("entity_number")
      .primaryKey()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    title: text("title"),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    gender: text("gender"),
    /** South African ID number, or passport number for non-citizens (identityType says which). */
    identityNumber: text("identity_number"),
    identityType: text("identity_type"),
    membershipNumber: text("membership_number").unique(),
  },
  (table) => [
    // The information officer's lookup by the ID (or passport) number a member quotes, matched exactly.
    index("member_profiles_identity_number").on(table.identityNumber),
    check("member_profiles_gender_known", sql`${table.gender} in ('FEMALE', 'MALE', 'OTHER')`),
    check("member_profiles_identity_type_known", sql`${table.identityType} in ('ID', 'PASSPORT')`),
    check(
      "member_profiles_identity_complete",
      sql`(${table.identityNumber} is null) = (${table.identityType} is null)`,
    ),
  ],
);

export const memberPhones = pgTable(
  "member_phones",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberEntityNumber: integer("member_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    type: text("type").notNull(),
    number: text("number").notNull(),
    position: integer("position").notNull(),
  },
  (table) => [
    unique("member_phones_member_position").on(table.memberEntityNumber, table.position),
    check("member_phones_type_known", sql`${table.type} in ('MOBILE', 'HOME', 'WORK')`),
  ],
);

/** At most one postal and one residential address per person. */
export const memberAddresses = pgTable(
  "member_addresses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberEntityNumber: integer("member_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    type: text("type").notNull(),
    line1: text("line1").notNull(),
    line2: text("line2"),
    suburb: text("suburb"),
    city: text("city").notNull(),
    province: text("province"),
    postalCode: text("postal_code").notNull(),
    country: text("country").notNull(),
  },
  (table) => [
    unique("member_addresses_member_type").on(table.memberEntityNumber, table.type),
    check("member_addresses_type_known", sql`${table.type} in ('POSTAL', 'RESIDENTIAL')`),
  ],
);

export const emergencyContacts = pgTable(
  "emergency_contacts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberEntityNumber: integer("member_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    name: text("name").notNull(),
    relationship: text("relationship").notNull(),
    phoneNumber: text("phone_number").notNull(),
    email: text("email"),
    position: integer("position").notNull(),
  },
  (table) => [unique("emergency_contacts_member_position").on(table.memberEntityNumber, table.position)],
);

export const schemes = pgTable("schemes", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
});

export const plans = pgTable(
  "plans",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    schemeId: integer("scheme_id")
      .notNull()
      .references(() => schemes.id),
    code: text("code").notNull(),
    name: text("name").notNull(),
  },
  (table) => [unique("plans_scheme_code").on(table.schemeId, table.code)],
);

export const policies = pgTable(
  "policies",
  {
    // By default: the register import keeps the scheme's own policy ids.
    policyId: integer("policy_id").primaryKey().generatedByDefaultAsIdentity({ startWith: 4000001 }),
    /** The policy number printed on cards and letters; asked for beside policyId as a cross-check. */
    policyIdentifier: text("policy_identifier").notNull().unique(),
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id),
    principalEntityNumber: integer("principal_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    startDate: date("start_date", { mode: "string" }).notNull(),
  },
  // Every access decision asks "which policies is this person the principal of".
  (table) => [index("policies_principal").on(table.principalEntityNumber, table.startDate.desc())],
);

/** The people on a policy besides its principal member. */
export const policyDependents = pgTable(
  "policy_dependents",
  {
    policyId: integer("policy_id")
      .notNull()
      .references(() => policies.policyId, { onDelete: "cascade" }),
    dependentEntityNumber: integer("dependent_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    relationship: text("relationship").notNull(),
    /** Two digits; "00" is the principal member, so dependents start at "01". */
    dependentCode: text("dependent_code").notNull(),
    /** When the person joined the policy, as the register says; null when it does not say. */
    startDate: date("start_date", { mode: "string" }),
  },
  (table) => [
    primaryKey({ columns: [table.policyId, table.dependentEntityNumber] }),
    unique("policy_dependents_policy_code").on(table.policyId, table.dependentCode),
    check(
      "policy_dependents_relationship_known",
      sql`${table.relationship} in ('SPOUSE', 'CHILD', 'ADULT_DEPENDANT')`,
    ),
    check("policy_dependents_code_format", sql`${table.dependentCode} ~ '^(0[1-9]|[1-9][0-9])$'`),
    // "Which policy is this person a dependent on" (their plan and scheme).
    index("policy_dependents_dependent").on(table.dependentEntityNumber),
  ],
);

/** Waiting periods and exclusions on a person's cover: general, or for one condition. */
export const waitingPeriods = pgTable(
  "waiting_periods",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    entityNumber: integer("entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    type: text("type").notNull(),
    condition: text("condition"),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
  },
  (table) => [
    check("waiting_periods_type_known", sql`${table.type} in ('GENERAL', 'CONDITION_SPECIFIC')`),
    // A condition-specific period names its condition; a general one names none.
    check(
      "waiting_periods_condition_matches_type",
      sql`(${table.type} = 'CONDITION_SPECIFIC') = (${table.condition} is not null)`,
    ),
    check("waiting_periods_dates_ordered", sql`${table.startDate} <= ${table.endDate}`),
    index("waiting_periods_entity").on(table.entityNumber, table.startDate),
  ],
);

/** The doctors and practices a patient is allocated to (a GP, a dentist…), with their dates. */
export const doctorAllocations = pgTable(
  "doctor_allocations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    patientEntityNumber: integer("patient_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    allocationType: text("allocation_type").notNull(),
    practiceNumber: text("practice_number").notNull(),
    practiceName: text("practice_name").notNull(),
    doctorName: text("doctor_name").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    /** Null: allocated until further notice. */
    endDate: date("end_date", { mode: "string" }),
  },
  (table) => [
    check("doctor_allocations_type_known", sql`${table.allocationType} in ('GP', 'DENTIST', 'SPECIALIST')`),
    check(
      "doctor_allocations_dates_ordered",
      sql`${table.endDate} is null or ${table.startDate} <= ${table.endDate}`,
    ),
    index("doctor_allocations_patient").on(table.patientEntityNumber, table.allocationType),
  ],
);

/**
 * One profile picture per person, re-encoded on upload (modules/member-details/profile-picture.ts),
 * so what is stored is always a JPEG without metadata. Small enough (≤ 1024 px each way) to keep in
 * the database rather than the blob store: it goes with the person's other rows.
 */
export const profilePictures = pgTable(
  "profile_pictures",
  {
    entityNumber: integer("entity_number")
      .primaryKey()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    image: bytea("image").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("profile_pictures_size_positive", sql`${table.width} > 0 and ${table.height} > 0`)],
);

/**
 * Orders for a new membership card. One order per person per calendar day: a second order the same
 * day answers the first one's number (the unique key makes that hold under concurrent clicks too).
 */
export const membershipCardOrders = pgTable(
  "membership_card_orders",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    entityNumber: integer("entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    orderedOn: date("ordered_on", { mode: "string" }).notNull(),
    /** Who placed it: the member, or staff on their behalf. */
    orderedBy: integer("ordered_by")
      .notNull()
      .references(() => members.entityNumber),
    createdAt: createdAt(),
  },
  (table) => [unique("membership_card_orders_one_per_day").on(table.entityNumber, table.orderedOn)],
);

/** The benefits each plan covers (POLICY_BENEFITS in the domain); benefit permissions ask here. */
export const planBenefits = pgTable(
  "plan_benefits",
  {
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    benefit: text("benefit").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.planId, table.benefit] }),
    check(
      "plan_benefits_benefit_known",
      sql`${table.benefit} in ('HOSPITAL', 'CHRONIC_MEDICATION', 'DAY_TO_DAY', 'DENTISTRY', 'OPTOMETRY', 'MATERNITY')`,
    ),
  ],
);
