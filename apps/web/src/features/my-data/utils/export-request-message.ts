import { EXCEPTION_CODES } from "@portal/domain";
import { isHttpError } from "../../../lib/http";
import { MY_DATA_MESSAGES } from "./messages";

/**
 * The alert's sentence when "Prepare my download" is refused. A download already being prepared
 * (409) and the daily limit (429) keep the server's sentence, which says when; any other failure
 * gets the page's own, so no server text (or proxy page) is shown as such.
 */
export function exportRequestMessage(error: Error): string {
  if (!isHttpError(error)) return MY_DATA_MESSAGES.exportRequest;
  const said = error.body?.message;
  const serverSentence = typeof said === "string" && said.trim() !== "" ? said : undefined;
  if (error.body?.exceptionCode === EXCEPTION_CODES.CONFLICT) {
    return serverSentence ?? MY_DATA_MESSAGES.exportConflict;
  }
  if (error.body?.exceptionCode === EXCEPTION_CODES.RATE_LIMITED) {
    return serverSentence ?? MY_DATA_MESSAGES.exportRateLimited;
  }
  // A limit met before the app (a proxy's 429) has no sentence of ours to keep.
  if (error.status === 429) return MY_DATA_MESSAGES.exportRateLimited;
  return MY_DATA_MESSAGES.exportRequest;
}

/**
 * The password field's error when the server refused the password (missing or wrong), in the
 * page's words; null for any other refusal, which the alert under the button words.
 */
export function exportPasswordMessage(error: Error | null): string | null {
  if (!isHttpError(error) || error.status !== 403) return null;
  if (error.body?.exceptionCode === EXCEPTION_CODES.PASSWORD_REQUIRED)
    return MY_DATA_MESSAGES.passwordMissing;
  if (error.body?.exceptionCode === EXCEPTION_CODES.PASSWORD_INCORRECT)
    return MY_DATA_MESSAGES.passwordIncorrect;
  return null;
}
