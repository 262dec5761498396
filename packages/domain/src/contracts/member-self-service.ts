import { z } from "zod";
import { emailSchema } from "../email.js";
import { ADDRESS_TYPES, PHONE_TYPES } from "../member-details.js";
import { MEMBER_ROLES, PERMISSIONS, POLICY_BENEFITS } from "../member-roles.js";
import {
  CONTACT_DETAILS_LIMITS,
  CONTACT_DETAILS_MESSAGES,
  DOCTOR_ALLOCATION_TYPES,
  MEMBER_SEARCH_MAX_RESULTS,
  WAITING_PERIOD_TYPES,
} from "../member-self-service.js";
import { PROFILE_PICTURE_LIMITS } from "../membership-documents.js";
import { calendarDateParameter, calendarDateSchema, entityNumberSchema } from "./common.js";
import { type Address, entityParamsSchema, type PhoneNumber } from "./member-details.js";

// The member-details service's second set of calls (requirements §7): the member's own contact
// details (/member-details/), roles, member search, permissions, waiting periods, doctor
// allocations and profile pictures.

// Contact details: the body of POST /member-details/.

const text = (max: number = CONTACT_DETAILS_LIMITS.fieldLength) => z.string().trim().min(1).max(max);
const optionalText = z
  .string()
  .trim()
  .max(CONTACT_DETAILS_LIMITS.fieldLength)
  .nullable()
  .transform((value) => (value === "" ? null : value));

/** Digits with optional leading "+", spaces, brackets and hyphens; 7 to 15 digits in all. */
const PHONE_PATTERN = /^\+?[0-9 ()-]+$/;
/** One phone number as a member or the register import (modules/register) gives it. */
export const phoneNumberInputSchema = z.object({
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

/** One address as a member or the register import gives it. */
export const addressInputSchema = z.object({
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

/** A person's e-mail addresses, the first one first; none is allowed here (a dependent may have none). */
export const emailListSchema = z
  .array(emailSchema)
  .max(CONTACT_DETAILS_LIMITS.emails)
  .refine(
    (emails) => new Set(emails.map((email) => email.toLowerCase())).size === emails.length,
    CONTACT_DETAILS_MESSAGES.emailRepeated,
  );

/**
 * POST /member-details/: the complete new set of the member's contact details (replaces the old).
 * The My membership form parses its values with this schema too (the password made required there).
 */
export const contactDetailsUpdateSchema = z
  .object({
    emails: emailListSchema.min(1, CONTACT_DETAILS_MESSAGES.emailNeeded),
    phoneNumbers: z.array(phoneNumberInputSchema).max(CONTACT_DETAILS_LIMITS.phoneNumbers),
    addresses: z
      .array(addressInputSchema)
      .max(ADDRESS_TYPES.length)
      .refine(
        (addresses) => new Set(addresses.map((address) => address.type)).size === addresses.length,
        "At most one postal and one residential address.",
      ),
    /** Required when the e-mail addresses or phone numbers change: the log-in's password, again. */
    currentPassword: z.string().min(1, CONTACT_DETAILS_MESSAGES.passwordNeeded).max(1024).optional(),
  })
  .meta({ id: "ContactDetailsUpdate" });
export type ContactDetailsUpdate = z.output<typeof contactDetailsUpdateSchema>;

// Reading member details by member entity number, and roles.

export const memberEntityParamsSchema = z.object({ memberEntityNumber: entityNumberSchema });
export const addressesFlagSchema = z.object({ addresses: z.enum(["true", "false"]).optional() });

/** Comma-separated role names, each one of MEMBER_ROLES; duplicates are answered once. */
export const roleParamsSchema = entityParamsSchema.extend({
  roles: z
    .string()
    .max(200)
    .transform((value) => [...new Set(value.split(",").map((role) => role.trim()))])
    .pipe(z.array(z.enum(MEMBER_ROLES)).min(1)),
});

/** GET /member-details/member/{entityNumber}/roles/{roles}: each role asked, in the order asked. */
export const roleCheckResponseSchema = z.object({
  entityNumber: z.number().int(),
  roles: z.array(z.object({ role: z.enum(MEMBER_ROLES), held: z.boolean() })),
});
export type RoleCheckResponse = z.infer<typeof roleCheckResponseSchema>;

// Member search (staff only).

/** A membership number as the scheme prints it: letters, digits and hyphens. */
export const membershipNumberSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,20}$/, "Expected 1 to 20 letters, digits or hyphens.");

/** POST /member-search: exactly one of membershipNumber or surname. */
export const memberSearchSchema = z
  .union([
    z.strictObject({ membershipNumber: membershipNumberSchema }),
    z.strictObject({ surname: z.string().trim().min(2).max(60) }),
  ])
  .meta({ id: "MemberSearch" });
export type MemberSearch = z.output<typeof memberSearchSchema>;

export const memberSearchResultSchema = z
  .object({
    entityNumber: z.number().int(),
    membershipNumber: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
  })
  .meta({ id: "MemberSearchResult" });
export type MemberSearchResult = z.infer<typeof memberSearchResultSchema>;

export const memberSearchResponseSchema = z.object({
  members: z.array(memberSearchResultSchema).max(MEMBER_SEARCH_MAX_RESULTS),
});
export type MemberSearchResponse = z.infer<typeof memberSearchResponseSchema>;

// Permissions.

/** The repeated `permissions` parameter: one value arrives as a string, several as an array. */
export const permissionsQuerySchema = z.object({
  permissions: z.preprocess(
    (value) => (typeof value === "string" ? [value] : value),
    z
      .array(z.enum(PERMISSIONS))
      .min(1)
      .max(PERMISSIONS.length * 2)
      .transform((permissions) => [...new Set(permissions)]),
  ),
});

/** A benefit a plan may cover, such as DENTISTRY (POLICY_BENEFITS). */
export const benefitParamsSchema = entityParamsSchema.extend({
  policyBenefit: z.enum(POLICY_BENEFITS),
});

/** GET /permissions (and its entity and benefit variants): each permission asked, in the order asked. */
export const permissionsResponseSchema = z.object({
  permissions: z.array(z.object({ permission: z.enum(PERMISSIONS), granted: z.boolean() })),
});
export type PermissionsResponse = z.infer<typeof permissionsResponseSchema>;

// Waiting periods.

export const waitingPeriodsQuerySchema = z.object({
  asAtDate: calendarDateParameter.optional().describe("yyyy-MM-dd; today when absent."),
});

export const waitingPeriodSchema = z
  .object({
    type: z.enum(WAITING_PERIOD_TYPES),
    condition: z.string().nullable().describe("Null for a general waiting period."),
    startDate: calendarDateSchema,
    endDate: calendarDateSchema,
  })
  .meta({ id: "WaitingPeriod" });
export type WaitingPeriod = z.infer<typeof waitingPeriodSchema>;

/** GET /policy-exclusions/{entityNumber}/waiting-periods: those in force on asAtDate. */
export const waitingPeriodsResponseSchema = z.object({
  entityNumber: z.number().int(),
  asAtDate: calendarDateSchema,
  waitingPeriods: z.array(waitingPeriodSchema),
});
export type WaitingPeriodsResponse = z.infer<typeof waitingPeriodsResponseSchema>;

// Doctor allocations.

export const patientParamsSchema = z.object({ patientEntityNumber: entityNumberSchema });
export const allocationParamsSchema = patientParamsSchema.extend({
  allocationType: z.enum(DOCTOR_ALLOCATION_TYPES),
});

export const doctorAllocationSchema = z
  .object({
    allocationType: z.enum(DOCTOR_ALLOCATION_TYPES),
    practiceNumber: z.string(),
    practiceName: z.string(),
    doctorName: z.string(),
    startDate: calendarDateSchema,
    endDate: calendarDateSchema.nullable().describe("Null while the allocation has no end."),
  })
  .meta({ id: "DoctorAllocation" });
export type DoctorAllocation = z.infer<typeof doctorAllocationSchema>;

/** GET /patient/{patientEntityNumber}/doctor-allocation-details: every allocation, newest first. */
export const doctorAllocationDetailsResponseSchema = z.object({
  patientEntityNumber: z.number().int(),
  allocations: z.array(doctorAllocationSchema),
});
export type DoctorAllocationDetails = z.infer<typeof doctorAllocationDetailsResponseSchema>;

/** GET /patient/{patientEntityNumber}/doctor-allocation/{allocationType}: the one in force today. */
export const currentDoctorAllocationResponseSchema = z.object({
  patientEntityNumber: z.number().int(),
  allocationType: z.enum(DOCTOR_ALLOCATION_TYPES),
  allocation: doctorAllocationSchema.nullable(),
});
export type CurrentDoctorAllocation = z.infer<typeof currentDoctorAllocationResponseSchema>;

// Profile pictures.

const pixels = z.coerce.number().int().min(1).max(PROFILE_PICTURE_LIMITS.maxRequestedSize).optional();
/** width, height and crop of every profile-picture read. */
export const pictureSizeQuerySchema = z.object({
  width: pixels,
  height: pixels,
  crop: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true"),
});
export type PictureSizeQuery = z.output<typeof pictureSizeQuerySchema>;

/** GET /profile-picture/…: text, a data URI (or, for the /base64 variants, the bare base64). */
export const profilePictureResponseSchema = z
  .string()
  .describe("A JPEG as a data URI; the /base64 variants answer the bare base64.");
