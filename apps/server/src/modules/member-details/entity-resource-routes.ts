import {
  addressesFlagSchema,
  dependentDetailsResponseSchema,
  dependentParamsSchema,
  dependentsResponseSchema,
  emergencyContactsResponseSchema,
  entityParamsSchema,
  memberDetailsErrorResponses as errorResponses,
  groupAccessResponseSchema,
  memberDetailsFlagsSchema,
  memberDetailsResponseSchema,
  memberEntityParamsSchema,
  patientListDetailsResponseSchema,
  planResponseSchema,
  policyParamsSchema,
  policyQuerySchema,
  roleCheckResponseSchema,
  roleParamsSchema,
  schemeResponseSchema,
} from "@portal/domain";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { errors } from "../../lib/errors.js";
import {
  AUDIENCES,
  AUDIT_RESOURCES,
  auditRead,
  dependentParam,
  entityParam,
  listRoles,
  policyParam,
  type ReadAudit,
  type ResolvedAccess,
  SELF,
  type TargetRule,
} from "../access/index.js";
import {
  readDependent,
  readDependents,
  readEmergencyContacts,
  readGroupAccess,
  readMemberDetails,
  readPatientList,
  readPlan,
  readScheme,
} from "./entity-reads.js";
import { listDependentsOfPolicy } from "./policies-repository.js";

// The member-details resources that belong to one person (requirements §7). Most are served twice:
// at a path for the logged-in person ("me") and at a path naming an entity they reach. One table
// below lists each resource once; the access plugin resolves the entity and writes the audit rows.

const entitiesIn = (people: readonly { entityNumber: number }[] | undefined) =>
  (people ?? []).map((person) => person.entityNumber);

interface EntityResource<Query extends z.ZodType, Response extends z.ZodType> {
  /** The "me" path, and the same resource's path naming an entity (`:param` in it). */
  paths: { self?: string; entity?: string; entityParams?: z.ZodType };
  querystring?: Query;
  response: Response;
  audit: ReadAudit;
  read(access: ResolvedAccess, query: z.output<Query>): Promise<z.input<Response>>;
}

/** Registers one resource at each of its paths; the entity path's target is its only parameter. */
function serveEntityResource<Query extends z.ZodType, Response extends z.ZodType>(
  app: FastifyInstance,
  resource: EntityResource<Query, Response>,
): void {
  const variants: { url: string; target: TargetRule; params?: z.ZodType }[] = [];
  if (resource.paths.self) variants.push({ url: resource.paths.self, target: SELF });
  if (resource.paths.entity) {
    const param = /:(\w+)/.exec(resource.paths.entity)?.[1];
    if (!param || !resource.paths.entityParams)
      throw new Error(`${resource.paths.entity}: no entity parameter`);
    variants.push({
      url: resource.paths.entity,
      target: entityParam(param),
      params: resource.paths.entityParams,
    });
  }
  for (const variant of variants) {
    app.route({
      method: "GET",
      url: variant.url,
      schema: {
        ...(variant.params ? { params: variant.params } : {}),
        ...(resource.querystring ? { querystring: resource.querystring } : {}),
        response: { 200: resource.response, ...errorResponses },
      },
      config: { access: { audience: AUDIENCES.member, target: variant.target, audit: resource.audit } },
      handler: async (request) => resource.read(request.access, request.query as z.output<Query>),
    });
  }
}

export const entityResourceRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;
  const v2 = "/v2/member-details";
  const entity = { entityParams: entityParamsSchema };

  serveEntityResource(app, {
    paths: { self: v2, entity: `${v2}/:entityNumber`, ...entity },
    querystring: memberDetailsFlagsSchema,
    response: memberDetailsResponseSchema,
    audit: auditRead(AUDIT_RESOURCES.memberDetails, (body: { dependents?: { entityNumber: number }[] }) =>
      entitiesIn(body.dependents),
    ),
    read: async ({ actor, target }, flags) => readMemberDetails(db, target, flags, await actor.memberReach()),
  });

  // The same details at the older /member-details/ paths, with addresses on request only.
  serveEntityResource(app, {
    paths: {
      self: "/member-details/",
      entity: "/member-details/:memberEntityNumber",
      entityParams: memberEntityParamsSchema,
    },
    querystring: addressesFlagSchema,
    response: memberDetailsResponseSchema,
    audit: auditRead(AUDIT_RESOURCES.memberDetails),
    read: async ({ actor, target }, flags) => readMemberDetails(db, target, flags, await actor.memberReach()),
  });

  serveEntityResource(app, {
    paths: { self: `${v2}/dependents`, entity: `${v2}/:entityNumber/dependents`, ...entity },
    response: dependentsResponseSchema,
    audit: auditRead(AUDIT_RESOURCES.dependents, (body: { dependents: { entityNumber: number }[] }) =>
      entitiesIn(body.dependents),
    ),
    read: async ({ actor, target }) => readDependents(db, target, await actor.memberReach()),
  });

  serveEntityResource(app, {
    paths: { self: `${v2}/emergency-contacts`, entity: `${v2}/:entityNumber/emergency-contacts`, ...entity },
    response: emergencyContactsResponseSchema,
    audit: auditRead(AUDIT_RESOURCES.emergencyContacts),
    read: async ({ target }) => readEmergencyContacts(db, target),
  });

  serveEntityResource(app, {
    paths: { entity: `${v2}/:entityNumber/patient-list-details`, ...entity },
    response: patientListDetailsResponseSchema,
    audit: auditRead(AUDIT_RESOURCES.patientList, (body: { patients: { entityNumber: number }[] }) =>
      entitiesIn(body.patients),
    ),
    read: async ({ actor, target }) => readPatientList(db, target, await actor.memberReach()),
  });

  serveEntityResource(app, {
    paths: { self: `${v2}/plan`, entity: `${v2}/:entityNumber/plan`, ...entity },
    response: planResponseSchema,
    audit: auditRead(AUDIT_RESOURCES.plan),
    read: async ({ target }) => readPlan(db, target),
  });

  serveEntityResource(app, {
    paths: { self: `${v2}/scheme`, entity: `${v2}/:entityNumber/scheme`, ...entity },
    response: schemeResponseSchema,
    audit: auditRead(AUDIT_RESOURCES.scheme),
    read: async ({ target }) => readScheme(db, target),
  });

  serveEntityResource(app, {
    paths: { entity: `${v2}/group-access/:entityNumber`, ...entity },
    response: groupAccessResponseSchema,
    audit: auditRead(
      AUDIT_RESOURCES.groupAccess,
      (body: { accessibleEntities: { entityNumber: number }[] }) => entitiesIn(body.accessibleEntities),
    ),
    read: async ({ actor, target }) => readGroupAccess(db, target, await actor.memberReach()),
  });

  // One dependent of the logged-in principal member: never oneself.
  app.get(
    `${v2}/dependent/:dependentEntityNumber`,
    {
      schema: {
        params: dependentParamsSchema,
        response: { 200: dependentDetailsResponseSchema, ...errorResponses },
      },
      config: {
        access: {
          audience: AUDIENCES.member,
          target: dependentParam("dependentEntityNumber"),
          audit: auditRead(AUDIT_RESOURCES.dependent),
        },
      },
    },
    async (request) => readDependent(db, request.access.actor.entityNumber, request.access.target),
  );

  // A policy's dependents, for its principal member only (id and identifier must both match).
  app.get(
    `${v2}/policies/:policyId/dependents`,
    {
      schema: {
        params: policyParamsSchema,
        querystring: policyQuerySchema,
        response: { 200: dependentsResponseSchema, ...errorResponses },
      },
      config: {
        access: {
          audience: AUDIENCES.member,
          target: policyParam("policyId", "policyIdentifier"),
          audit: auditRead(
            AUDIT_RESOURCES.policyDependents,
            (body: { dependents: { entityNumber: number }[] }) => entitiesIn(body.dependents),
          ),
        },
      },
    },
    async (request) => {
      const { params, query, access } = request;
      const dependents = await listDependentsOfPolicy(
        db,
        access.target,
        params.policyId,
        query.policyIdentifier,
      );
      if (!dependents) throw errors.notFound();
      return { dependents };
    },
  );

  // Which of the roles asked the entity holds.
  app.get(
    "/member-details/member/:entityNumber/roles/:roles",
    {
      schema: { params: roleParamsSchema, response: { 200: roleCheckResponseSchema, ...errorResponses } },
      config: {
        access: {
          audience: AUDIENCES.member,
          target: entityParam("entityNumber"),
          audit: auditRead(AUDIT_RESOURCES.roles),
        },
      },
    },
    async (request) => {
      const { target } = request.access;
      const held = await listRoles(db, target);
      return {
        entityNumber: target,
        roles: request.params.roles.map((role) => ({ role, held: held.has(role) })),
      };
    },
  );
};
