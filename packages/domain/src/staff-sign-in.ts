import type { LoginAnswer, SecondFactorRequired } from "./contracts/second-factor.js";

// What the login screen needs of staff sign-in, apart from the calls' schemas: the member's first
// load carries these and no zod (apps/web/src/app/first-load.test.ts).

/**
 * Staff sign in through the scheme's OpenID provider (docs/decisions/0020): the browser is sent to
 * LOGIN, the provider sends it back to CALLBACK (the redirect URI registered with the provider is
 * PUBLIC_URL followed by this path).
 */
export const STAFF_SIGN_IN_PATHS = {
  login: "/auth/staff/login",
  callback: "/auth/staff/callback",
} as const;

/** The log-in's answer for a local staff log-in that still owes its second factor. */
export function isSecondFactorRequired(answer: LoginAnswer): answer is SecondFactorRequired {
  return !answer.authenticated && "secondFactor" in answer;
}
