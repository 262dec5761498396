import { z } from "zod";
import { EMAIL_LOCAL_PART_MAX_LENGTH, EMAIL_MAX_LENGTH } from "./limits.js";
import { VALIDATION_MESSAGES } from "./messages.js";

// One address: the WHATWG "valid e-mail address" local part, then a domain of at least two
// dot-separated labels (so "local@domain.tld"), each label 1–63 letters, digits or inner hyphens.
const LOCAL_PART = "[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+";
const DOMAIN_LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const EMAIL_PATTERN = new RegExp(`^${LOCAL_PART}@${DOMAIN_LABEL}(?:\\.${DOMAIN_LABEL})+$`);

export function isValidEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const atIndex = value.indexOf("@");
  if (atIndex > EMAIL_LOCAL_PART_MAX_LENGTH) return false;
  return EMAIL_PATTERN.test(value);
}

/** Required e-mail; surrounding spaces (common when pasting) are removed first. */
export const emailSchema = z
  .string({ error: VALIDATION_MESSAGES.email })
  .trim()
  .refine(isValidEmail, { error: VALIDATION_MESSAGES.email });

/** Optional e-mail: an empty or blank value means "none" and comes out as undefined. */
export const optionalEmailSchema = z
  .string({ error: VALIDATION_MESSAGES.ccEmail })
  .trim()
  .optional()
  .transform((value) => (value === "" ? undefined : value))
  .refine((value) => value === undefined || isValidEmail(value), { error: VALIDATION_MESSAGES.ccEmail });

/** An address as the register is compared with it: surrounding spaces dropped, case ignored. */
function comparable(address: string): string {
  return address.trim().toLowerCase();
}

/**
 * Whether `address` is one the register holds for the member (`registered`, their e-mail
 * addresses). Replies go to the address typed in the query form; one found nowhere here is asked
 * to be confirmed on the form and flagged to the agent (docs/decisions/0007).
 */
export function isRegisteredEmail(address: string, registered: readonly string[]): boolean {
  const wanted = comparable(address);
  return wanted !== "" && registered.some((candidate) => comparable(candidate) === wanted);
}
