import type {
  Address,
  AddressType,
  DependentRelationship,
  PhoneType,
  WaitingPeriodType,
} from "@portal/domain";

// The words members see for the service's codes.

export const RELATIONSHIP_LABELS: Readonly<Record<DependentRelationship, string>> = {
  SPOUSE: "Spouse",
  CHILD: "Child",
  ADULT_DEPENDANT: "Adult dependant",
};

export const PHONE_TYPE_LABELS: Readonly<Record<PhoneType, string>> = {
  MOBILE: "Mobile",
  HOME: "Home",
  WORK: "Work",
};

export const ADDRESS_TYPE_LABELS: Readonly<Record<AddressType, string>> = {
  POSTAL: "Postal",
  RESIDENTIAL: "Residential",
};

export const WAITING_PERIOD_TYPE_LABELS: Readonly<Record<WaitingPeriodType, string>> = {
  GENERAL: "General",
  CONDITION_SPECIFIC: "Condition-specific",
};

/** Shown where the service has no value (a null title or date of birth). */
export const NOT_RECORDED = "Not recorded";

/** One line: the parts of the address that are filled in, separated by commas. */
export function addressText(address: Address): string {
  return [
    address.line1,
    address.line2,
    address.suburb,
    address.city,
    address.province,
    address.postalCode,
    address.country,
  ]
    .filter((part): part is string => part !== null && part.trim() !== "")
    .join(", ");
}
