import { EXCEPTION_CODES } from "@portal/domain";
import { attachmentPickerMessages } from "../../../components/attachment-picker/attachment-picker.messages";
import { translate } from "../../../i18n/translate";
import { isHttpError } from "../../../lib/http";
import { logQueryMessages } from "../log-query.messages";

/**
 * The sentence for a failed send (requirements §8), in the member's language: the attachment rule's
 * sentence when the server refused the files; when the member has sent the most the scheme accepts
 * for now, the server's sentence, which says when to try again (a time only the server knows, in
 * the server's English); else the generic submit sentence. No other server text is shown.
 */
export function submitErrorMessage(error: Error, t: typeof translate = translate): string {
  if (!isHttpError(error)) return t(logQueryMessages.submitFailed);
  if (error.body?.exceptionCode === EXCEPTION_CODES.ATTACHMENT_RULE) return t(attachmentPickerMessages.rule);
  if (
    error.status === 429 &&
    error.body?.exceptionCode === EXCEPTION_CODES.RATE_LIMITED &&
    error.body.message
  ) {
    return error.body.message;
  }
  return t(logQueryMessages.submitFailed);
}
