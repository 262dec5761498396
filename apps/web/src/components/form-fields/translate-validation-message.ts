import type { MessageDescriptor } from "@lingui/core";
import { VALIDATION_MESSAGES } from "@portal/domain";
import type { translate } from "../../i18n/translate";
import { validationMessages } from "./validation.messages";

/** Each English sentence of the domain's schemas, and its message in the catalogue. */
const BY_ENGLISH = new Map<string, MessageDescriptor>([
  [VALIDATION_MESSAGES.category, validationMessages.category],
  [VALIDATION_MESSAGES.subCategory, validationMessages.category],
  [VALIDATION_MESSAGES.email, validationMessages.email],
  [VALIDATION_MESSAGES.ccEmail, validationMessages.email],
  [VALIDATION_MESSAGES.queryDetail, validationMessages.queryDetail],
  [VALIDATION_MESSAGES.updateDetail, validationMessages.updateDetail],
]);

/**
 * A schema's message in the member's language. The schemas are shared with the server and say
 * their messages in English; a message they do not have (the staff console's) stays as it is.
 */
export function translateValidationMessage(message: string, t: typeof translate): string {
  const descriptor = BY_ENGLISH.get(message);
  return descriptor ? t(descriptor) : message;
}
