// Apart from contracts/gateway.ts, whose schemas (and so zod) the login screen's download need not
// carry: the browser builds the message, the server checks it against the schema.
import type { AuthenticationRequestMessage } from "./contracts/gateway.js";
import { AUTH_SCHEMA_VERSION } from "./limits.js";

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
