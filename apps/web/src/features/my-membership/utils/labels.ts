import type { Address } from "@portal/domain";

// The words members see for the service's codes: the domain's, which the archive of their data
// (index.html) uses too.
export {
  ADDRESS_TYPE_LABELS,
  DEPENDENT_RELATIONSHIP_LABELS as RELATIONSHIP_LABELS,
  PHONE_TYPE_LABELS,
  WAITING_PERIOD_TYPE_LABELS,
} from "@portal/domain";

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
