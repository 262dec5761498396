import type { MessageDescriptor } from "@lingui/core";
import type {
  Address,
  AddressType,
  DependentRelationship,
  PhoneType,
  WaitingPeriodType,
} from "@portal/domain";
import { myMembershipMessages as messages } from "../my-membership.messages";

// The words members see for the service's codes, in their language. The English is the domain's
// (the archive of their data, index.html, uses it too); labels.test.ts holds the two together.

export const PHONE_TYPE_LABELS: Readonly<Record<PhoneType, MessageDescriptor>> = {
  MOBILE: messages.phoneMobile,
  HOME: messages.phoneHome,
  WORK: messages.phoneWork,
};

export const ADDRESS_TYPE_LABELS: Readonly<Record<AddressType, MessageDescriptor>> = {
  POSTAL: messages.addressPostal,
  RESIDENTIAL: messages.addressResidential,
};

export const RELATIONSHIP_LABELS: Readonly<Record<DependentRelationship, MessageDescriptor>> = {
  SPOUSE: messages.relationshipSpouse,
  CHILD: messages.relationshipChild,
  ADULT_DEPENDANT: messages.relationshipAdultDependant,
};

export const WAITING_PERIOD_TYPE_LABELS: Readonly<Record<WaitingPeriodType, MessageDescriptor>> = {
  GENERAL: messages.waitingGeneral,
  CONDITION_SPECIFIC: messages.waitingConditionSpecific,
};

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
