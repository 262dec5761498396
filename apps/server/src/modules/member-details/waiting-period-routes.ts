import { isoDateOnly } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.js";
import { requireMember } from "../gateway/session-plugin.js";
import { reachOf, requireInReach } from "./access.js";
import { AUDIT_RESOURCES, auditedAnswer } from "./audited-answer.js";
import { listWaitingPeriodsInForce } from "./cover-repository.js";
import { entityParamsSchema, errorResponses } from "./route-schemas.js";
import { waitingPeriodsQuerySchema, waitingPeriodsResponseSchema } from "./self-service-schemas.js";

/**
 * GET /policy-exclusions/{entityNumber}/waiting-periods?asAtDate=yyyy-MM-dd: the waiting periods
 * and exclusions in force on that date (today, UTC, when absent), for oneself or a dependent.
 */
export const waitingPeriodRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;

  app.get(
    "/policy-exclusions/:entityNumber/waiting-periods",
    {
      schema: {
        params: entityParamsSchema,
        querystring: waitingPeriodsQuerySchema,
        response: { 200: waitingPeriodsResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const reach = await reachOf(db, requireMember(request).entityNumber);
      const { entityNumber } = request.params;
      requireInReach(reach, entityNumber);
      const asAtDate = request.query.asAtDate ?? isoDateOnly(context.now());
      const waitingPeriods = await listWaitingPeriodsInForce(db, entityNumber, asAtDate);
      return auditedAnswer(context, request, reply, reach, AUDIT_RESOURCES.waitingPeriods, {
        body: { entityNumber, asAtDate, waitingPeriods },
        subjects: [entityNumber],
      });
    },
  );
};
