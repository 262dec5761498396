import { EXCEPTION_CODES } from "@portal/domain";
import { validationMessages } from "../../../components/form-fields/validation.messages";
import type { translate } from "../../../i18n/translate";
import { isHttpError } from "../../../lib/http";
import { contactDetailsMessages } from "../contact-details.messages";

/**
 * The password field's error when the server refused the password (missing or wrong), in the
 * page's words; null for any other refusal, which the alert under the form words.
 */
export function contactDetailsPasswordMessage(error: Error | null, t: typeof translate): string | null {
  if (!isHttpError(error) || error.status !== 403) return null;
  if (error.body?.exceptionCode === EXCEPTION_CODES.PASSWORD_REQUIRED)
    return t(validationMessages.contactPasswordNeeded);
  if (error.body?.exceptionCode === EXCEPTION_CODES.PASSWORD_INCORRECT)
    return t(contactDetailsMessages.passwordIncorrect);
  return null;
}

/**
 * The alert's sentence for any other refusal. Too many wrong passwords (429) keeps the server's
 * sentence, which says when to try again; anything else gets the page's own, so no server text (or
 * a proxy's page) is shown as such.
 */
export function contactDetailsRefusalMessage(error: Error, t: typeof translate): string {
  if (!isHttpError(error)) return t(contactDetailsMessages.saveFailed);
  if (error.status === 429) {
    const said = error.body?.exceptionCode === EXCEPTION_CODES.RATE_LIMITED ? error.body.message : undefined;
    return typeof said === "string" && said.trim() !== "" ? said : t(contactDetailsMessages.tooManyTries);
  }
  if (error.status === 400) return t(contactDetailsMessages.invalid);
  return t(contactDetailsMessages.saveFailed);
}
