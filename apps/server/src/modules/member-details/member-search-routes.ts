import { MEMBER_SEARCH_MAX_RESULTS, memberSearchSchema, STAFF_ROLES } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.js";
import { errors } from "../../lib/errors.js";
import { requireMember } from "../gateway/session-plugin.js";
import { recordReads } from "./audit-trail.js";
import { AUDIT_RESOURCES } from "./audited-answer.js";
import { searchMembers } from "./member-search-repository.js";
import { listRoles } from "./roles-repository.js";
import { errorResponsesWith403, memberSearchResponseSchema } from "./self-service-schemas.js";

/**
 * POST /member-search: staff find a member by membership number or surname. Anyone without a
 * staff role gets 403 FORBIDDEN, whatever they asked. Every person in the answer is audited as read
 * by the staff member, before the answer is sent. The list is short: names and numbers only.
 */
export const memberSearchRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;

  app.post(
    "/member-search",
    {
      schema: {
        body: memberSearchSchema,
        response: { 200: memberSearchResponseSchema, ...errorResponsesWith403 },
      },
      // The role is checked before the body is validated: a member learns nothing from 400s.
      preValidation: async (request) => {
        const roles = await listRoles(db, requireMember(request).entityNumber);
        if (!STAFF_ROLES.some((role) => roles.has(role))) {
          throw errors.forbidden("Only the scheme's staff may search for members.");
        }
      },
    },
    async (request, reply) => {
      const actor = requireMember(request).entityNumber;
      const found = await searchMembers(db, request.body);
      await recordReads(db, {
        actorEntityNumber: actor,
        subjectEntityNumbers: found.map((member) => member.entityNumber),
        resource: AUDIT_RESOURCES.memberSearch,
        requestId: request.id,
        at: context.now(),
      });
      reply.header("cache-control", "private, no-store");
      return { members: found.slice(0, MEMBER_SEARCH_MAX_RESULTS) };
    },
  );
};
