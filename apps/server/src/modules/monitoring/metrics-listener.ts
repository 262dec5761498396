import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import type { Registry } from "prom-client";
import type { Config } from "../../config/env.js";

// Prometheus' /metrics on a listener of its own (METRICS_HOST:METRICS_PORT, loopback by default):
// never on the members' port, where anyone who reaches the portal could read it. METRICS_PORT=0
// turns it off (several processes on one machine each need a port of their own, or 0).

export const METRICS_PATH = "/metrics";

export interface MetricsListener {
  /** Where it listens (the port chosen when 0 was asked of serveMetrics). */
  address: AddressInfo;
  close(): Promise<void>;
}

/** Serves `registry` at GET /metrics on host:port (0: a free port); 404 for anything else. */
export async function serveMetrics(registry: Registry, host: string, port: number): Promise<MetricsListener> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (path !== METRICS_PATH || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found\n");
      return;
    }
    registry.metrics().then(
      (text) => {
        response
          .writeHead(200, { "content-type": registry.contentType, "cache-control": "no-store" })
          .end(request.method === "HEAD" ? undefined : text);
      },
      () => {
        response.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("Metrics failed\n");
      },
    );
  });
  // A scraper that keeps its connection open must not hold shutdown up.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    address: server.address() as AddressInfo,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Starts the metrics listener the configuration asks for, with Node's process metrics (event-loop
 * lag among them), closed with the app; call it before the app listens. Nothing when METRICS_PORT
 * is 0. A port it cannot take is said in the log at error level, and the portal runs on without
 * metrics: members come first (and Prometheus sees the target down).
 */
export async function startMetricsListener(
  app: FastifyInstance,
  config: Pick<Config, "METRICS_HOST" | "METRICS_PORT">,
): Promise<MetricsListener | undefined> {
  if (config.METRICS_PORT === 0) {
    app.log.info("metrics listener off (METRICS_PORT=0)");
    return undefined;
  }
  app.metrics.collectProcessMetrics();
  const where = `${config.METRICS_HOST}:${config.METRICS_PORT}`;
  try {
    const listener = await serveMetrics(app.metrics.registry, config.METRICS_HOST, config.METRICS_PORT);
    app.addHook("onClose", () => listener.close());
    app.log.info({ metricsUrl: `http://${where}${METRICS_PATH}` }, "metrics listener started");
    return listener;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    app.log.error(
      { code },
      `metrics listener not started: cannot listen on ${where} (another process may use the port); set METRICS_PORT to another, or to 0 to turn metrics off`,
    );
    return undefined;
  }
}
