import { ClientRequest, type IncomingMessage } from "node:http";
import { type Attributes, context, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type ReadableSpan,
  type SpanExporter,
  TracerProvider,
} from "@opentelemetry/sdk-trace";

// The OpenTelemetry SDK, loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set (src/tracing.ts).
// Spans: each HTTP request (named by method and route pattern: trace-names.ts), each PostgreSQL
// statement and pool wait inside one, each call to S3 (an HTTP client span named by method and
// host: the AWS SDK sends through node:https), each mail delivered and SMTP send (spans.ts).
//
// No personal data leaves in a span: before export every attribute not on the list below is
// dropped, whatever an instrumentation recorded. So no URL (a path holds reference and entity
// numbers, a query string may hold more), no client address, no user agent, no header, no SQL
// parameter (the statement text keeps its $1 placeholders; values are never recorded), no e-mail
// address; an error keeps its type, never its message. Probes and scrapes are not traced.

const KEPT_ATTRIBUTES = new Set([
  // HTTP, both the stable and the older semantic conventions.
  "http.request.method",
  "http.method",
  "http.response.status_code",
  "http.status_code",
  "http.route",
  "http.flavor",
  "network.protocol.version",
  "url.scheme",
  "server.address",
  "server.port",
  "error.type",
  // PostgreSQL.
  "db.system",
  "db.system.name",
  "db.name",
  "db.namespace",
  "db.operation",
  "db.operation.name",
  "db.statement",
  "db.query.text",
  "db.response.status_code",
  "net.peer.name",
  "net.peer.port",
  // The portal's own.
  "mail.kind",
]);

/** Paths never traced: probes every few seconds, and the metrics listener's scrapes. */
const UNTRACED_PATH = /^\/(?:healthz|readyz|metrics)(?:\?|$)/;

function keptAttributes(attributes: Attributes): Attributes {
  const kept: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (KEPT_ATTRIBUTES.has(key)) kept[key] = value;
  }
  return kept;
}

/** The span as exported: the allowed attributes only, no error message, no link. */
export function redactedSpan(span: ReadableSpan): ReadableSpan {
  return {
    name: span.name.split("?")[0] ?? "",
    kind: span.kind,
    spanContext: () => span.spanContext(),
    parentSpanContext: span.parentSpanContext,
    startTime: span.startTime,
    endTime: span.endTime,
    status: { code: span.status.code },
    attributes: keptAttributes(span.attributes),
    links: [],
    events: span.events.map((event) => ({
      name: event.name,
      time: event.time,
      attributes: event.attributes?.["exception.type"]
        ? { "exception.type": event.attributes["exception.type"] }
        : {},
      droppedAttributesCount: 0,
    })),
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationScope: span.instrumentationScope,
    droppedAttributesCount: 0,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: 0,
  };
}

/** Hands the exporter redacted copies only. */
class RedactingExporter implements SpanExporter {
  constructor(private readonly exporter: SpanExporter) {}
  export(spans: ReadableSpan[], resultCallback: Parameters<SpanExporter["export"]>[1]): void {
    this.exporter.export(spans.map(redactedSpan), resultCallback);
  }
  shutdown(): Promise<void> {
    return this.exporter.shutdown();
  }
  forceFlush(): Promise<void> {
    return this.exporter.forceFlush?.() ?? Promise.resolve();
  }
}

export interface TracingHandle {
  shutdown(): Promise<void>;
}

export function startTracing(options: { serviceName: string }): TracingHandle {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  // A load balancer's or caller's traceparent continues its trace.
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ "service.name": options.serviceName }),
    sampler: new ParentBasedSampler({ root: new AlwaysOnSampler() }),
    // The exporter reads OTEL_EXPORTER_OTLP_ENDPOINT (and _HEADERS, _TIMEOUT) itself: OTLP/HTTP JSON.
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new RedactingExporter(new OTLPTraceExporter()),
        // OTEL_BSP_SCHEDULE_DELAY, as the specification names it: how often a batch is sent.
        scheduledDelayMillis: Number(process.env.OTEL_BSP_SCHEDULE_DELAY) || 5_000,
      }),
    ],
  });
  trace.setGlobalTracerProvider(provider);
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request: IncomingMessage) => UNTRACED_PATH.test(request.url ?? ""),
        // Outgoing calls (S3) are traced inside a request or a mail's send, not from a timer.
        requireParentforOutgoingSpans: true,
        // "PUT s3.example.com": the host says which service; the path (a blob's key) is left out.
        requestHook: (span, request) => {
          if (request instanceof ClientRequest) span.updateName(`${request.method} ${request.host}`);
        },
      }),
      // Statements inside a traced request or mail only: not the mail worker's polling every 2 s.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  return {
    async shutdown() {
      unregister();
      await provider.shutdown();
    },
  };
}
