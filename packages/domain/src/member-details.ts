// Response bodies of the member-details service (spec §7 "Member-details service"), as the server
// sends them and the web app reads them. Dates are bare calendar dates, yyyy-MM-dd.

export const GENDERS = ["FEMALE", "MALE", "OTHER"] as const;
export type Gender = (typeof GENDERS)[number];

/** Whether identityNumber is a South African ID number or a passport number. */
export const IDENTITY_TYPES = ["ID", "PASSPORT"] as const;
export type IdentityType = (typeof IDENTITY_TYPES)[number];

export const PHONE_TYPES = ["MOBILE", "HOME", "WORK"] as const;
export type PhoneType = (typeof PHONE_TYPES)[number];

export const ADDRESS_TYPES = ["POSTAL", "RESIDENTIAL"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

export const DEPENDENT_RELATIONSHIPS = ["SPOUSE", "CHILD", "ADULT_DEPENDANT"] as const;
export type DependentRelationship = (typeof DEPENDENT_RELATIONSHIPS)[number];

/** The principal member's own dependent code on their policy; dependents are numbered from "01". */
export const PRINCIPAL_DEPENDENT_CODE = "00";

export interface PersonalDetails {
  entityNumber: number;
  title: string | null;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  gender: Gender | null;
  identityNumber: string | null;
  identityType: IdentityType | null;
  membershipNumber: string | null;
}

export interface PhoneNumber {
  type: PhoneType;
  number: string;
}

export interface Address {
  type: AddressType;
  line1: string;
  line2: string | null;
  suburb: string | null;
  city: string;
  province: string | null;
  postalCode: string;
  country: string;
}

export interface EmergencyContact {
  name: string;
  relationship: string;
  phoneNumber: string;
  email: string | null;
}

/** A person on a policy besides its principal member. */
export interface Dependent {
  entityNumber: number;
  title: string | null;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  gender: Gender | null;
  relationship: DependentRelationship;
  dependentCode: string;
  policyId: number;
}

/**
 * GET /v2/member-details and /v2/member-details/{entityNumber}. The three optional sections are
 * present only when their flag (emergencyContacts, dependents, addresses) is "true".
 */
export interface MemberDetails extends PersonalDetails {
  /** The first address prefills the query form. */
  emails: { address: string }[];
  phoneNumbers: PhoneNumber[];
  emergencyContacts?: EmergencyContact[];
  dependents?: Dependent[];
  addresses?: Address[];
}

export interface DependentsResponse {
  dependents: Dependent[];
}

export interface EmergencyContactsResponse {
  emergencyContacts: EmergencyContact[];
}

/** GET /v2/member-details/dependent/{dependentEntityNumber}. */
export interface DependentDetails extends Dependent {
  identityNumber: string | null;
  identityType: IdentityType | null;
  membershipNumber: string | null;
}

/** One person whose data the given entity may see (group-access/{entityNumber}). */
export interface GroupAccessEntity {
  entityNumber: number;
  firstName: string;
  lastName: string;
  /** "SELF" for the entity itself, else the dependent's relationship to it. */
  relationship: DependentRelationship | "SELF";
}

export interface GroupAccessResponse {
  entityNumber: number;
  accessibleEntities: GroupAccessEntity[];
}

export interface Scheme {
  schemeCode: string;
  schemeName: string;
}

export interface Plan {
  planCode: string;
  planName: string;
  schemeCode: string;
  schemeName: string;
  policyId: number;
  policyIdentifier: string;
  /** The policy's start date. */
  startDate: string;
}

/** One patient a claim or query may be about: the principal ("00") and each dependent. */
export interface PatientListEntry {
  entityNumber: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  dependentCode: string;
  relationship: DependentRelationship | "PRINCIPAL";
}

export interface PatientListDetails {
  policyId: number;
  policyIdentifier: string;
  patients: PatientListEntry[];
}
