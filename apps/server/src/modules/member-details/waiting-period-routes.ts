import {
  entityParamsSchema,
  memberDetailsErrorResponses as errorResponses,
  waitingPeriodsQuerySchema,
  waitingPeriodsResponseSchema,
} from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.js";
import { schemeToday } from "../../lib/scheme-today.js";
import { AUDIENCES, AUDIT_RESOURCES, auditRead, entityParam } from "../access/index.js";
import { listWaitingPeriodsInForce } from "./cover-repository.js";

/**
 * GET /policy-exclusions/{entityNumber}/waiting-periods?asAtDate=yyyy-MM-dd: the waiting periods
 * and exclusions in force on that date (today in the scheme's time zone when absent), for oneself
 * or a dependent.
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
      config: {
        access: {
          audience: AUDIENCES.member,
          target: entityParam("entityNumber"),
          audit: auditRead(AUDIT_RESOURCES.waitingPeriods),
        },
      },
    },
    async (request) => {
      const entityNumber = request.access.target;
      const asAtDate = request.query.asAtDate ?? schemeToday(context);
      const waitingPeriods = await listWaitingPeriodsInForce(db, entityNumber, asAtDate);
      return { entityNumber, asAtDate, waitingPeriods };
    },
  );
};
