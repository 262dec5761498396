import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../app-context.js";
import { StartupError } from "../../lib/startup-error.js";

/**
 * Serves the built SPA at `/`. Hashed assets are cached for good; index.html never. Text assets are
 * sent as the brotli or gzip copy the build made (apps/web/scripts/precompress.mjs) when the browser
 * accepts it, with `Vary: Accept-Encoding`.
 */
export const webAppRoutes: FastifyPluginAsync<AppContext> = async (app, { config }) => {
  const root = config.WEB_DIST_DIR;
  if (!fs.existsSync(path.join(root, "index.html"))) {
    throw new StartupError(
      `The web app is not built: ${root}/index.html is missing. Run "npm run build" first.`,
    );
  }
  await app.register(fastifyStatic, {
    root,
    prefix: "/",
    wildcard: true,
    index: ["index.html"],
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
};
