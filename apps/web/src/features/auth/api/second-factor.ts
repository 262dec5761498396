import {
  SECOND_FACTOR_ENROLMENT_CONFIRM_PATH,
  SECOND_FACTOR_ENROLMENT_PATH,
  SECOND_FACTOR_PATH,
  type SecondFactorEnrolled,
  type SecondFactorEnrolment,
  type SessionInfo,
} from "@portal/domain";
import { postJson } from "../../../lib/http";

// The second-factor steps of a local staff log-in (the server's gateway/second-factor-routes.ts).
// The pending sign-in travels in its own HttpOnly cookie; a 401 here means a wrong code or an
// expired pending sign-in, never "back to login" by itself.

const noRedirect = { redirectOnUnauthorized: false } as const;

/** A new secret for the authenticator app: a QR code (data: URI) and the same secret as text. */
export function startEnrolment(): Promise<SecondFactorEnrolment> {
  return postJson<SecondFactorEnrolment>(SECOND_FACTOR_ENROLMENT_PATH, {}, noRedirect);
}

/** The first code of the new authenticator: the recovery codes (shown once) and the session. */
export function confirmEnrolment(code: string): Promise<SecondFactorEnrolled> {
  return postJson<SecondFactorEnrolled>(SECOND_FACTOR_ENROLMENT_CONFIRM_PATH, { code }, noRedirect);
}

/** A code of the authenticator app, or a recovery code: the session. */
export function sendSecondFactorCode(code: string): Promise<SessionInfo> {
  return postJson<SessionInfo>(SECOND_FACTOR_PATH, { code }, noRedirect);
}
