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
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    /** Cycled through, in order, by each connection. */
    requests?: Request[];
    /** Requests a second across all connections (else as fast as answers come). */
    overallRate?: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
