import { EXCEPTION_CODES } from "@portal/domain";
import type { translate } from "../../../i18n/translate";
import { isHttpError } from "../../../lib/http";
import { myDataMessages } from "../my-data.messages";

/**
 * The alert's sentence when "Prepare my download" is refused. A download already being prepared
 * (409) and the daily limit (429) keep the server's sentence, which says when; any other failure
 * gets the page's own, so no server text (or proxy page) is shown as such.
 */
export function exportRequestMessage(error: Error, t: typeof translate): string {
  if (!isHttpError(error)) return t(myDataMessages.exportRequest);
  const said = error.body?.message;
  const serverSentence = typeof said === "string" && said.trim() !== "" ? said : undefined;
  if (error.body?.exceptionCode === EXCEPTION_CODES.CONFLICT) {
    return serverSentence ?? t(myDataMessages.exportConflict);
  }
  if (error.body?.exceptionCode === EXCEPTION_CODES.RATE_LIMITED) {
    return serverSentence ?? t(myDataMessages.exportRateLimited);
  }
  // A limit met before the app (a proxy's 429) has no sentence of ours to keep.
  if (error.status === 429) return t(myDataMessages.exportRateLimited);
  return t(myDataMessages.exportRequest);
}

/**
 * The password field's error when the server refused the password (missing or wrong), in the
 * page's words; null for any other refusal, which the alert under the button words.
 */
export function exportPasswordMessage(error: Error | null, t: typeof translate): string | null {
  if (!isHttpError(error) || error.status !== 403) return null;
  if (error.body?.exceptionCode === EXCEPTION_CODES.PASSWORD_REQUIRED)
    return t(myDataMessages.passwordMissing);
  if (error.body?.exceptionCode === EXCEPTION_CODES.PASSWORD_INCORRECT)
    return t(myDataMessages.passwordIncorrect);
  return null;
}
