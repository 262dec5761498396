import { z } from "zod";
import { emailSchema } from "./email.js";
import { ADDRESS_TYPES, type Address, PHONE_TYPES, type PhoneNumber } from "./member-details.js";

// The member's own contact details (POST /member-details/), member search, waiting periods and
// doctor allocations (spec §7 "Member-details service", issue 4).

export const CONTACT_DETAILS_LIMITS = { emails: 5, phoneNumbers: 5, fieldLength: 100 } as const;

const text = (max: number = CONTACT_DETAILS_LIMITS.fieldLength) => z.string().trim().min(1).max(max);
const optionalText = z
  .string()
  .trim()
  .max(CONTACT_DETAILS_LIMITS.fieldLength)
  .nullable()
  .transform((value) => (value === "" ? null : value));

/** Digits with optional leading "+", spaces, brackets and hyphens; 7 to 15 digits in all. */
const PHONE_PATTERN = /^\+?[0-9 ()-]+$/;
const phoneNumberInputSchema = z.object({
  type: z.enum(PHONE_TYPES),
  number: z
    .string()
    .trim()
    .max(25)
    .refine((value) => {
      const digits = value.replace(/\D/g, "").length;
      return PHONE_PATTERN.test(value) && digits >= 7 && digits <= 15;
    }, "Please enter a valid phone number."),
}) satisfies z.ZodType<PhoneNumber, unknown>;

const addressInputSchema = z.object({
  type: z.enum(ADDRESS_TYPES),
  line1: text(),
  line2: optionalText,
  suburb: optionalText,
  city: text(),
  province: optionalText,
  postalCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 -]{2,10}$/, "Please enter a valid postal code."),
  country: text(),
}) satisfies z.ZodType<Address, unknown>;

/** POST /member-details/: the complete new set of the member's contact details (replaces the old). */
export const contactDetailsUpdateSchema = z.object({
  emails: z
    .array(emailSchema)
    .min(1)
    .max(CONTACT_DETAILS_LIMITS.emails)
    .refine(
      (emails) => new Set(emails.map((email) => email.toLowerCase())).size === emails.length,
      "Each e-mail address may be given only once.",
    ),
  phoneNumbers: z.array(phoneNumberInputSchema).max(CONTACT_DETAILS_LIMITS.phoneNumbers),
  addresses: z
    .array(addressInputSchema)
    .max(ADDRESS_TYPES.length)
    .refine(
      (addresses) => new Set(addresses.map((address) => address.type)).size === addresses.length,
      "At most one postal and one residential address.",
    ),
});
export type ContactDetailsUpdate = z.output<typeof contactDetailsUpdateSchema>;

export const MEMBER_SEARCH_MAX_RESULTS = 20;

/** POST /member-search: exactly one of membershipNumber or surname. */
export const memberSearchSchema = z.union([
  z.strictObject({
    membershipNumber: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{1,20}$/),
  }),
  z.strictObject({ surname: z.string().trim().min(2).max(60) }),
]);
export type MemberSearch = z.output<typeof memberSearchSchema>;

export interface MemberSearchResult {
  entityNumber: number;
  membershipNumber: string | null;
  firstName: string;
  lastName: string;
}

export interface MemberSearchResponse {
  members: MemberSearchResult[];
}

export const WAITING_PERIOD_TYPES = ["GENERAL", "CONDITION_SPECIFIC"] as const;
export type WaitingPeriodType = (typeof WAITING_PERIOD_TYPES)[number];

export interface WaitingPeriod {
  type: WaitingPeriodType;
  /** Null for a general waiting period. */
  condition: string | null;
  startDate: string;
  endDate: string;
}

/** GET /policy-exclusions/{entityNumber}/waiting-periods: those in force on asAtDate. */
export interface WaitingPeriodsResponse {
  entityNumber: number;
  asAtDate: string;
  waitingPeriods: WaitingPeriod[];
}

export const DOCTOR_ALLOCATION_TYPES = ["GP", "DENTIST", "SPECIALIST"] as const;
export type DoctorAllocationType = (typeof DOCTOR_ALLOCATION_TYPES)[number];

export interface DoctorAllocation {
  allocationType: DoctorAllocationType;
  practiceNumber: string;
  practiceName: string;
  doctorName: string;
  startDate: string;
  /** Null while the allocation has no end. */
  endDate: string | null;
}

/** GET /patient/{patientEntityNumber}/doctor-allocation-details: every allocation, newest first. */
export interface DoctorAllocationDetails {
  patientEntityNumber: number;
  allocations: DoctorAllocation[];
}

/** GET /patient/{patientEntityNumber}/doctor-allocation/{allocationType}: the one in force today. */
export interface CurrentDoctorAllocation {
  patientEntityNumber: number;
  allocationType: DoctorAllocationType;
  allocation: DoctorAllocation | null;
}
