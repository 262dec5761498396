import { z } from "zod";
import { AUTH_SCHEMA_VERSION } from "../limits.js";
import { MEMBER_LANGUAGE_CODES } from "../member-languages.js";
import { errorBodySchema } from "./common.js";

// The login gateway (requirements §7 "Login and portal"): logging in, the session answer, logging
// out, and the portal ping.

/** The body of POST /wsg/rest (requirements §3 "Login request message"); the bounds keep hostile bodies small. */
export const authenticationRequestMessageSchema = z
  .object({
    schemaVersion: z.literal(AUTH_SCHEMA_VERSION),
    Login: z.string().min(1).max(200),
    Password: z.string().min(1).max(1024),
    ddid: z.object({
      authorizationCode: z.string().max(2048),
      domain: z.string().min(1),
      redirectUri: z.url({ protocol: /^https?$/ }).max(2048),
      clientId: z.string().min(1),
    }),
  })
  .meta({ id: "AuthenticationRequestMessage" });
export type AuthenticationRequestMessage = z.infer<typeof authenticationRequestMessageSchema>;

export const memberSummarySchema = z
  .object({
    entityNumber: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    language: z
      .enum(MEMBER_LANGUAGE_CODES)
      .nullable()
      .optional()
      .describe(
        "The language the member chose, kept on the account (mails follow it); null: none chosen yet, English.",
      ),
  })
  .meta({ id: "MemberSummary" });
export type MemberSummary = z.infer<typeof memberSummarySchema>;

/** A staff account has no member screens, a member never sees the console. */
export const WORKSPACES = ["member", "console"] as const;
export type Workspace = (typeof WORKSPACES)[number];

/** The answer of logging in and of GET /wsg/session. */
export const sessionInfoSchema = z
  .discriminatedUnion("authenticated", [
    z.object({ authenticated: z.literal(false) }),
    z.object({
      authenticated: z.literal(true),
      member: memberSummarySchema,
      workspace: z
        .enum(WORKSPACES)
        .describe("Where the SPA takes this person: the member pages, or the staff console (staff roles)."),
    }),
  ])
  .meta({ id: "SessionInfo" });
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** The errors of POST /wsg/rest: a bad message, wrong credentials, a forged request, throttling. */
export const loginErrorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  429: errorBodySchema,
} as const;

/** GET /portal/wlxapp/Ping.srv answers this text; the login page ignores it. */
export const portalPingResponseSchema = z.string();

export const memberLanguageUpdateSchema = z
  .object({ language: z.enum(MEMBER_LANGUAGE_CODES) })
  .meta({ id: "MemberLanguageUpdate" });
export type MemberLanguageUpdate = z.infer<typeof memberLanguageUpdateSchema>;
