import {
  ACCOUNT_PATHS,
  type AccountLinkState,
  type AccountMessage,
  accountLinkStateSchema,
  accountMessageSchema,
  type ExceptionCode,
} from "@portal/domain";
import { http } from "msw";
import { contractJson, errorJson } from "../../../testing/contract-json";

// The four account calls (ACCOUNT_PATHS) as the gateway answers them: one sentence, or the one
// error shape.

/** A token as the server mails it: 32 random bytes in base64url. */
export const mailedToken = "Qk9PS19vZl90aGVfbGlua19mb3JfdGhlX3Rlc3RzXzE";

/** Answers a POST to `path` with the sentence and the status the server uses (202 or 200). */
export function accountCallAnswers(path: string, message: AccountMessage["message"], status: 200 | 202) {
  return http.post(path, () => contractJson(accountMessageSchema, { message }, { status }));
}

/** Refuses a POST to `path` with the standard error body. */
export function accountCallFails(path: string, status: number, code: ExceptionCode, message?: string) {
  return http.post(path, () => errorJson(status, code, message));
}

/** Answers the check of a mailed link (POST /wsg/account-link/check) with its state. */
export function accountLinkIs(state: AccountLinkState) {
  return http.post(ACCOUNT_PATHS.linkCheck, () => contractJson(accountLinkStateSchema, { state }));
}
