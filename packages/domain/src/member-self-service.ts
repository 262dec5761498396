// Limits and fixed values of the member's own contact details, member search, waiting periods and
// doctor allocations (requirements §7 "Member-details service"). The calls' schemas are contracts
// (contracts/member-self-service.ts).

export const CONTACT_DETAILS_LIMITS = { emails: 5, phoneNumbers: 5, fieldLength: 100 } as const;

/**
 * A change of the e-mail addresses or phone numbers a log-in is recovered through asks for the
 * current password again: a borrowed session must not be able to take the account over.
 */
export const CONTACT_DETAILS_MESSAGES = {
  passwordNeeded: "Enter your current password to change your email addresses or phone numbers.",
  passwordIncorrect: "The current password you entered is not correct.",
  emailNeeded: "Please enter at least one email address.",
  emailRepeated: "Each email address may be given only once.",
} as const;

export const MEMBER_SEARCH_MAX_RESULTS = 20;

export const WAITING_PERIOD_TYPES = ["GENERAL", "CONDITION_SPECIFIC"] as const;
export type WaitingPeriodType = (typeof WAITING_PERIOD_TYPES)[number];
/** A waiting period's type as the member's pages word it. */
export const WAITING_PERIOD_TYPE_LABELS: Readonly<Record<WaitingPeriodType, string>> = {
  GENERAL: "General",
  CONDITION_SPECIFIC: "Condition-specific",
};

export const DOCTOR_ALLOCATION_TYPES = ["GP", "DENTIST", "SPECIALIST"] as const;
export type DoctorAllocationType = (typeof DOCTOR_ALLOCATION_TYPES)[number];
export const DOCTOR_ALLOCATION_TYPE_LABELS: Readonly<Record<DoctorAllocationType, string>> = {
  GP: "GP",
  DENTIST: "Dentist",
  SPECIALIST: "Specialist",
};
