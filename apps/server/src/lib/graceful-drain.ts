import type { FastifyInstance } from "fastify";

// SIGTERM (a deploy, a scale-down) or SIGINT: stop taking connections at once (a readiness probe
// and a load balancer see the listener gone, and requests on kept-alive connections get 503),
// let requests in flight finish, uploads included, for up to the grace period, then cut what is
// left, wait for cut uploads to delete their partial files, and exit. A second signal exits at once.

export interface DrainOptions {
  graceMs: number;
  /** Resolves once every upload being written has finished or removed its partial file. */
  uploadsSettled(): Promise<void>;
  /** Set by the drain: the process's exit code once it has drained. */
  exit?: (code: number) => void;
}

/** After the grace, what the cut connections' handlers may take to clean up. */
const CLEANUP_MS = 5_000;

export function installGracefulDrain(
  app: FastifyInstance,
  options: DrainOptions,
): { drain(reason: string): Promise<void> } {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let draining: Promise<void> | undefined;

  async function drain(reason: string, exitCode = 0): Promise<void> {
    // Whatever goes wrong while draining (a close hook that throws or never settles), the process
    // ends: a drain that rejected once left it running, deaf to the next SIGTERM's "at once" too.
    setTimeout(() => exit(exitCode || 1), options.graceMs + CLEANUP_MS + 1_000).unref();
    try {
      await drainThenClose(reason);
    } catch (err) {
      app.log.error({ err }, "shutdown failed: exiting");
      exitCode = exitCode || 1;
    }
    exit(exitCode);
  }

  async function drainThenClose(reason: string): Promise<void> {
    // Readiness fails at once, before the listener is even closed (a probe on a kept-alive connection).
    app.markShuttingDown();
    const closing = app.close();
    const graceOver = new Promise<"grace over">((resolve) =>
      setTimeout(() => resolve("grace over"), options.graceMs).unref(),
    );
    if ((await Promise.race([closing.then(() => "closed" as const), graceOver])) === "grace over") {
      app.log.warn(
        { graceSeconds: options.graceMs / 1000 },
        "shutdown grace over: cutting the requests still in flight",
      );
      app.server.closeAllConnections();
      await Promise.race([
        Promise.all([options.uploadsSettled(), closing]),
        new Promise((resolve) => setTimeout(resolve, CLEANUP_MS).unref()),
      ]);
    }
    app.log.info({ reason }, "shut down");
  }

  const start = (reason: string, exitCode = 0) => {
    if (draining) return draining;
    app.log.info(
      { reason, graceSeconds: options.graceMs / 1000 },
      "shutting down: draining requests in flight",
    );
    draining = drain(reason, exitCode);
    return draining;
  };

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (draining) {
        app.log.warn({ signal }, "second signal: exiting at once");
        exit(1);
        return;
      }
      void start(signal);
    });
  }
  const onFault = (kind: string) => (err: unknown) => {
    app.log.fatal({ err }, `${kind}: shutting down`);
    void start(kind, 1);
  };
  process.on("uncaughtException", onFault("uncaught exception"));
  process.on("unhandledRejection", onFault("unhandled rejection"));
  return { drain: (reason) => start(reason) };
}
