import {
  ADDRESS_TYPES,
  type Address,
  DEPENDENT_RELATIONSHIPS,
  type Dependent,
  type DependentDetails,
  type DependentsResponse,
  type EmergencyContact,
  type EmergencyContactsResponse,
  GENDERS,
  type GroupAccessResponse,
  IDENTITY_TYPES,
  type MemberDetails,
  type PatientListDetails,
  PHONE_TYPES,
  type PhoneNumber,
  type Plan,
  type Scheme,
} from "@portal/domain";
import { z } from "zod";
import { errorBodySchema } from "../../lib/error-body-schema.js";

// Every answer of the member-details service has a schema: the serializer sends only what the
// schema names, so a column added to a query can never slip into an answer unnoticed. Each schema
// `satisfies` the domain type the web app reads, so the two cannot drift apart.

const MAX_INT = 2_147_483_647;
const entityNumberSchema = z.coerce.number().int().positive().max(MAX_INT);

export const entityParamsSchema = z.object({ entityNumber: entityNumberSchema });
export const dependentParamsSchema = z.object({ dependentEntityNumber: entityNumberSchema });
export const policyParamsSchema = z.object({ policyId: entityNumberSchema });
export const policyQuerySchema = z.object({ policyIdentifier: z.string().trim().min(1).max(64) });

const flag = z.enum(["true", "false"]).optional();
/** The sections of member details a caller asks for; each one absent unless its flag is "true". */
export const memberDetailsFlagsSchema = z.object({
  emergencyContacts: flag,
  dependents: flag,
  addresses: flag,
});
export type MemberDetailsFlags = z.output<typeof memberDetailsFlagsSchema>;

const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const relationshipSchema = z.enum(DEPENDENT_RELATIONSHIPS);

const phoneNumberSchema = z.object({
  type: z.enum(PHONE_TYPES),
  number: z.string(),
}) satisfies z.ZodType<PhoneNumber>;

const addressSchema = z.object({
  type: z.enum(ADDRESS_TYPES),
  line1: z.string(),
  line2: z.string().nullable(),
  suburb: z.string().nullable(),
  city: z.string(),
  province: z.string().nullable(),
  postalCode: z.string(),
  country: z.string(),
}) satisfies z.ZodType<Address>;

const emergencyContactSchema = z.object({
  name: z.string(),
  relationship: z.string(),
  phoneNumber: z.string(),
  email: z.string().nullable(),
}) satisfies z.ZodType<EmergencyContact>;

const dependentSchema = z.object({
  entityNumber: z.number().int(),
  title: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: calendarDate.nullable(),
  gender: z.enum(GENDERS).nullable(),
  relationship: relationshipSchema,
  dependentCode: z.string(),
  policyId: z.number().int(),
}) satisfies z.ZodType<Dependent>;

export const memberDetailsResponseSchema = z.object({
  entityNumber: z.number().int(),
  title: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: calendarDate.nullable(),
  gender: z.enum(GENDERS).nullable(),
  identityNumber: z.string().nullable(),
  identityType: z.enum(IDENTITY_TYPES).nullable(),
  membershipNumber: z.string().nullable(),
  emails: z.array(z.object({ address: z.string() })),
  phoneNumbers: z.array(phoneNumberSchema),
  emergencyContacts: z.array(emergencyContactSchema).optional(),
  dependents: z.array(dependentSchema).optional(),
  addresses: z.array(addressSchema).optional(),
}) satisfies z.ZodType<MemberDetails>;

export const dependentsResponseSchema = z.object({
  dependents: z.array(dependentSchema),
}) satisfies z.ZodType<DependentsResponse>;

export const dependentDetailsResponseSchema = dependentSchema.extend({
  identityNumber: z.string().nullable(),
  identityType: z.enum(IDENTITY_TYPES).nullable(),
  membershipNumber: z.string().nullable(),
}) satisfies z.ZodType<DependentDetails>;

export const emergencyContactsResponseSchema = z.object({
  emergencyContacts: z.array(emergencyContactSchema),
}) satisfies z.ZodType<EmergencyContactsResponse>;

export const groupAccessResponseSchema = z.object({
  entityNumber: z.number().int(),
  accessibleEntities: z.array(
    z.object({
      entityNumber: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      relationship: z.union([relationshipSchema, z.literal("SELF")]),
    }),
  ),
}) satisfies z.ZodType<GroupAccessResponse>;

export const schemeResponseSchema = z.object({
  schemeCode: z.string(),
  schemeName: z.string(),
}) satisfies z.ZodType<Scheme>;

export const planResponseSchema = z.object({
  planCode: z.string(),
  planName: z.string(),
  schemeCode: z.string(),
  schemeName: z.string(),
  policyId: z.number().int(),
  policyIdentifier: z.string(),
  startDate: calendarDate,
}) satisfies z.ZodType<Plan>;

export const patientListDetailsResponseSchema = z.object({
  policyId: z.number().int(),
  policyIdentifier: z.string(),
  patients: z.array(
    z.object({
      entityNumber: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      dateOfBirth: calendarDate.nullable(),
      dependentCode: z.string(),
      relationship: z.union([relationshipSchema, z.literal("PRINCIPAL")]),
    }),
  ),
}) satisfies z.ZodType<PatientListDetails>;

/** The content type of the calls the spec says answer text (PDFs as base64, pictures). */
export const TEXT_PLAIN = "text/plain; charset=utf-8";

/** The error answers every member-details route may give. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  // Only when a read strays outside the actor's reach (audited-answer.ts): it fails closed.
  500: errorBodySchema,
} as const;
