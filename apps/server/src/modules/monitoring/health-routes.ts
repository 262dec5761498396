import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import type { BlobStore } from "../storage/index.js";
import { createReadinessCheck, READINESS_PARTS, type ReadinessOptions } from "./readiness.js";

// Probes for an orchestrator or a load balancer. /healthz: the process answers (restart it when it
// does not). /readyz: it can serve (send it traffic only when it says so): the database answers, the
// schema is current, the blob store takes a write; 503 naming the failing part otherwise, and from
// the moment shutdown begins. Both are public, need no session, say nothing about anyone, are never
// cached, and are not member activity (no session is looked up: session/session-plugin.ts).
// Ping.srv stays as the specification has it: "OK", whatever the database does.

const HEALTH_PATH = "/healthz";
const READINESS_PATH = "/readyz";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * From now on /readyz answers 503 ("shutting down"), so a load balancer stops sending new
     * requests; called by the shutdown path, and by app.close() in any case (preClose).
     */
    markShuttingDown(): void;
  }
}

const healthSchema = z
  .object({ status: z.literal("ok").describe("The process answers.") })
  .meta({ id: "Health" });

const partSchema = z.enum(["shutting down", ...READINESS_PARTS]);

const readinessSchema = z
  .object({
    status: z.enum(["ready", "not ready"]),
    failing: z.array(partSchema).describe("The parts that are not ready; empty when ready."),
    checks: z
      .record(z.string(), z.string())
      .describe('Each part checked ("database", "schema", "blob store"): "ok", or what is wrong.'),
  })
  .meta({ id: "Readiness" });

export interface HealthRoutesOptions extends AppContext {
  blobStore: BlobStore;
  readiness?: Pick<ReadinessOptions, "timeoutMs" | "blobCheckTtlMs">;
}

const routes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, options) => {
  const check = createReadinessCheck({
    db: options.db,
    blobStore: options.blobStore,
    ...options.readiness,
  });
  let shuttingDown = false;
  app.decorate("markShuttingDown", () => {
    shuttingDown = true;
  });
  app.addHook("preClose", async () => {
    shuttingDown = true;
  });

  app.get(
    HEALTH_PATH,
    { schema: { response: { 200: healthSchema } }, logLevel: "warn" },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { status: "ok" as const };
    },
  );

  app.get(
    READINESS_PATH,
    { schema: { response: { 200: readinessSchema, 503: readinessSchema } }, logLevel: "warn" },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      if (shuttingDown) {
        return reply.code(503).send({ status: "not ready", failing: ["shutting down"], checks: {} });
      }
      const report = await check();
      if (shuttingDown) {
        return reply
          .code(503)
          .send({ status: "not ready", failing: ["shutting down"], checks: report.checks });
      }
      return reply.code(report.ready ? 200 : 503).send({
        status: report.ready ? "ready" : "not ready",
        failing: report.failing,
        checks: report.checks,
      });
    },
  );
};

/** Not encapsulated: markShuttingDown is the root app's. */
export const healthRoutes = fp(routes, { name: "health-routes" });
