import { INTERACTION_TIMELINE_PATH } from "@portal/domain";
import type { FastifyPluginAsync } from "fastify";

/**
 * Portal page addresses that links (the success message, e-mails, help fragments) point at. The
 * pages themselves live in the SPA, so a browser is sent to the SPA's screen for each.
 */
export const portalPageRoutes: FastifyPluginAsync = async (app) => {
  app.get(INTERACTION_TIMELINE_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.redirect("/#/interaction-timeline", 302),
  );
};
