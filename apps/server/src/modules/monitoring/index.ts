// Monitoring: the health and readiness probes, Prometheus metrics, and the spans of traces.
// Not the OpenTelemetry SDK (tracing-setup.ts): src/tracing.ts loads it, before anything else,
// only when traces are sent; exporting it here would load it with every importer of this module.
export { healthRoutes } from "./health-routes.js";
export { type LoginFailureReason, metricsPlugin } from "./metrics.js";
export { startMetricsListener } from "./metrics-listener.js";
export { failureOf, within, writeProbeBlob } from "./readiness.js";
export { inSpan, SpanKind } from "./spans.js";
export { traceNamesPlugin } from "./trace-names.js";
