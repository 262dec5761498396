import {
  errorBodySchema,
  MEMBER_LANGUAGE_PATH,
  memberLanguageUpdateSchema,
  noContentSchema,
} from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.js";
import { errors } from "../../lib/errors.js";
import { AUDIENCES, AUDIT_RESOURCES, auditChange } from "../access/index.js";
import { setMemberLanguage } from "../members/index.js";

/**
 * PUT /wsg/language: the logged-in member keeps the language they chose on their account, so a
 * new browser starts in it and the mails follow it. Only a language this installation offers
 * (MEMBER_LANGUAGES); only one's own account.
 */
export const languageRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.put(
    MEMBER_LANGUAGE_PATH,
    {
      schema: {
        body: memberLanguageUpdateSchema,
        response: { 204: noContentSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
      config: { access: { audience: AUDIENCES.member, audit: auditChange(AUDIT_RESOURCES.memberLanguage) } },
    },
    async (request, reply) => {
      const { language } = request.body;
      if (!context.config.memberLanguages.includes(language)) {
        throw errors.validation("That language is not offered here.");
      }
      const { target } = request.access;
      await request.access.change(
        (tx) => setMemberLanguage(tx, target, language),
        (changed) => changed,
      );
      return reply.code(204).send(null);
    },
  );
};
