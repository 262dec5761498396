import {
  benefitParamsSchema,
  memberDetailsErrorResponses as errorResponses,
  holdsBenefitPermission,
  holdsPermission,
  type Permission,
  type PolicyBenefit,
  permissionsQuerySchema,
  permissionsResponseSchema,
} from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.js";
import { AUDIENCES, entityParam, permissionContextOf, type ResolvedAccess, SELF } from "../access/index.js";
import { policyCoversBenefit } from "./policies-repository.js";

/**
 * GET /permissions, /permissions/{entityNumber} and /permissions/{entityNumber}/{policyBenefit}:
 * for each permission asked, whether the logged-in person holds it, for themselves or for the
 * entity named (one they reach, else 404). What is held follows from their roles and from whether
 * the entity is themselves or a dependent (holdsPermission in the domain); for a benefit, only when
 * the plan of the policy that links them covers it too (holdsBenefitPermission): never a policy
 * of the entity's that the asker is not on, so nothing is learnt about one.
 * The answer is about the asker's own rights, so it is not audited.
 */
export const permissionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;

  async function answer(access: ResolvedAccess, asked: Permission[], benefit?: PolicyBenefit) {
    const actor = access.actor.entityNumber;
    const relationship = access.target === actor ? "SELF" : "DEPENDENT";
    const [permissionContext, benefitCovered] = await Promise.all([
      permissionContextOf(db, actor, relationship),
      benefit === undefined ? true : policyCoversBenefit(db, actor, access.target, benefit),
    ]);
    return {
      permissions: asked.map((permission) => ({
        permission,
        granted:
          benefit === undefined
            ? holdsPermission(permission, permissionContext)
            : holdsBenefitPermission(permission, permissionContext, benefitCovered),
      })),
    };
  }

  app.get(
    "/permissions",
    {
      schema: {
        querystring: permissionsQuerySchema,
        response: { 200: permissionsResponseSchema, ...errorResponses },
      },
      config: { access: { audience: AUDIENCES.member, target: SELF } },
    },
    async (request) => answer(request.access, request.query.permissions),
  );

  app.get(
    "/permissions/:entityNumber",
    {
      schema: {
        params: benefitParamsSchema.pick({ entityNumber: true }),
        querystring: permissionsQuerySchema,
        response: { 200: permissionsResponseSchema, ...errorResponses },
      },
      config: { access: { audience: AUDIENCES.member, target: entityParam("entityNumber") } },
    },
    async (request) => answer(request.access, request.query.permissions),
  );

  app.get(
    "/permissions/:entityNumber/:policyBenefit",
    {
      schema: {
        params: benefitParamsSchema,
        querystring: permissionsQuerySchema,
        response: { 200: permissionsResponseSchema, ...errorResponses },
      },
      config: { access: { audience: AUDIENCES.member, target: entityParam("entityNumber") } },
    },
    async (request) => answer(request.access, request.query.permissions, request.params.policyBenefit),
  );
};
