import path from "node:path";
import { errorBodySchema } from "@portal/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { errors } from "../../lib/errors.js";
import { type ContentFile, readContent } from "./content-files.js";
import { withSchemeSiteLinks } from "./scheme-site-links.js";

const wildcardParams = z.object({ "*": z.string() });
const contentSchema = {
  params: wildcardParams,
  response: { 200: z.string().describe("the fragment or image"), 404: errorBodySchema },
};

/**
 * Content service: `/site{path}` from content/, `/site/preview{path}` with content/preview/ first.
 * HTML fragments get the scheme's website filled into their links (scheme-site-links.ts).
 */
export const contentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const publishedRoot = context.config.CONTENT_DIR;
  const previewRoot = path.join(publishedRoot, "preview");

  const send = (reply: FastifyReply, file: ContentFile | null) => {
    if (!file) throw errors.notFound();
    // HTML links to the scheme's website carry a placeholder for its configured address.
    const body = file.contentType.startsWith("text/html")
      ? withSchemeSiteLinks(file.body.toString("utf8"), context.config.SCHEME_SITE_URL)
      : file.body;
    return reply.type(file.contentType).header("cache-control", "no-cache").send(body);
  };

  app.get("/site/preview/*", { schema: contentSchema }, async (request, reply) =>
    send(reply, await readContent([previewRoot, publishedRoot], request.params["*"])),
  );

  app.get("/site/*", { schema: contentSchema }, async (request, reply) => {
    const requested = request.params["*"];
    // The preview tree is never published.
    if (requested.split("/").find((segment) => segment.length > 0) === "preview") throw errors.notFound();
    return send(reply, await readContent([publishedRoot], requested));
  });
};
