import { CONTACT_DETAILS_MESSAGES, EXCEPTION_CODES } from "@portal/domain";
import { isHttpError } from "../../../lib/http";
import { MY_MEMBERSHIP_MESSAGES } from "./messages";

/**
 * The password field's error when the server refused the password (missing or wrong), in the
 * page's words; null for any other refusal, which the alert under the form words.
 */
export function contactDetailsPasswordMessage(error: Error | null): string | null {
  if (!isHttpError(error) || error.status !== 403) return null;
  if (error.body?.exceptionCode === EXCEPTION_CODES.PASSWORD_REQUIRED)
    return CONTACT_DETAILS_MESSAGES.passwordNeeded;
  if (error.body?.exceptionCode === EXCEPTION_CODES.PASSWORD_INCORRECT)
    return CONTACT_DETAILS_MESSAGES.passwordIncorrect;
  return null;
}

/**
 * The alert's sentence for any other refusal. Too many wrong passwords (429) keeps the server's
 * sentence, which says when to try again; anything else gets the page's own, so no server text (or
 * a proxy's page) is shown as such.
 */
export function contactDetailsRefusalMessage(error: Error): string {
  if (!isHttpError(error)) return MY_MEMBERSHIP_MESSAGES.contactDetailsSave;
  if (error.status === 429) {
    const said = error.body?.exceptionCode === EXCEPTION_CODES.RATE_LIMITED ? error.body.message : undefined;
    return typeof said === "string" && said.trim() !== ""
      ? said
      : MY_MEMBERSHIP_MESSAGES.contactDetailsTooManyTries;
  }
  if (error.status === 400) return MY_MEMBERSHIP_MESSAGES.contactDetailsInvalid;
  return MY_MEMBERSHIP_MESSAGES.contactDetailsSave;
}
