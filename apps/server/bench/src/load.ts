import autocannon from "autocannon";

export const LOAD_CONNECTIONS = 50;

/** The value at `share` (0.95 for p95) of times sorted in ascending order. */
export function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

export interface LoadFigure {
  requestsPerSecond: number;
  p99Ms: number;
}

/** `connections` keep-alive connections hammering one URL for `seconds`; every answer must be 2xx. */
export async function loadFigure(
  url: string,
  seconds: number,
  headers: Record<string, string> = {},
  connections = LOAD_CONNECTIONS,
): Promise<LoadFigure> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} answers were not 2xx and ${result.errors} failed`);
  }
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}
