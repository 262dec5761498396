import { z } from "zod";
import { AUTH_SCHEMA_VERSION } from "../limits.js";
import { VALIDATION_MESSAGES } from "../messages.js";

export const loginFormSchema = z.object({
  username: z.string().trim().min(1, VALIDATION_MESSAGES.username),
  password: z.string().min(1, VALIDATION_MESSAGES.password),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** The body of POST /wsg/rest (spec §3 "Login request message"); the bounds keep hostile bodies small. */
export const authenticationRequestMessageSchema = z.object({
  schemaVersion: z.literal(AUTH_SCHEMA_VERSION),
  Login: z.string().min(1).max(200),
  Password: z.string().min(1).max(1024),
  ddid: z.object({
    authorizationCode: z.string().max(2048),
    domain: z.string().min(1),
    redirectUri: z.url({ protocol: /^https?$/ }).max(2048),
    clientId: z.string().min(1),
  }),
});
export type AuthenticationRequestMessage = z.infer<typeof authenticationRequestMessageSchema>;

/** redirectUri is the current page origin plus its path; domain and clientId come from the app config. */
export function buildAuthenticationRequestMessage(input: {
  username: string;
  password: string;
  domain: string;
  clientId: string;
  redirectUri: string;
}): AuthenticationRequestMessage {
  return {
    schemaVersion: AUTH_SCHEMA_VERSION,
    Login: input.username,
    Password: input.password,
    ddid: {
      authorizationCode: "",
      domain: input.domain,
      redirectUri: input.redirectUri,
      clientId: input.clientId,
    },
  };
}
