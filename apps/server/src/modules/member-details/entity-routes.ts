import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.js";
import { requireMember } from "../gateway/session-plugin.js";
import { reachOf, requireInReach } from "./access.js";
import { AUDIT_RESOURCES, auditedAnswer } from "./audited-answer.js";
import {
  readDependents,
  readEmergencyContacts,
  readMemberDetails,
  readPatientList,
  readPlan,
  readScheme,
} from "./entity-reads.js";
import {
  dependentsResponseSchema,
  emergencyContactsResponseSchema,
  entityParamsSchema,
  errorResponses,
  memberDetailsFlagsSchema,
  memberDetailsResponseSchema,
  patientListDetailsResponseSchema,
  planResponseSchema,
  schemeResponseSchema,
} from "./route-schemas.js";

/**
 * /v2/member-details/{entityNumber} and its sub-paths: the same resources for any entity the
 * logged-in member reaches (themselves or a dependent); any other entity answers 404.
 */
export const entityMemberDetailsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;

  /** The entity named in the path, once the access service has let it through. */
  async function reachableTarget(request: FastifyRequest<{ Params: { entityNumber: number } }>) {
    const reach = await reachOf(db, requireMember(request).entityNumber);
    const target = request.params.entityNumber;
    requireInReach(reach, target);
    return { reach, target };
  }

  app.get(
    "/v2/member-details/:entityNumber",
    {
      schema: {
        params: entityParamsSchema,
        querystring: memberDetailsFlagsSchema,
        response: { 200: memberDetailsResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { reach, target } = await reachableTarget(request);
      const read = await readMemberDetails(db, target, request.query, reach);
      return auditedAnswer(context, request, reply, reach, AUDIT_RESOURCES.memberDetails, read);
    },
  );

  app.get(
    "/v2/member-details/:entityNumber/dependents",
    {
      schema: { params: entityParamsSchema, response: { 200: dependentsResponseSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const { reach, target } = await reachableTarget(request);
      const read = await readDependents(db, target, reach);
      return auditedAnswer(context, request, reply, reach, AUDIT_RESOURCES.dependents, read);
    },
  );

  app.get(
    "/v2/member-details/:entityNumber/emergency-contacts",
    {
      schema: {
        params: entityParamsSchema,
        response: { 200: emergencyContactsResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { reach, target } = await reachableTarget(request);
      const read = await readEmergencyContacts(db, target);
      return auditedAnswer(context, request, reply, reach, AUDIT_RESOURCES.emergencyContacts, read);
    },
  );

  app.get(
    "/v2/member-details/:entityNumber/patient-list-details",
    {
      schema: {
        params: entityParamsSchema,
        response: { 200: patientListDetailsResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { reach, target } = await reachableTarget(request);
      const read = await readPatientList(db, target, reach);
      return auditedAnswer(context, request, reply, reach, AUDIT_RESOURCES.patientList, read);
    },
  );

  app.get(
    "/v2/member-details/:entityNumber/plan",
    { schema: { params: entityParamsSchema, response: { 200: planResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const { reach, target } = await reachableTarget(request);
      const read = await readPlan(db, target);
      return auditedAnswer(context, request, reply, reach, AUDIT_RESOURCES.plan, read);
    },
  );

  app.get(
    "/v2/member-details/:entityNumber/scheme",
    { schema: { params: entityParamsSchema, response: { 200: schemeResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const { reach, target } = await reachableTarget(request);
      const read = await readScheme(db, target);
      return auditedAnswer(context, request, reply, reach, AUDIT_RESOURCES.scheme, read);
    },
  );
};
