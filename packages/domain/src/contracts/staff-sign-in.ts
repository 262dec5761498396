import { z } from "zod";

/**
 * Staff sign in through the scheme's OpenID provider (docs/decisions/0020): the browser is sent to
 * LOGIN, the provider sends it back to CALLBACK (the redirect URI registered with the provider is
 * PUBLIC_URL followed by this path).
 */
export const STAFF_SIGN_IN_PATHS = {
  login: "/auth/staff/login",
  callback: "/auth/staff/callback",
} as const;

/**
 * POST /wsg/logout's answer for a session signed in through the provider, when the provider
 * publishes an end_session_endpoint: the SPA goes there, so the person is signed out of the
 * provider too. Every other log-out answers 204 without a body.
 */
export const logoutAnswerSchema = z
  .object({
    endSessionUrl: z.string().url().describe("The provider's end-session address, for the browser to go to."),
  })
  .meta({ id: "LogoutAnswer" });
export type LogoutAnswer = z.output<typeof logoutAnswerSchema>;
