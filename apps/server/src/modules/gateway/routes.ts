import {
  authenticationRequestMessageSchema,
  errorBodySchema,
  GATEWAY_PATH,
  loginAnswerSchema,
  loginErrorResponses,
  logoutAnswerSchema,
  type MemberRole,
  noContentSchema,
  PORTAL_PING_PATH,
  portalPingResponseSchema,
  SESSION_PATH,
  STAFF_ROLES,
  sessionInfoSchema,
  TEXT_PLAIN,
  type Workspace,
} from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.js";
import type { Db } from "../../db/database.js";
import { createAuthLog } from "../../lib/auth-log.js";
import { AppError } from "../../lib/errors.js";
import { requestOrigin } from "../../lib/request-origin.js";
import { listRoles } from "../access/index.js";
import { findMemberByEntityNumber, normaliseUsername } from "../members/index.js";
import type { LoginFailureReason } from "../monitoring/index.js";
import {
  bindXsrfToNewPreSession,
  bindXsrfToSession,
  cookieOptions,
  deleteSession,
  SESSION_COOKIE,
} from "../session/index.js";
import {
  LocalStaffPasswordRefusedError,
  noteLocalStaffPasswordRefused,
  staffEndSessionUrl,
} from "../staff-sign-in/index.js";
import { DEVICE_COOKIE, deviceCookieOptions } from "./device-cookie.js";
import { languageRoutes } from "./language-routes.js";
import { logIn } from "./login.js";
import { PENDING_SIGN_IN_COOKIE } from "./second-factor.js";
import { pendingSignInCookieOptions, secondFactorRoutes } from "./second-factor-routes.js";

/** Why a log-in was refused, for the metrics; undefined for a fault of the server's own. */
function loginFailureReason(error: unknown): LoginFailureReason | undefined {
  if (!(error instanceof AppError)) return undefined;
  if (error.statusCode === 401) return "wrong_credentials";
  if (error.statusCode === 429) return "locked";
  return error.statusCode < 500 ? "refused" : undefined;
}

/** Staff work in the console; everyone else on the member pages. */
function workspaceOfRoles(roles: ReadonlySet<MemberRole>): Workspace {
  return STAFF_ROLES.some((role) => roles.has(role)) ? "console" : "member";
}

async function workspaceOf(db: Db, entityNumber: number): Promise<Workspace> {
  return workspaceOfRoles(await listRoles(db, entityNumber));
}

export const gatewayRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const authLog = createAuthLog(context.secret);
  await app.register(secondFactorRoutes, context);
  await app.register(languageRoutes, context);

  app.post(
    GATEWAY_PATH,
    {
      schema: {
        body: authenticationRequestMessageSchema,
        response: { 200: loginAnswerSchema, ...loginErrorResponses },
      },
    },
    async (request, reply) => {
      const who = { subject: normaliseUsername(request.body.Login), clientAddress: request.ip };
      const success = await logIn(context, request.body, {
        ownOrigin: requestOrigin(request),
        clientAddress: request.ip,
        deviceCookie: request.cookies[DEVICE_COOKIE],
        requestId: request.id,
      }).catch(async (error: unknown) => {
        const reason = loginFailureReason(error);
        if (reason) {
          app.metrics.loginFailed(reason);
          authLog.write(request.log, "warn", "login_failed", who, "log-in refused", { reason });
        }
        if (error instanceof LocalStaffPasswordRefusedError) {
          await noteLocalStaffPasswordRefused(context, request, authLog, who, error);
        }
        throw error;
      });
      if ("pendingToken" in success) {
        // A local staff log-in owes its second factor: no session yet (second-factor-routes.ts).
        reply.setCookie(PENDING_SIGN_IN_COOKIE, success.pendingToken, pendingSignInCookieOptions(request));
        authLog.write(request.log, "info", "login_succeeded", who, "password accepted, second factor owed", {
          secondFactor: success.secondFactor,
        });
        return { authenticated: false as const, secondFactor: success.secondFactor };
      }
      // Rotate: whatever session the browser had before is ended, never upgraded.
      if (request.memberSession) await deleteSession(context.db, request.memberSession.tokenHash);
      reply.setCookie(SESSION_COOKIE, success.sessionToken, cookieOptions(request, true));
      reply.setCookie(DEVICE_COOKIE, success.deviceCookie, deviceCookieOptions(request));
      bindXsrfToSession(request, success.sessionToken);
      authLog.write(request.log, "info", "login_succeeded", who, "member logged in");
      const workspace = await workspaceOf(context.db, success.member.entityNumber);
      return { authenticated: true as const, member: success.member, workspace };
    },
  );

  // Every page load asks who is logged in: the member's names and roles come with the session, in
  // its one statement (config.sessionMember).
  app.get(
    SESSION_PATH,
    { schema: { response: { 200: sessionInfoSchema } }, config: { sessionMember: true } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      // The SPA asks this before an unsafe call when it holds no anti-forgery token: here it gets one.
      if (!request.xsrfBinding) bindXsrfToNewPreSession(request);
      const session = request.memberSession;
      if (!session?.member) return { authenticated: false as const };
      const { firstName, lastName, language, roles } = session.member;
      return {
        authenticated: true as const,
        member: { entityNumber: session.entityNumber, firstName, lastName, language },
        workspace: workspaceOfRoles(roles),
      };
    },
  );

  app.post(
    "/wsg/logout",
    { schema: { response: { 200: logoutAnswerSchema, 204: noContentSchema, 403: errorBodySchema } } },
    async (request, reply) => {
      const session = request.memberSession;
      // Signed in through the scheme's OpenID provider: the SPA sends the browser there to sign out too.
      const endSessionUrl = session ? await staffEndSessionUrl(context, session.tokenHash) : undefined;
      if (session) {
        await deleteSession(context.db, session.tokenHash);
        const member = await findMemberByEntityNumber(context.db, session.entityNumber);
        authLog.write(
          request.log,
          "info",
          "logout",
          { subject: member?.username ?? undefined, clientAddress: request.ip },
          "member logged out",
        );
      }
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request, true));
      bindXsrfToNewPreSession(request);
      if (endSessionUrl) return reply.code(200).send({ endSessionUrl });
      return reply.code(204).send(null);
    },
  );

  app.get(
    PORTAL_PING_PATH,
    { schema: { response: { 200: portalPingResponseSchema } } },
    async (_request, reply) => {
      reply.type(TEXT_PLAIN).header("cache-control", "no-store");
      return "OK";
    },
  );
};
