import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { Pool } from "undici";
import { percentile } from "./load.js";

// A steady load as members make it: requests arrive at an even pace whatever the server answers (an
// open loop), cycling through a mix. autocannon's overallRate paces each connection through the same
// list of requests from the same instant, so every connection reached its new query at about the same
// moment: twenty submissions at once every few hundred milliseconds, a burst rather than a steady
// load. Each latency counts from when the request was due, not from when it was sent, so a stall of
// the load's own process or a full pool counts against the server rather than hiding (coordinated
// omission). docs/decisions/0014 says why this is written here.

export interface PacedRequest {
  /** What the request is, for the figures by kind ("list", "view", "new query"). */
  kind: string;
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface PacedFigure {
  sent: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** p99 of each kind of request. */
  p99ByKindMs: Record<string, number>;
}

/** A small seeded generator (mulberry32), so two runs draw the same random arrivals. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * When each request is due, in ms from the start: evenly spaced, or at random moments at the same
 * mean rate (a Poisson process: exponential gaps), as independent members arrive.
 */
export function arrivalTimes(rate: number, total: number, arrivals: "even" | "random"): number[] {
  if (arrivals === "even") return Array.from({ length: total }, (_, index) => (index * 1000) / rate);
  const random = seededRandom(20261124);
  const times: number[] = [];
  let at = 0;
  for (let index = 0; index < total; index += 1) {
    times.push(at);
    at += (-Math.log(1 - random()) * 1000) / rate;
  }
  return times;
}

/**
 * `rate` requests a second for `seconds`, taken in turn from `mix`, evenly spaced or at random
 * moments (`arrivals`); every answer must be 2xx. At most `connections` are open at once (more
 * would be queued, and counted as waiting).
 */
export async function pacedLoad(options: {
  base: string;
  rate: number;
  seconds: number;
  mix: PacedRequest[];
  arrivals?: "even" | "random";
  connections?: number;
}): Promise<PacedFigure> {
  const { base, rate, seconds, mix } = options;
  const pool = new Pool(base, { connections: options.connections ?? 64, pipelining: 1 });
  const total = Math.round(rate * seconds);
  const dueTimes = arrivalTimes(rate, total, options.arrivals ?? "even");
  const latencies: { kind: string; ms: number }[] = [];
  const failures: string[] = [];
  const sending: Promise<void>[] = [];
  const started = performance.now();
  try {
    for (let index = 0; index < total; index += 1) {
      const due = started + (dueTimes[index] ?? 0);
      const wait = due - performance.now();
      if (wait >= 1) await sleep(wait);
      const request = mix[index % mix.length];
      if (!request) throw new Error("the mix is empty");
      sending.push(
        (async () => {
          const response = await pool.request({
            method: request.method,
            path: request.path,
            headers: request.headers,
            body: request.body ?? null,
          });
          await response.body.arrayBuffer();
          latencies.push({ kind: request.kind, ms: performance.now() - due });
          if (response.statusCode < 200 || response.statusCode > 299) {
            failures.push(`${request.kind}: ${response.statusCode}`);
          }
        })().catch((error: unknown) => {
          failures.push(`${request.kind}: ${error instanceof Error ? error.message : String(error)}`);
        }),
      );
    }
    await Promise.all(sending);
  } finally {
    await pool.close();
  }
  const elapsed = (performance.now() - started) / 1000;
  if (failures.length > 0) {
    throw new Error(`paced load: ${failures.length} requests failed, the first: ${failures[0]}`);
  }
  const all = latencies.map((each) => each.ms).sort((a, b) => a - b);
  const p99ByKindMs: Record<string, number> = {};
  for (const kind of new Set(latencies.map((each) => each.kind))) {
    const ofKind = latencies.filter((each) => each.kind === kind).map((each) => each.ms);
    p99ByKindMs[kind] = percentile(
      ofKind.sort((a, b) => a - b),
      0.99,
    );
  }
  return {
    sent: total,
    requestsPerSecond: total / elapsed,
    p50Ms: percentile(all, 0.5),
    p99Ms: percentile(all, 0.99),
    maxMs: all.at(-1) ?? 0,
    p99ByKindMs,
  };
}
