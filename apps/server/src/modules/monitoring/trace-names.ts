import { trace } from "@opentelemetry/api";
import fp from "fastify-plugin";

// The HTTP span of a request (instrumentation-http's, when tracing is on: src/tracing.ts) is named
// by the route's pattern, "GET /api/smart-inquiry/member-queries/:referenceNumber", never by the
// URL asked, which holds reference numbers and more. Registered only while tracing runs (app.ts).

export const traceNamesPlugin = fp(
  async (app) => {
    // A callback hook: it waits for nothing (docs/decisions/0014).
    app.addHook("onRequest", (request, _reply, done) => {
      const span = trace.getActiveSpan();
      const route = request.routeOptions.url;
      if (span && route !== undefined) {
        span.updateName(`${request.method} ${route}`);
        span.setAttribute("http.route", route);
      }
      done();
    });
  },
  { name: "trace-names" },
);
