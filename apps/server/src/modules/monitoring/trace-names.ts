import { trace } from "@opentelemetry/api";
import fp from "fastify-plugin";

// The HTTP span of a request (instrumentation-http's, when tracing is on: src/tracing.ts) is named
// by the route's pattern, "GET /api/smart-inquiry/member-queries/:referenceNumber", never by the
// URL asked, which holds reference numbers and more. Without tracing there is no span: a no-op.

export const traceNamesPlugin = fp(
  async (app) => {
    app.addHook("onRequest", async (request) => {
      const span = trace.getActiveSpan();
      const route = request.routeOptions.url;
      if (!span || route === undefined) return;
      span.updateName(`${request.method} ${route}`);
      span.setAttribute("http.route", route);
    });
  },
  { name: "trace-names" },
);
