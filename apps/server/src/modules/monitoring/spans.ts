import { type Attributes, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";

// Spans of the portal's own work (a mail's delivery, an SMTP send) for the traces of
// src/tracing.ts. Without OTEL_EXPORTER_OTLP_ENDPOINT no SDK is registered and these cost a no-op
// call. Attributes hold codes and kinds, never addresses or content (tracing-setup.ts keeps an
// allow-list besides).

const tracer = trace.getTracer("member-portal");

/** What a failure is recorded as: its code or type, never its message (it may quote an address). */
function errorType(error: unknown): string {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  if (typeof code === "string" && /^[A-Za-z0-9_.-]{1,40}$/.test(code)) return code;
  return typeof name === "string" ? name : "Error";
}

/** Runs `work` in a span named `name`, ended when it settles; a failure marks it, by type only. */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: () => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  return tracer.startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.setAttribute("error.type", errorType(error));
      throw error;
    } finally {
      span.end();
    }
  });
}

export { SpanKind };
