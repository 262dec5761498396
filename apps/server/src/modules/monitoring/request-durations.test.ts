import { Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { RequestDurations } from "./request-durations.js";

// Our histogram must print exactly what prom-client's own Histogram prints for the same requests:
// Prometheus, the dashboards and the alerts read that text.

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const OBSERVED: [route: string, method: string, status: number, seconds: number][] = [
  ["/api/smart-inquiry/member-queries", "GET", 200, 0.003],
  ["/api/smart-inquiry/member-queries", "GET", 200, 0.005],
  ["/api/smart-inquiry/member-queries", "GET", 200, 0.0051],
  ["/api/smart-inquiry/member-queries", "GET", 401, 0.0009],
  ["/api/smart-inquiry/member-queries", "POST", 200, 0.2],
  ["/healthz", "HEAD", 200, 31],
  ["unmatched", "other", 404, 0.0004],
  ["/healthz", "GET", 200, 10],
];

async function exposition(record: (registry: Registry) => void): Promise<string> {
  const registry = new Registry();
  record(registry);
  return registry.metrics();
}

describe("request durations", () => {
  it("prints what prom-client's Histogram prints for the same requests", async () => {
    const help = "Time from a request's arrival to its answer.";
    const ours = await exposition((registry) => {
      const durations = new RequestDurations({
        name: "http_request_duration_seconds",
        help,
        buckets: BUCKETS,
      });
      registry.registerMetric(durations.asMetric());
      for (const [route, method, status, seconds] of OBSERVED) {
        durations.observe(route, method, status, seconds);
      }
    });
    const theirs = await exposition((registry) => {
      const histogram = new Histogram({
        name: "http_request_duration_seconds",
        help,
        labelNames: ["method", "route", "status_code"] as const,
        buckets: BUCKETS,
        registers: [registry],
      });
      for (const [route, method, status, seconds] of OBSERVED) {
        histogram.labels({ method, route, status_code: String(status) }).observe(seconds);
      }
    });
    expect(ours).toBe(theirs);
    expect(ours).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/smart-inquiry/member-queries",status_code="200"} 2',
    );
  });

  it("starts again empty when the registry is reset", async () => {
    const registry = new Registry();
    const durations = new RequestDurations({ name: "d", help: "h", buckets: BUCKETS });
    registry.registerMetric(durations.asMetric());
    durations.observe("/healthz", "GET", 200, 0.001);
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain("d_count");
  });
});
