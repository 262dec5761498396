// First: an older Node than 24 is refused before anything loads (startup/node-version.ts).
import "./startup/require-node-24.js";
// Then V8's flags, before anything allocates (startup/v8-flags.ts).
import "./startup/v8-flags.js";
import { createRequire } from "node:module";
import type { TracingHandle } from "./modules/monitoring/tracing-setup.js";

// OpenTelemetry traces, when OTEL_EXPORTER_OTLP_ENDPOINT is set; without it this module loads
// nothing and does nothing. Its instrumentations patch node:http and pg as they are first loaded,
// so it must run before them: start the server with it preloaded,
//
//   node --import ./apps/server/dist/tracing.js apps/server/dist/server.js
//
// as `npm start` does. Loaded any later (server.ts imports it for stopTracing, but by then Node
// has loaded fastify and pg), it sends nothing and says so in the log: traces with the requests'
// spans but not their statements would mislead. docs/operations.md, "Monitoring".

let handle: TracingHandle | undefined;

/** Whether the modules tracing must patch are loaded already. */
function loadedTooLate(): boolean {
  const loaded = Object.keys(createRequire(import.meta.url).cache);
  return loaded.some((file) => /[\\/]node_modules[\\/](?:pg|fastify)[\\/]/.test(file));
}

const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
// A bad address is left to the configuration's check, which stops start-up naming the variable.
if (endpoint && URL.canParse(endpoint)) {
  if (loadedTooLate()) {
    // The logger does not exist yet: a line of the same JSON shape (pino's warn level).
    const line = {
      level: 40,
      time: Date.now(),
      pid: process.pid,
      msg: "OTEL_EXPORTER_OTLP_ENDPOINT is set but tracing was not preloaded: no traces are sent. Start node with --import ./apps/server/dist/tracing.js (npm start does).",
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  } else {
    const { startTracing } = await import("./modules/monitoring/tracing-setup.js");
    handle = startTracing({ serviceName: process.env.OTEL_SERVICE_NAME || "member-portal" });
  }
}

/** Whether spans are being sent: the app names HTTP spans by route only then (trace-names.ts). */
export function tracingStarted(): boolean {
  return handle !== undefined;
}

/** Sends the spans not yet sent, then stops; server.ts calls it as the app closes. */
export async function stopTracing(): Promise<void> {
  await handle?.shutdown();
}
