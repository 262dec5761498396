import {
  type CurrentDoctorAllocation,
  DOCTOR_ALLOCATION_TYPES,
  type DoctorAllocationDetails,
  MEMBER_ROLES,
  MEMBER_SEARCH_MAX_RESULTS,
  type MemberSearchResponse,
  PERMISSIONS,
  type PermissionsResponse,
  POLICY_BENEFITS,
  type RoleCheckResponse,
  WAITING_PERIOD_TYPES,
  type WaitingPeriodsResponse,
} from "@portal/domain";
import { z } from "zod";
import { errorBodySchema } from "../../lib/error-body-schema.js";
import { entityParamsSchema, errorResponses } from "./route-schemas.js";

// Schemas of the /member-details/, /member-search, /permissions, /policy-exclusions and /patient
// calls. As in route-schemas.ts, each answer schema `satisfies` the domain type the web app reads.

const MAX_INT = 2_147_483_647;
const entityNumberSchema = z.coerce.number().int().positive().max(MAX_INT);
const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A real calendar day written yyyy-MM-dd (no 2026-02-30). */
export const calendarDateParameter = calendarDate.refine((value) => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}, "Expected a date written yyyy-MM-dd.");

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

export const roleCheckResponseSchema = z.object({
  entityNumber: z.number().int(),
  roles: z.array(z.object({ role: z.enum(MEMBER_ROLES), held: z.boolean() })),
}) satisfies z.ZodType<RoleCheckResponse>;

export const memberSearchResponseSchema = z.object({
  members: z
    .array(
      z.object({
        entityNumber: z.number().int(),
        membershipNumber: z.string().nullable(),
        firstName: z.string(),
        lastName: z.string(),
      }),
    )
    .max(MEMBER_SEARCH_MAX_RESULTS),
}) satisfies z.ZodType<MemberSearchResponse>;

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

export const permissionsResponseSchema = z.object({
  permissions: z.array(z.object({ permission: z.enum(PERMISSIONS), granted: z.boolean() })),
}) satisfies z.ZodType<PermissionsResponse>;

export const waitingPeriodsQuerySchema = z.object({ asAtDate: calendarDateParameter.optional() });

export const waitingPeriodsResponseSchema = z.object({
  entityNumber: z.number().int(),
  asAtDate: calendarDate,
  waitingPeriods: z.array(
    z.object({
      type: z.enum(WAITING_PERIOD_TYPES),
      condition: z.string().nullable(),
      startDate: calendarDate,
      endDate: calendarDate,
    }),
  ),
}) satisfies z.ZodType<WaitingPeriodsResponse>;

export const patientParamsSchema = z.object({ patientEntityNumber: entityNumberSchema });
export const allocationParamsSchema = patientParamsSchema.extend({
  allocationType: z.enum(DOCTOR_ALLOCATION_TYPES),
});

const doctorAllocationSchema = z.object({
  allocationType: z.enum(DOCTOR_ALLOCATION_TYPES),
  practiceNumber: z.string(),
  practiceName: z.string(),
  doctorName: z.string(),
  startDate: calendarDate,
  endDate: calendarDate.nullable(),
});

export const doctorAllocationDetailsResponseSchema = z.object({
  patientEntityNumber: z.number().int(),
  allocations: z.array(doctorAllocationSchema),
}) satisfies z.ZodType<DoctorAllocationDetails>;

export const currentDoctorAllocationResponseSchema = z.object({
  patientEntityNumber: z.number().int(),
  allocationType: z.enum(DOCTOR_ALLOCATION_TYPES),
  allocation: doctorAllocationSchema.nullable(),
}) satisfies z.ZodType<CurrentDoctorAllocation>;

/** Changes (refused without the anti-forgery token) and staff-only calls also answer 403. */
export const errorResponsesWith403 = { ...errorResponses, 403: errorBodySchema } as const;
