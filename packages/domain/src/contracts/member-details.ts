import { z } from "zod";
import {
  ADDRESS_TYPES,
  DEPENDENT_RELATIONSHIPS,
  GENDERS,
  IDENTITY_TYPES,
  PHONE_TYPES,
} from "../member-details.js";
import { calendarDateSchema, entityNumberSchema, errorBodySchema } from "./common.js";

// The /v2/member-details calls of the member-details service (requirements §7). Every answer has a
// schema: the serializer sends only what the schema names, so a column added to a query can never
// slip into an answer unnoticed. The three optional sections of member details are present only
// when their flag is "true".

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

const relationshipSchema = z.enum(DEPENDENT_RELATIONSHIPS);

export const phoneNumberSchema = z
  .object({ type: z.enum(PHONE_TYPES), number: z.string() })
  .meta({ id: "PhoneNumber" });
export type PhoneNumber = z.infer<typeof phoneNumberSchema>;

export const addressSchema = z
  .object({
    type: z.enum(ADDRESS_TYPES),
    line1: z.string(),
    line2: z.string().nullable(),
    suburb: z.string().nullable(),
    city: z.string(),
    province: z.string().nullable(),
    postalCode: z.string(),
    country: z.string(),
  })
  .meta({ id: "Address" });
export type Address = z.infer<typeof addressSchema>;

export const emergencyContactSchema = z
  .object({
    name: z.string(),
    relationship: z.string(),
    phoneNumber: z.string(),
    email: z.string().nullable(),
  })
  .meta({ id: "EmergencyContact" });
export type EmergencyContact = z.infer<typeof emergencyContactSchema>;

export const personalDetailsSchema = z.object({
  entityNumber: z.number().int(),
  title: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: calendarDateSchema.nullable(),
  gender: z.enum(GENDERS).nullable(),
  identityNumber: z.string().nullable(),
  identityType: z.enum(IDENTITY_TYPES).nullable(),
  membershipNumber: z.string().nullable(),
});
export type PersonalDetails = z.infer<typeof personalDetailsSchema>;

/** A person on a policy besides its principal member. */
export const dependentSchema = z
  .object({
    entityNumber: z.number().int(),
    title: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    dateOfBirth: calendarDateSchema.nullable(),
    gender: z.enum(GENDERS).nullable(),
    relationship: relationshipSchema,
    dependentCode: z.string(),
    policyId: z.number().int(),
  })
  .meta({ id: "Dependent" });
export type Dependent = z.infer<typeof dependentSchema>;

/** GET /v2/member-details and /v2/member-details/{entityNumber} (and /member-details/…). */
export const memberDetailsResponseSchema = personalDetailsSchema
  .extend({
    emails: z.array(z.object({ address: z.string() })).describe("The first address prefills the query form."),
    phoneNumbers: z.array(phoneNumberSchema),
    emergencyContacts: z
      .array(emergencyContactSchema)
      .optional()
      .describe('Only with emergencyContacts="true".'),
    dependents: z.array(dependentSchema).optional().describe('Only with dependents="true".'),
    addresses: z.array(addressSchema).optional().describe('Only with addresses="true".'),
  })
  .meta({ id: "MemberDetails" });
export type MemberDetails = z.infer<typeof memberDetailsResponseSchema>;

export const dependentsResponseSchema = z.object({ dependents: z.array(dependentSchema) });
export type DependentsResponse = z.infer<typeof dependentsResponseSchema>;

/** GET /v2/member-details/dependent/{dependentEntityNumber}. */
export const dependentDetailsResponseSchema = dependentSchema
  .extend({
    identityNumber: z.string().nullable(),
    identityType: z.enum(IDENTITY_TYPES).nullable(),
    membershipNumber: z.string().nullable(),
  })
  .meta({ id: "DependentDetails" });
export type DependentDetails = z.infer<typeof dependentDetailsResponseSchema>;

export const emergencyContactsResponseSchema = z.object({
  emergencyContacts: z.array(emergencyContactSchema),
});
export type EmergencyContactsResponse = z.infer<typeof emergencyContactsResponseSchema>;

/** One person whose data the given entity may see (group-access/{entityNumber}). */
export const groupAccessEntitySchema = z
  .object({
    entityNumber: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    relationship: z
      .union([relationshipSchema, z.literal("SELF")])
      .describe('"SELF" for the entity itself, else the dependent\'s relationship to it.'),
  })
  .meta({ id: "GroupAccessEntity" });
export type GroupAccessEntity = z.infer<typeof groupAccessEntitySchema>;

export const groupAccessResponseSchema = z.object({
  entityNumber: z.number().int(),
  accessibleEntities: z.array(groupAccessEntitySchema),
});
export type GroupAccessResponse = z.infer<typeof groupAccessResponseSchema>;

export const schemeResponseSchema = z
  .object({ schemeCode: z.string(), schemeName: z.string() })
  .meta({ id: "Scheme" });
export type Scheme = z.infer<typeof schemeResponseSchema>;

export const planResponseSchema = z
  .object({
    planCode: z.string(),
    planName: z.string(),
    schemeCode: z.string(),
    schemeName: z.string(),
    policyId: z.number().int(),
    policyIdentifier: z.string(),
    startDate: calendarDateSchema.describe("The policy's start date."),
  })
  .meta({ id: "Plan" });
export type Plan = z.infer<typeof planResponseSchema>;

/** One patient a claim or query may be about: the principal ("00") and each dependent. */
export const patientListEntrySchema = z
  .object({
    entityNumber: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    dateOfBirth: calendarDateSchema.nullable(),
    dependentCode: z.string(),
    relationship: z.union([relationshipSchema, z.literal("PRINCIPAL")]),
  })
  .meta({ id: "PatientListEntry" });
export type PatientListEntry = z.infer<typeof patientListEntrySchema>;

export const patientListDetailsResponseSchema = z.object({
  policyId: z.number().int(),
  policyIdentifier: z.string(),
  patients: z.array(patientListEntrySchema),
});
export type PatientListDetails = z.infer<typeof patientListDetailsResponseSchema>;

/** GET /v2/member-details/membership-card and /membership-certificate: text, a PDF in base64. */
export const membershipDocumentResponseSchema = z.string().describe("The base64 of a PDF.");

/** POST /v2/member-details/order-membership-card: text, a sentence with the order number. */
export const cardOrderResponseSchema = z
  .string()
  .describe("A sentence with the order number; a second order the same day answers the first one.");

/** The error answers every member-details route may give. */
export const memberDetailsErrorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  // Only when a read strays outside the actor's reach: the audit step fails closed.
  500: errorBodySchema,
} as const;

/** Changes (refused without the anti-forgery token) and staff-only calls also answer 403. */
export const memberDetailsErrorResponsesWith403 = {
  ...memberDetailsErrorResponses,
  403: errorBodySchema,
} as const;
