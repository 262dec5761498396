import {
  CONSOLE_SECOND_FACTOR_ENROLMENT_CONFIRM_PATH,
  CONSOLE_SECOND_FACTOR_ENROLMENT_PATH,
  CONSOLE_SECOND_FACTOR_NOT_NOW_PATH,
  CONSOLE_SECOND_FACTOR_PATH,
  consoleSecondFactorEnrolledSchema,
  consoleSecondFactorStatusSchema,
  EXCEPTION_CODES,
  errorBodySchema,
  secondFactorCodeSchema,
  secondFactorEnrolmentSchema,
} from "@portal/domain";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.js";
import { staffSecondFactors } from "../../db/schema/gateway.js";
import { members } from "../../db/schema/members.js";
import { sessions } from "../../db/schema/session.js";
import { createAuthLog } from "../../lib/auth-log.js";
import { AppError, errors } from "../../lib/errors.js";
import { AUDIENCES, AUDIT_RESOURCES, auditChange } from "../access/index.js";
import {
  confirmEnrolment,
  enrolmentOwner,
  forgetCodeAttempts,
  reserveCodeAttempt,
  startEnrolment,
} from "../gateway/index.js";
import { postponeSecondFactorOffer } from "../members/index.js";

// The console's offer of a second factor (STAFF_MFA=optional): a local staff log-in
// signed in with its password, without a confirmed authenticator, sets one up from inside its
// session with the gateway's own enrolment (second-factor.ts): a new sealed secret, confirmed by a
// first code, the ten recovery codes made anew and shown once; the confirmation's audit row is
// confirmEnrolment's (actor and subject the log-in itself). A session signed in through the
// scheme's provider is never offered one: the provider owns that log-in's second factor. A wrong
// code is 422, not 401: the session stays, and the console does not take it for a log-out.

const errorResponses = {
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
  429: errorBodySchema,
};

const DAY_MS = 24 * 60 * 60 * 1000;

export const NOT_OFFERED_REFUSAL =
  "An authenticator app is set up here only for a log-in signed in with its password.";

const wrongCode = () =>
  new AppError(422, EXCEPTION_CODES.SECOND_FACTOR_FAILED, "That code is not right. Please try again.");

export const consoleSecondFactorRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;
  const authLog = createAuthLog(context.secret);
  const staffAccess = { access: { audience: AUDIENCES.anyStaff } };
  const staffChange = {
    access: { audience: AUDIENCES.anyStaff, audit: auditChange(AUDIT_RESOURCES.secondFactorEnrolment) },
  };

  /** The session's log-in: its username, whether it signed in with a password, and its factor. */
  async function offerOf(request: FastifyRequest) {
    const session = request.memberSession;
    if (!session) throw errors.unauthenticated();
    const [row] = await db
      .select({
        signInMethod: sessions.signInMethod,
        username: members.username,
        confirmedAt: staffSecondFactors.confirmedAt,
        postponedUntil: members.secondFactorOfferPostponedUntil,
      })
      .from(sessions)
      .innerJoin(members, eq(members.entityNumber, sessions.memberEntityNumber))
      .leftJoin(staffSecondFactors, eq(staffSecondFactors.memberEntityNumber, sessions.memberEntityNumber))
      .where(eq(sessions.tokenHash, session.tokenHash));
    const enrolled = Boolean(row?.confirmedAt);
    const byPassword = row?.signInMethod === "password" && Boolean(row.username);
    const postponed = Boolean(row?.postponedUntil && row.postponedUntil > context.now());
    return {
      session,
      username: row?.username ?? "",
      enrolled,
      byPassword,
      offered: byPassword && !enrolled && !postponed,
    };
  }

  app.get(
    CONSOLE_SECOND_FACTOR_PATH,
    {
      schema: { response: { 200: consoleSecondFactorStatusSchema, ...errorResponses } },
      config: staffAccess,
    },
    async (request) => {
      const { enrolled, offered } = await offerOf(request);
      return { enrolled, offered };
    },
  );

  // "Not now" (else the offer comes back at every log-in): put off for STAFF_MFA_NOT_NOW_DAYS
  // on the log-in itself, audited as the log-in's other second-factor choices are. Setting up stays
  // possible meanwhile (the enrolment routes do not ask the postponement).
  app.post(
    CONSOLE_SECOND_FACTOR_NOT_NOW_PATH,
    {
      schema: { response: { 200: consoleSecondFactorStatusSchema, ...errorResponses } },
      config: {
        access: { audience: AUDIENCES.anyStaff, audit: auditChange(AUDIT_RESOURCES.secondFactorPostponed) },
      },
    },
    async (request) => {
      const offer = await offerOf(request);
      if (!offer.byPassword) throw errors.forbidden(NOT_OFFERED_REFUSAL);
      if (offer.enrolled) return { enrolled: true, offered: false };
      const until = new Date(context.now().getTime() + context.config.STAFF_MFA_NOT_NOW_DAYS * DAY_MS);
      await request.access.change(
        (tx) => postponeSecondFactorOffer(tx, offer.session.entityNumber, until),
        () => true,
        undefined,
        () => ({ postponedUntil: until.toISOString() }),
      );
      return { enrolled: false, offered: false };
    },
  );

  app.post(
    CONSOLE_SECOND_FACTOR_ENROLMENT_PATH,
    { schema: { response: { 200: secondFactorEnrolmentSchema, ...errorResponses } }, config: staffChange },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const offer = await offerOf(request);
      if (!offer.byPassword) throw errors.forbidden(NOT_OFFERED_REFUSAL);
      // A confirmed authenticator is refused by startEnrolment itself (409).
      return startEnrolment(
        context,
        offer.session.entityNumber,
        offer.username,
        enrolmentOwner(offer.session.tokenHash),
      );
    },
  );

  app.post(
    CONSOLE_SECOND_FACTOR_ENROLMENT_CONFIRM_PATH,
    {
      schema: {
        body: secondFactorCodeSchema,
        response: { 200: consoleSecondFactorEnrolledSchema, ...errorResponses },
      },
      config: staffChange,
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const offer = await offerOf(request);
      if (!offer.byPassword) throw errors.forbidden(NOT_OFFERED_REFUSAL);
      const { entityNumber, tokenHash } = offer.session;
      const who = { subject: offer.username, clientAddress: request.ip };
      // The code step's own allowance, counted per session and per account before the code is read.
      const { accountKey } = await reserveCodeAttempt(context, { tokenHash, entityNumber });
      const recoveryCodes = await confirmEnrolment(
        context,
        entityNumber,
        request.body.code,
        request.id,
        enrolmentOwner(tokenHash),
      ).catch((error: unknown) => {
        // No enrolment started: the gateway's "log in again" (401) would end the console's session.
        if (error instanceof AppError && error.exceptionCode === EXCEPTION_CODES.SECOND_FACTOR_EXPIRED) {
          throw errors.conflict("Start setting up the authenticator app first.");
        }
        throw error;
      });
      if (!recoveryCodes) {
        authLog.write(request.log, "warn", "second_factor_failed", who, "second factor refused", {
          reason: "wrong_code",
        });
        throw wrongCode();
      }
      await forgetCodeAttempts(context, accountKey);
      authLog.write(request.log, "info", "second_factor_enrolled", who, "second factor enrolled in session");
      return { recoveryCodes };
    },
  );
};
