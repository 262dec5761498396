import {
  ACCOUNT_MESSAGES,
  ACCOUNT_PATHS,
  accountErrorResponses,
  accountMessageSchema,
  activationRequestSchema,
  passwordResetCompletionSchema,
  passwordResetRequestSchema,
  registrationRequestSchema,
} from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.js";
import { answerNoSoonerThan } from "./account-links.js";
import { reserveAccountCompletion, reserveAccountRequest } from "./account-throttle.js";
import { completePasswordReset, requestPasswordReset } from "./password-reset.js";
import { activateRegistration, requestRegistration } from "./registration.js";

// Registration and forgotten passwords, for people who are not logged in. Unsafe like every POST:
// the anti-forgery plugin asks for the pre-session's token. The logs say what happened, never who.

export const accountRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const minimumAnswerMs = context.config.ACCOUNT_ANSWER_MIN_MS;

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
      request.log.info({ event: "registration_requested", outcome }, "registration requested");
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
      request.log.info({ event: "account_activated" }, "account activated");
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
      request.log.info({ event: "password_reset_requested", linksQueued }, "password reset requested");
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
      await completePasswordReset(context, request.body, request.id);
      request.log.info({ event: "password_reset_completed" }, "password reset");
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );
};
