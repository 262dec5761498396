import {
  ACCOUNT_MESSAGES,
  ACCOUNT_PATHS,
  accountErrorResponses,
  accountLinkCheckSchema,
  accountLinkStateSchema,
  accountMessageSchema,
  activationRequestSchema,
  passwordResetCompletionSchema,
  passwordResetRequestSchema,
  registrationRequestSchema,
} from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.js";
import { createAuthLog } from "../../lib/auth-log.js";
import { answerNoSoonerThan } from "./account-links.js";
import { reserveAccountCompletion, reserveAccountRequest } from "./account-throttle.js";
import { accountTokenState } from "./account-tokens.js";
import { completePasswordReset, requestPasswordReset } from "./password-reset.js";
import { activateRegistration, requestRegistration } from "./registration.js";

// Registration and forgotten passwords, for people who are not logged in. Unsafe like every POST:
// the anti-forgery plugin asks for the pre-session's token. The logs say what happened, never who.

export const accountRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const minimumAnswerMs = context.config.ACCOUNT_ANSWER_MIN_MS;
  // Who asked, as keyed hashes only (lib/auth-log.ts).
  const authLog = createAuthLog(context.secret);

  app.post(
    ACCOUNT_PATHS.registration,
    {
      schema: {
        body: registrationRequestSchema,
        response: { 202: accountMessageSchema, ...accountErrorResponses },
      },
    },
    async (request, reply) => {
      const startedAt = performance.now();
      await reserveAccountRequest(context, request.ip, `registration:${request.body.membershipNumber}`);
      const outcome = await requestRegistration(context, request.body, request.id);
      authLog.write(
        request.log,
        "info",
        "registration_requested",
        { subject: request.body.membershipNumber, clientAddress: request.ip },
        "registration requested",
        { outcome },
      );
      await answerNoSoonerThan(startedAt, minimumAnswerMs);
      return reply.code(202).send({ message: ACCOUNT_MESSAGES.registrationLinkSent });
    },
  );

  app.post(
    ACCOUNT_PATHS.activation,
    {
      schema: {
        body: activationRequestSchema,
        response: { 200: accountMessageSchema, ...accountErrorResponses },
      },
    },
    async (request) => {
      await reserveAccountCompletion(context, request.ip);
      await activateRegistration(context, request.body, request.id);
      authLog.write(
        request.log,
        "info",
        "account_activated",
        { subject: request.body.username, clientAddress: request.ip },
        "account activated",
      );
      return { message: ACCOUNT_MESSAGES.activated };
    },
  );

  app.post(
    ACCOUNT_PATHS.passwordReset,
    {
      schema: {
        body: passwordResetRequestSchema,
        response: { 202: accountMessageSchema, ...accountErrorResponses },
      },
    },
    async (request, reply) => {
      const startedAt = performance.now();
      await reserveAccountRequest(context, request.ip, `reset:${request.body.login}`);
      const linksQueued = await requestPasswordReset(context, request.body.login, request.id);
      authLog.write(
        request.log,
        "info",
        "password_reset_requested",
        { subject: request.body.login, clientAddress: request.ip },
        "password reset requested",
        { linksQueued },
      );
      await answerNoSoonerThan(startedAt, minimumAnswerMs);
      return reply.code(202).send({ message: ACCOUNT_MESSAGES.resetLinkSent });
    },
  );

  app.post(
    ACCOUNT_PATHS.passwordResetComplete,
    {
      schema: {
        body: passwordResetCompletionSchema,
        response: { 200: accountMessageSchema, ...accountErrorResponses },
      },
    },
    async (request) => {
      await reserveAccountCompletion(context, request.ip);
      const username = await completePasswordReset(context, request.body, request.id);
      authLog.write(
        request.log,
        "info",
        "password_reset_completed",
        { subject: username, clientAddress: request.ip },
        "password reset",
      );
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );

  // Counted as the calls that spend a link are, so it is no way round their limit to guess tokens.
  app.post(
    ACCOUNT_PATHS.linkCheck,
    {
      schema: {
        body: accountLinkCheckSchema,
        response: { 200: accountLinkStateSchema, ...accountErrorResponses },
      },
    },
    async (request) => {
      await reserveAccountCompletion(context, request.ip);
      const { token, purpose } = request.body;
      return { state: await accountTokenState(context.db, token, purpose, context.now()) };
    },
  );
};
