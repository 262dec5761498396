import { z } from "zod";

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
