import { ERROR_MESSAGES, EXCEPTION_CODES } from "@portal/domain";
import { isHttpError } from "../../../lib/http";

/**
 * The sentence for a failed send (requirements §8): the attachment rule's sentence when the server refused
 * the files, else the generic submit sentence. Server text is never shown as such.
 */
export function submitErrorMessage(error: Error): string {
  if (isHttpError(error) && error.body?.exceptionCode === EXCEPTION_CODES.ATTACHMENT_RULE) {
    return ERROR_MESSAGES.attachmentRule;
  }
  return ERROR_MESSAGES.submit;
}
