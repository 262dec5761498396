import type { MessageDescriptor } from "@lingui/core";
import { CONTACT_DETAILS_MESSAGES, VALIDATION_MESSAGES } from "@portal/domain";
import type { translate } from "../../i18n/translate";
import { validationMessages } from "./validation.messages";

/** The phone-number schema's sentence, which the domain does not export. */
export const PHONE_NUMBER_MESSAGE = "Please enter a valid phone number.";

/** Each English sentence of the domain's schemas, and its message in the catalogue. */
export const BY_ENGLISH = new Map<string, MessageDescriptor>([
  [VALIDATION_MESSAGES.category, validationMessages.category],
  [VALIDATION_MESSAGES.subCategory, validationMessages.category],
  [VALIDATION_MESSAGES.email, validationMessages.email],
  [VALIDATION_MESSAGES.ccEmail, validationMessages.email],
  [VALIDATION_MESSAGES.queryDetail, validationMessages.queryDetail],
  [VALIDATION_MESSAGES.updateDetail, validationMessages.updateDetail],
  [PHONE_NUMBER_MESSAGE, validationMessages.phoneNumber],
  [CONTACT_DETAILS_MESSAGES.emailNeeded, validationMessages.emailNeeded],
  [CONTACT_DETAILS_MESSAGES.emailRepeated, validationMessages.emailRepeated],
  [CONTACT_DETAILS_MESSAGES.passwordNeeded, validationMessages.contactPasswordNeeded],
]);

/**
 * A schema's message in the member's language. The schemas are shared with the server and say
 * their messages in English; a message they do not have (the staff console's) stays as it is.
 */
export function translateValidationMessage(message: string, t: typeof translate): string {
  const descriptor = BY_ENGLISH.get(message);
  return descriptor ? t(descriptor) : message;
}
