import { STAFF_SIGN_IN_PATHS } from "@portal/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as oidc from "openid-client";
import type { AppContext } from "../../app-context.js";
import { createAuthLog } from "../../lib/auth-log.js";
import { AUDIT_RESOURCES } from "../access/index.js";
import {
  bindXsrfToSession,
  cookieOptions,
  createSession,
  deleteSession,
  SESSION_COOKIE,
} from "../session/index.js";
import { providerSubject, writeStaffAuthEvent } from "./auth-events.js";
import { disabledPage, noPortalRolePage, providerUnreachablePage, signInFailedPage } from "./pages.js";
import { checkIssuedAt, isNetworkFailure, type StaffProviderClient } from "./provider-client.js";
import type { StaffOidcSettings } from "./settings.js";
import {
  openPendingSignIn,
  STAFF_SIGN_IN_COOKIE,
  STAFF_SIGN_IN_COOKIE_SECONDS,
  sealPendingSignIn,
} from "./sign-in-cookie.js";
import {
  matchStaffIdentity,
  namesFromClaims,
  recordStaffSignIn,
  staffRoleFromClaims,
} from "./staff-identities.js";

// Staff sign in through the scheme's OpenID provider (docs/decisions/0020): the authorization code
// flow with PKCE, state and nonce; openid-client checks the ID token's issuer, audience, expiry and
// signature (the provider's published keys: provider-client.ts turns that on), the portal its iat.
// Registered only when STAFF_OIDC_* are set.

export interface StaffSignInOptions extends AppContext {
  settings: StaffOidcSettings;
  provider: StaffProviderClient;
}

/** Where a signed-in member of staff lands: the SPA's console. */
const CONSOLE_LANDING = "/#/console";

function signInCookieOptions(request: FastifyRequest) {
  // Only the callback reads it; Lax, so the provider's redirect (a top-level GET) carries it.
  return {
    path: "/auth/staff",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: request.protocol === "https",
  };
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).type("text/html; charset=utf-8").header("cache-control", "no-store").send(html);
}

/** The reason a callback's answer was refused, for the log: a class of error, never the values. */
function failureReason(error: unknown): string {
  if (error instanceof oidc.AuthorizationResponseError) return `provider_error:${error.error}`;
  if (error instanceof oidc.ResponseBodyError) return `token_error:${error.error}`;
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === "string" ? code : error.name;
  }
  return "unknown";
}

export const staffSignInRoutes: FastifyPluginAsyncZod<StaffSignInOptions> = async (app, options) => {
  const { db, secret, config, settings, provider } = options;
  const authLog = createAuthLog(secret);
  const brand = config.brand;

  app.get(STAFF_SIGN_IN_PATHS.login, { schema: { hide: true } }, async (request, reply) => {
    let configuration: oidc.Configuration;
    try {
      configuration = await provider.configurationForSignIn();
    } catch (error) {
      request.log.warn(
        { reason: failureReason(error instanceof Error ? (error.cause ?? error) : error) },
        "OpenID provider unreachable",
      );
      return sendPage(reply, 503, providerUnreachablePage(brand));
    }
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: settings.redirectUri,
      scope: "openid profile",
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
      state,
      nonce,
    });
    const expiresAt = options.now().getTime() + STAFF_SIGN_IN_COOKIE_SECONDS * 1000;
    reply.setCookie(
      STAFF_SIGN_IN_COOKIE,
      sealPendingSignIn(secret, { state, nonce, codeVerifier, expiresAt }),
      {
        ...signInCookieOptions(request),
        maxAge: STAFF_SIGN_IN_COOKIE_SECONDS,
      },
    );
    reply.header("cache-control", "no-store");
    return reply.redirect(url.href, 302);
  });

  app.get(STAFF_SIGN_IN_PATHS.callback, { schema: { hide: true } }, async (request, reply) => {
    const now = options.now();
    const audit = { requestId: request.id, at: now };
    const clientAddress = request.ip;
    // One try per sign-in: the cookie goes, whatever the answer.
    reply.clearCookie(STAFF_SIGN_IN_COOKIE, signInCookieOptions(request));
    const failed = (reason: string, subject?: string) => {
      writeStaffAuthEvent(
        authLog,
        request.log,
        "warn",
        "staff_sign_in_failed",
        { subject, clientAddress },
        "staff sign-in failed",
        {
          reason,
        },
      );
      return sendPage(reply, 400, signInFailedPage(brand));
    };

    const pending = openPendingSignIn(secret, request.cookies[STAFF_SIGN_IN_COOKIE], now);
    if (!pending) return failed("no_pending_sign_in");

    let configuration: oidc.Configuration;
    try {
      configuration = await provider.configuration();
    } catch (error) {
      request.log.warn({ reason: failureReason(error) }, "OpenID provider unreachable");
      return sendPage(reply, 503, providerUnreachablePage(brand));
    }

    const query = (request.raw.url ?? "").split("?")[1] ?? "";
    const currentUrl = new URL(`${settings.redirectUri}?${query}`);
    let claims: oidc.IDToken;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) return failed("no_id_token");
      checkIssuedAt(idToken, now);
      claims = idToken;
    } catch (error) {
      if (isNetworkFailure(error)) {
        request.log.warn({ reason: failureReason(error) }, "OpenID provider unreachable");
        return sendPage(reply, 503, providerUnreachablePage(brand));
      }
      return failed(failureReason(error));
    }

    const who = { subject: providerSubject(claims.sub), clientAddress };
    const match = await matchStaffIdentity(
      db,
      {
        issuer: claims.iss,
        subject: claims.sub,
        ...namesFromClaims(claims),
        role: staffRoleFromClaims(claims, settings),
      },
      audit,
      { brand, timeZone: config.TIME_ZONE },
    );

    if (match.outcome === "no-role") {
      if (match.entityNumber !== null) {
        await recordStaffSignIn(db, match.entityNumber, AUDIT_RESOURCES.staffSignInRefused, audit);
      }
      writeStaffAuthEvent(
        authLog,
        request.log,
        "warn",
        "staff_sign_in_refused",
        who,
        "staff sign-in refused",
        {
          reason: "no_portal_role",
          sessionsEnded: match.sessionsEnded,
        },
      );
      return sendPage(reply, 403, noPortalRolePage(brand));
    }
    const refuseDisabled = async (entityNumber: number) => {
      await recordStaffSignIn(db, entityNumber, AUDIT_RESOURCES.staffSignInRefused, audit);
      writeStaffAuthEvent(
        authLog,
        request.log,
        "warn",
        "staff_sign_in_refused",
        who,
        "staff sign-in refused",
        {
          reason: "disabled",
        },
      );
      return sendPage(reply, 403, disabledPage(brand));
    };
    if (match.outcome === "disabled") return refuseDisabled(match.entityNumber);

    // A disabling that commits between the match and here leaves no session (createSession).
    const sessionToken = await createSession(db, match.entityNumber, now, "oidc");
    if (!sessionToken) return refuseDisabled(match.entityNumber);
    await recordStaffSignIn(db, match.entityNumber, AUDIT_RESOURCES.staffSignIn, audit);
    // Rotate, as the gateway's log-in does: whatever session the browser had is ended, never upgraded.
    if (request.memberSession) await deleteSession(db, request.memberSession.tokenHash);
    reply.setCookie(SESSION_COOKIE, sessionToken, cookieOptions(request, true));
    bindXsrfToSession(request, sessionToken);
    writeStaffAuthEvent(
      authLog,
      request.log,
      "info",
      "staff_sign_in_succeeded",
      who,
      "staff member signed in",
      {
        created: match.created,
        roleChanged: match.roleChanged,
      },
    );
    reply.header("cache-control", "no-store");
    return reply.redirect(CONSOLE_LANDING, 303);
  });
};
