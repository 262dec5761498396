// The fixed values of the member-details service's answers (requirements §7). The answers themselves
// are contracts (contracts/member-details.ts).

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
