import { ERROR_MESSAGES, EXCEPTION_CODES } from "@portal/domain";
import { isHttpError } from "../../../lib/http";

/**
 * The sentence for a failed send (requirements §8): the attachment rule's sentence when the server refused
 * the files; when the member has sent the most the scheme accepts for now, the server's sentence,
 * which says when to try again (a time only the server knows); else the generic submit sentence.
 * No other server text is shown.
 */
export function submitErrorMessage(error: Error): string {
  if (!isHttpError(error)) return ERROR_MESSAGES.submit;
  if (error.body?.exceptionCode === EXCEPTION_CODES.ATTACHMENT_RULE) return ERROR_MESSAGES.attachmentRule;
  if (
    error.status === 429 &&
    error.body?.exceptionCode === EXCEPTION_CODES.RATE_LIMITED &&
    error.body.message
  ) {
    return error.body.message;
  }
  return ERROR_MESSAGES.submit;
}
