// The few parts of autocannon the bench uses (the package ships no types).
declare module "autocannon" {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
  }
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    /** Cycled through, in order, by each connection. */
    requests?: Request[];
    /** Requests a second across all connections (else as fast as answers come). */
    overallRate?: number;
  }
  /** A run: a promise of its result, and the events of each answer. */
  interface Instance extends Promise<Result> {
    /** Each answer as it comes: its status, its bytes and its time in milliseconds (not rounded). */
    on(
      event: "response",
      listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void,
    ): this;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
