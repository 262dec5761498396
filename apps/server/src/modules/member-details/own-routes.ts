import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.js";
import { errors } from "../../lib/errors.js";
import { requireMember } from "../gateway/session-plugin.js";
import { reachOf, requireDependentInReach, requireInReach } from "./access.js";
import { AUDIT_RESOURCES, auditedAnswer } from "./audited-answer.js";
import {
  readDependent,
  readDependents,
  readEmergencyContacts,
  readGroupAccess,
  readMemberDetails,
  readPlan,
  readScheme,
} from "./entity-reads.js";
import { listDependentsOfPolicy } from "./policies-repository.js";
import {
  dependentDetailsResponseSchema,
  dependentParamsSchema,
  dependentsResponseSchema,
  emergencyContactsResponseSchema,
  entityParamsSchema,
  errorResponses,
  groupAccessResponseSchema,
  memberDetailsFlagsSchema,
  memberDetailsResponseSchema,
  planResponseSchema,
  policyParamsSchema,
  policyQuerySchema,
  schemeResponseSchema,
} from "./route-schemas.js";

/**
 * The /v2/member-details paths that act on the logged-in member, or on one of their dependents
 * named in the path. Paths that name an entity pass the access service first.
 */
export const ownMemberDetailsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;

  /** The logged-in member and whom they reach: every path starts here. */
  async function reachOfMember(request: FastifyRequest) {
    const reach = await reachOf(db, requireMember(request).entityNumber);
    return { reach, actor: reach.actorEntityNumber };
  }

  app.get(
    "/v2/member-details",
    {
      schema: {
        querystring: memberDetailsFlagsSchema,
        response: { 200: memberDetailsResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { reach, actor } = await reachOfMember(request);
      const read = await readMemberDetails(db, actor, request.query, reach);
      return auditedAnswer(context, request, reply, reach, AUDIT_RESOURCES.memberDetails, read);
    },
  );

  app.get(
    "/v2/member-details/dependents",
    { schema: { response: { 200: dependentsResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const { reach, actor } = await reachOfMember(request);
      const read = await readDependents(db, actor, reach);
      return auditedAnswer(context, request, reply, reach, AUDIT_RESOURCES.dependents, read);
    },
  );

  app.get(
    "/v2/member-details/dependent/:dependentEntityNumber",
    {
      schema: {
        params: dependentParamsSchema,
        response: { 200: dependentDetailsResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { reach, actor } = await reachOfMember(request);
      const { dependentEntityNumber } = request.params;
      requireDependentInReach(reach, dependentEntityNumber);
      const read = await readDependent(db, actor, dependentEntityNumber);
      return auditedAnswer(context, request, reply, reach, AUDIT_RESOURCES.dependent, read);
    },
  );

  app.get(
    "/v2/member-details/emergency-contacts",
    { schema: { response: { 200: emergencyContactsResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const { reach, actor } = await reachOfMember(request);
      const read = await readEmergencyContacts(db, actor);
      return auditedAnswer(context, request, reply, reach, AUDIT_RESOURCES.emergencyContacts, read);
    },
  );

  app.get(
    "/v2/member-details/group-access/:entityNumber",
    {
      schema: {
        params: entityParamsSchema,
        response: { 200: groupAccessResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { reach } = await reachOfMember(request);
      const { entityNumber } = request.params;
      requireInReach(reach, entityNumber);
      const read = await readGroupAccess(db, entityNumber, reach);
      return auditedAnswer(context, request, reply, reach, AUDIT_RESOURCES.groupAccess, read);
    },
  );

  app.get(
    "/v2/member-details/plan",
    { schema: { response: { 200: planResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const { reach, actor } = await reachOfMember(request);
      const read = await readPlan(db, actor);
      return auditedAnswer(context, request, reply, reach, AUDIT_RESOURCES.plan, read);
    },
  );

  app.get(
    "/v2/member-details/scheme",
    { schema: { response: { 200: schemeResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const { reach, actor } = await reachOfMember(request);
      const read = await readScheme(db, actor);
      return auditedAnswer(context, request, reply, reach, AUDIT_RESOURCES.scheme, read);
    },
  );

  app.get(
    "/v2/member-details/policies/:policyId/dependents",
    {
      schema: {
        params: policyParamsSchema,
        querystring: policyQuerySchema,
        response: { 200: dependentsResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { reach, actor } = await reachOfMember(request);
      // Scoped by the principal inside the query: another member's policy, a wrong identifier and
      // a policy that does not exist all come back empty, hence the same 404.
      const dependents = await listDependentsOfPolicy(
        db,
        actor,
        request.params.policyId,
        request.query.policyIdentifier,
      );
      if (!dependents) throw errors.notFound();
      const read = { body: { dependents }, subjects: dependents.map((dependent) => dependent.entityNumber) };
      return auditedAnswer(context, request, reply, reach, AUDIT_RESOURCES.policyDependents, read);
    },
  );
};
