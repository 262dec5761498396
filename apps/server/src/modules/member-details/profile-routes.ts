import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.js";
import { requireMember } from "../gateway/session-plugin.js";
import { reachOf, requireInReach } from "./access.js";
import { AUDIT_RESOURCES, auditedAnswer } from "./audited-answer.js";
import { readMemberDetails } from "./entity-reads.js";
import { listRoles } from "./roles-repository.js";
import { errorResponses, memberDetailsResponseSchema } from "./route-schemas.js";
import {
  addressesFlagSchema,
  memberEntityParamsSchema,
  roleCheckResponseSchema,
  roleParamsSchema,
} from "./self-service-schemas.js";

/**
 * GET /member-details/ and /member-details/{memberEntityNumber} (the member's details, addresses
 * on request) and the role check of /member-details/member/{entityNumber}/roles/{roles}. The same
 * access rules as the /v2/member-details paths: oneself and one's dependents, else 404.
 */
export const profileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;

  app.get(
    "/member-details/",
    {
      schema: {
        querystring: addressesFlagSchema,
        response: { 200: memberDetailsResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const reach = await reachOf(db, requireMember(request).entityNumber);
      const read = await readMemberDetails(db, reach.actorEntityNumber, request.query, reach);
      return auditedAnswer(context, request, reply, reach, AUDIT_RESOURCES.memberDetails, read);
    },
  );

  app.get(
    "/member-details/:memberEntityNumber",
    {
      schema: {
        params: memberEntityParamsSchema,
        querystring: addressesFlagSchema,
        response: { 200: memberDetailsResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const reach = await reachOf(db, requireMember(request).entityNumber);
      const target = request.params.memberEntityNumber;
      requireInReach(reach, target);
      const read = await readMemberDetails(db, target, request.query, reach);
      return auditedAnswer(context, request, reply, reach, AUDIT_RESOURCES.memberDetails, read);
    },
  );

  app.get(
    "/member-details/member/:entityNumber/roles/:roles",
    { schema: { params: roleParamsSchema, response: { 200: roleCheckResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const reach = await reachOf(db, requireMember(request).entityNumber);
      const { entityNumber, roles } = request.params;
      requireInReach(reach, entityNumber);
      const held = await listRoles(db, entityNumber);
      const body = { entityNumber, roles: roles.map((role) => ({ role, held: held.has(role) })) };
      return auditedAnswer(context, request, reply, reach, AUDIT_RESOURCES.roles, {
        body,
        subjects: [entityNumber],
      });
    },
  );
};
