// The fixed values of the member-details service's answers (requirements §7). The answers themselves
// are contracts (contracts/member-details.ts).

export const GENDERS = ["FEMALE", "MALE", "OTHER"] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Readonly<Record<Gender, string>> = {
  FEMALE: "Female",
  MALE: "Male",
  OTHER: "Other",
};

/** Whether identityNumber is a South African ID number or a passport number. */
export const IDENTITY_TYPES = ["ID", "PASSPORT"] as const;
export type IdentityType = (typeof IDENTITY_TYPES)[number];

export const PHONE_TYPES = ["MOBILE", "HOME", "WORK"] as const;
export type PhoneType = (typeof PHONE_TYPES)[number];
/** A phone number's type as the member's pages word it. */
export const PHONE_TYPE_LABELS: Readonly<Record<PhoneType, string>> = {
  MOBILE: "Mobile",
  HOME: "Home",
  WORK: "Work",
};

export const ADDRESS_TYPES = ["POSTAL", "RESIDENTIAL"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
/** An address's type as the member's pages word it. */
export const ADDRESS_TYPE_LABELS: Readonly<Record<AddressType, string>> = {
  POSTAL: "Postal",
  RESIDENTIAL: "Residential",
};

export const DEPENDENT_RELATIONSHIPS = ["SPOUSE", "CHILD", "ADULT_DEPENDANT"] as const;
export type DependentRelationship = (typeof DEPENDENT_RELATIONSHIPS)[number];
/** A dependant's relationship as the member's pages word it. */
export const DEPENDENT_RELATIONSHIP_LABELS: Readonly<Record<DependentRelationship, string>> = {
  SPOUSE: "Spouse",
  CHILD: "Child",
  ADULT_DEPENDANT: "Adult dependant",
};

/** The principal member's own dependent code on their policy; dependents are numbered from "01". */
export const PRINCIPAL_DEPENDENT_CODE = "00";
