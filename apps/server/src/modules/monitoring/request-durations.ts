import type { Metric } from "prom-client";

// http_request_duration_seconds, counted on every request: a histogram written for that one job and
// served by prom-client's registry as any of its own metrics, in the same exposition. prom-client's
// Histogram, asked through a labelled child, builds a labels object, validates it, joins the label
// values into a key string and looks the series up by it, then converts the bucket's bound to a
// property name, on every observe: 11 600 instructions of the portal's 548 000 a request on the open
// list, a third of what the portal spends beyond the plain route (docs/decisions/0014, amended
// 2026-11-28). Here a request is a map lookup by the route pattern (the same string each time), one
// by method and one by status, a short scan of the bounds and three additions.

/** What prom-client's registry reads of a metric's get(), as its own Histogram answers it. */
export interface HistogramValues {
  name: string;
  help: string;
  type: "histogram";
  aggregator: "sum";
  values: { labels: Record<string, string | number>; value: number; metricName: string }[];
}

export type DurationLabel = "method" | "route" | "status_code";

interface Series {
  labels: Record<DurationLabel, string>;
  /** Observations per bucket, not cumulative; the last one is +Inf. */
  counts: Float64Array;
  sum: number;
  count: number;
}

export interface RequestDurationsOptions {
  name: string;
  help: string;
  /** Upper bounds in seconds, ascending (without +Inf). */
  buckets: readonly number[];
}

export class RequestDurations {
  readonly name: string;
  readonly help: string;
  readonly type = "histogram";
  readonly aggregator = "sum";
  private readonly buckets: readonly number[];
  /** By route pattern, then by method, then by status code. */
  private readonly series = new Map<string, Map<string, Map<number, Series>>>();
  /** Every series in the order it first appeared, as prom-client prints them. */
  private readonly seriesInOrder: Series[] = [];

  constructor(options: RequestDurationsOptions) {
    this.name = options.name;
    this.help = options.help;
    this.buckets = [...options.buckets];
  }

  /** One request with `method` (its label) answered with `statusCode` on `route` after `seconds`. */
  observe(route: string, method: string, statusCode: number, seconds: number): void {
    let byMethod = this.series.get(route);
    if (byMethod === undefined) {
      byMethod = new Map();
      this.series.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let series = byStatus.get(statusCode);
    if (series === undefined) {
      series = {
        labels: { method, route, status_code: String(statusCode) },
        counts: new Float64Array(this.buckets.length + 1),
        sum: 0,
        count: 0,
      };
      byStatus.set(statusCode, series);
      this.seriesInOrder.push(series);
    }
    let bucket = 0;
    while (bucket < this.buckets.length && seconds > (this.buckets[bucket] as number)) bucket += 1;
    series.counts[bucket] = (series.counts[bucket] ?? 0) + 1;
    series.sum += seconds;
    series.count += 1;
  }

  /** What the registry prints, in the shape and order of prom-client's Histogram. */
  async get(): Promise<HistogramValues> {
    const values: HistogramValues["values"] = [];
    for (const { labels, counts, sum, count } of this.seriesInOrder) {
      let cumulative = 0;
      this.buckets.forEach((bound, index) => {
        cumulative += counts[index] ?? 0;
        values.push({
          labels: { le: bound, ...labels },
          value: cumulative,
          metricName: `${this.name}_bucket`,
        });
      });
      values.push({ labels: { le: "+Inf", ...labels }, value: count, metricName: `${this.name}_bucket` });
      values.push({ labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.series.clear();
    this.seriesInOrder.length = 0;
  }

  /** For `registry.registerMetric`, which takes prom-client's own classes but reads only get(), name, type and reset(). */
  asMetric(): Metric {
    return this as unknown as Metric;
  }
}
