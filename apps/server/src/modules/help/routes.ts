import {
  errorBodySchema,
  HELP_SEARCH_MAX_RESULTS,
  helpSearchQuerySchema,
  helpSearchResponseSchema,
} from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.js";
import { asksForPerson } from "./hand-over.js";
import { createHelpSearch } from "./help-index.js";

export const HELP_SEARCH_PATH = "/api/help/search";

/**
 * Help search over the published fragments. Public, like the fragments themselves: it holds no
 * member data, so the route declares no access (route-access.ts). A question asking for a person is
 * answered handOver instead (hand-over.ts).
 */
export const helpRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config, now }) => {
  const help = createHelpSearch(config.CONTENT_DIR, now);
  app.get(
    HELP_SEARCH_PATH,
    {
      schema: {
        querystring: helpSearchQuerySchema,
        response: { 200: helpSearchResponseSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-cache");
      // A request for a person gets the way to one, not the article whose words come closest.
      if (asksForPerson(request.query.q)) return { results: [], handOver: true };
      return { results: await help.search(request.query.q, HELP_SEARCH_MAX_RESULTS) };
    },
  );
};
