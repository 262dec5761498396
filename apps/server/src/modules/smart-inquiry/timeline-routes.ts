import { errorBodySchema, timelineQuerySchema, timelineResponseSchema } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AUDIENCES } from "../access/index.js";
import type { SmartInquiryContext } from "./smart-inquiry-context.js";
import { readTimeline } from "./timeline-repository.js";

/**
 * GET {SMART_INQUIRY_BASE}/interaction-timeline: the member's own interactions, newest first; a new
 * query from 24 hours after it was logged (timeline-repository.ts).
 */
export const timelineRoutes: FastifyPluginAsyncZod<SmartInquiryContext> = async (app, context) => {
  app.get(
    "/interaction-timeline",
    {
      schema: {
        querystring: timelineQuerySchema,
        response: { 200: timelineResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
      config: { access: { audience: AUDIENCES.member } },
    },
    async (request) => readTimeline(context.db, request.access.target, request.query.before, context.now()),
  );
};
