import type { CookieSerializeOptions } from "@fastify/cookie";
import {
  EXCEPTION_CODES,
  errorBodySchema,
  SECOND_FACTOR_ENROLMENT_CONFIRM_PATH,
  SECOND_FACTOR_ENROLMENT_PATH,
  SECOND_FACTOR_PATH,
  type SessionInfo,
  STAFF_ROLES,
  secondFactorCodeSchema,
  secondFactorEnrolledSchema,
  secondFactorEnrolmentSchema,
  sessionInfoSchema,
} from "@portal/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.js";
import { createAuthLog } from "../../lib/auth-log.js";
import { AppError, errors } from "../../lib/errors.js";
import { listRoles } from "../access/index.js";
import { findMemberByEntityNumber, normaliseUsername } from "../members/index.js";
import {
  bindXsrfToSession,
  cookieOptions,
  createSession,
  deleteSession,
  SESSION_COOKIE,
} from "../session/index.js";
import { DEVICE_COOKIE, deviceCookieOptions, newDeviceCookie } from "./device-cookie.js";
import {
  checkSecondFactor,
  confirmEnrolment,
  endPendingSignIn,
  enrolmentOwner,
  forgetCodeAttempts,
  PENDING_SIGN_IN_COOKIE,
  PENDING_SIGN_IN_MS,
  PENDING_SIGN_IN_PATH,
  type PendingSignIn,
  reserveCodeAttempt,
  resolvePendingSignIn,
  secondFactorErrors,
  startEnrolment,
} from "./second-factor.js";
import { recordPasswordSignIn } from "./staff-sign-in-audit.js";

// The second-factor steps of a local staff log-in (second-factor.ts; docs/decisions/0021). Each
// needs the pending sign-in cookie a right password left, and the anti-forgery token like every
// unsafe request (still the pre-session's: no session exists yet). The last step makes the session
// as the gateway's log-in does: the same cookies, the token bound to the new session.

/** The pending sign-in's cookie: HttpOnly, SameSite=Strict, only for these routes, five minutes. */
export function pendingSignInCookieOptions(request: FastifyRequest): CookieSerializeOptions {
  return {
    path: PENDING_SIGN_IN_PATH,
    httpOnly: true,
    sameSite: "strict",
    secure: request.protocol === "https",
    maxAge: PENDING_SIGN_IN_MS / 1000,
  };
}

const stepErrors = { 401: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };

export const secondFactorRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;
  const authLog = createAuthLog(context.secret);

  async function pendingOf(request: FastifyRequest) {
    const pending = await resolvePendingSignIn(db, request.cookies[PENDING_SIGN_IN_COOKIE], context.now());
    const member = await findMemberByEntityNumber(db, pending.entityNumber);
    if (!member?.username) throw secondFactorErrors.expired();
    return { pending, member: { ...member, username: member.username } };
  }

  /** Counts the attempt, then runs the check; a refusal (wrong code, too many) is logged. */
  async function attempt<T>(
    request: FastifyRequest,
    pending: PendingSignIn,
    username: string,
    check: () => Promise<T | null>,
  ): Promise<T> {
    const who = { subject: username, clientAddress: request.ip };
    try {
      const { accountKey } = await reserveCodeAttempt(context, pending);
      const result = await check();
      if (result === null) throw secondFactorErrors.failed();
      await forgetCodeAttempts(context, accountKey);
      return result;
    } catch (error) {
      if (error instanceof AppError && (error.statusCode === 401 || error.statusCode === 429)) {
        const reason = error.statusCode === 429 ? "locked" : "wrong_code";
        authLog.write(request.log, "warn", "second_factor_failed", who, "second factor refused", { reason });
      }
      if (error instanceof AppError && error.exceptionCode === EXCEPTION_CODES.SECOND_FACTOR_FAILED) {
        await recordPasswordSignIn(context, pending.entityNumber, "failed", request.id);
      }
      throw error;
    }
  }

  async function finishSignIn(
    request: FastifyRequest,
    reply: FastifyReply,
    pending: PendingSignIn,
    member: { entityNumber: number; firstName: string; lastName: string; username: string },
    how: string,
  ): Promise<SessionInfo> {
    // The pending sign-in is spent by one request only: one session per right password.
    if (!(await endPendingSignIn(db, pending.tokenHash))) throw secondFactorErrors.expired();
    const sessionToken = await createSession(db, member.entityNumber, context.now(), "password");
    if (!sessionToken) throw errors.loginFailed();
    // Rotate: whatever session the browser had before is ended, never upgraded.
    if (request.memberSession) await deleteSession(db, request.memberSession.tokenHash);
    reply.setCookie(SESSION_COOKIE, sessionToken, cookieOptions(request, true));
    reply.setCookie(
      DEVICE_COOKIE,
      newDeviceCookie(context.secret, normaliseUsername(member.username)),
      deviceCookieOptions(request),
    );
    reply.clearCookie(PENDING_SIGN_IN_COOKIE, { ...pendingSignInCookieOptions(request), maxAge: undefined });
    bindXsrfToSession(request, sessionToken);
    await recordPasswordSignIn(context, member.entityNumber, "succeeded", request.id);
    authLog.write(
      request.log,
      "info",
      "login_succeeded",
      { subject: member.username, clientAddress: request.ip },
      "member logged in",
      { secondFactor: how },
    );
    const roles = await listRoles(db, member.entityNumber);
    const workspace = STAFF_ROLES.some((role) => roles.has(role))
      ? ("console" as const)
      : ("member" as const);
    const { entityNumber, firstName, lastName } = member;
    return { authenticated: true as const, member: { entityNumber, firstName, lastName }, workspace };
  }

  app.post(
    SECOND_FACTOR_ENROLMENT_PATH,
    { schema: { response: { 200: secondFactorEnrolmentSchema, ...stepErrors } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { pending, member } = await pendingOf(request);
      return startEnrolment(
        context,
        pending.entityNumber,
        member.username,
        enrolmentOwner(pending.tokenHash),
      );
    },
  );

  app.post(
    SECOND_FACTOR_ENROLMENT_CONFIRM_PATH,
    {
      schema: {
        body: secondFactorCodeSchema,
        response: { 200: secondFactorEnrolledSchema, ...stepErrors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { pending, member } = await pendingOf(request);
      const recoveryCodes = await attempt(request, pending, member.username, () =>
        confirmEnrolment(
          context,
          pending.entityNumber,
          request.body.code,
          request.id,
          enrolmentOwner(pending.tokenHash),
        ),
      );
      authLog.write(
        request.log,
        "info",
        "second_factor_enrolled",
        { subject: member.username, clientAddress: request.ip },
        "second factor enrolled",
      );
      const session = await finishSignIn(request, reply, pending, member, "enrolled");
      return { recoveryCodes, session };
    },
  );

  app.post(
    SECOND_FACTOR_PATH,
    { schema: { body: secondFactorCodeSchema, response: { 200: sessionInfoSchema, ...stepErrors } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { pending, member } = await pendingOf(request);
      const how = await attempt(request, pending, member.username, () =>
        checkSecondFactor(context, pending.entityNumber, request.body.code, request.id),
      );
      if (how === "recovery") {
        authLog.write(
          request.log,
          "info",
          "recovery_code_used",
          { subject: member.username, clientAddress: request.ip },
          "recovery code used",
        );
      }
      return finishSignIn(request, reply, pending, member, how);
    },
  );
};
