import autocannon, { type Options } from "autocannon";

export const LOAD_CONNECTIONS = 50;

/** The value at `share` (0.95 for p95) of times sorted in ascending order. */
export function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

export interface LoadFigure {
  requestsPerSecond: number;
  p99Ms: number;
}

/**
 * autocannon's run, its rate and a p99 of each 2xx answer's own time. autocannon's own percentiles
 * are of whole milliseconds (its histogram keeps integers): at the 6-9 ms p99 of the member reads
 * that is a step of 11-17 %, too coarse for a ratio of two p99s. With `warmUpSeconds`, the run
 * is that much longer and only the answers after it are counted: the server warms up on the same
 * connections that are then measured, so the measure holds no burst of new connections.
 */
export async function loadRun(options: Options, what: string, warmUpSeconds = 0): Promise<LoadFigure> {
  const seconds = options.duration ?? 10;
  const latenciesMs: number[] = [];
  const run = autocannon({ ...options, duration: seconds + warmUpSeconds });
  const countFrom = performance.now() + warmUpSeconds * 1000;
  run.on("response", (_client, statusCode, _bytes, responseTimeMs) => {
    if (statusCode >= 200 && statusCode < 300 && performance.now() >= countFrom)
      latenciesMs.push(responseTimeMs);
  });
  const result = await run;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${what}: ${result.non2xx} answers were not 2xx and ${result.errors} failed`);
  }
  const requestsPerSecond = warmUpSeconds > 0 ? latenciesMs.length / seconds : result.requests.average;
  latenciesMs.sort((a, b) => a - b);
  return { requestsPerSecond, p99Ms: percentile(latenciesMs, 0.99) };
}

/** `connections` keep-alive connections hammering one URL for `seconds`; every answer must be 2xx. */
export function loadFigure(
  url: string,
  seconds: number,
  headers: Record<string, string> = {},
  connections = LOAD_CONNECTIONS,
  warmUpSeconds = 0,
): Promise<LoadFigure> {
  return loadRun({ url, connections, duration: seconds, headers }, url, warmUpSeconds);
}
