import type { KindCheck } from "./busy-hour-check.js";
import type { cpuBetween } from "./busy-hour-cpu.js";
import { type BusyLoad, CALL_KINDS, type Call } from "./busy-hour-load.js";
import { percentile } from "./load.js";

// The busy hour's figures, each beside its budget: the calls' times and failures, the deadlocks,
// the rates of writes, who used the CPU, what was stored, and through the restart when the
// failures happened.

type Say = (line: string) => void;

/** Submit, reply and close (a reply that closes): their p99 at most this. */
export const WRITE_P99_BUDGET_MS = 500;
const WRITE_KINDS = new Set(["submit", "reply", "close"]);
const number = (value: number) => value.toLocaleString("en");
const ms = (value: number) => `${value.toFixed(1)} ms`;

const failed = (call: Call) => call.status < 200 || call.status >= 300;
const failureName = (call: Call) =>
  `${call.status === 0 ? "no answer" : call.status}${call.detail ? ` ${call.detail}` : ""}`;

/** "503 UNAVAILABLE x 3, no answer ECONNRESET x 1" */
function failuresByStatus(calls: readonly Call[]): string {
  const counts = new Map<string, number>();
  for (const call of calls.filter(failed))
    counts.set(failureName(call), (counts.get(failureName(call)) ?? 0) + 1);
  return [...counts].map(([name, count]) => `${name} x ${count}`).join(", ");
}

export interface Rates {
  submissionsPerSecond: number;
  writesPerSecond: number;
}

export function ratesOf(load: BusyLoad): Rates {
  const acknowledged = (kinds: string[]) =>
    load.writes.filter((write) => write.status === 200 && kinds.includes(write.kind)).length;
  return {
    submissionsPerSecond: acknowledged(["submit"]) / load.seconds,
    writesPerSecond: acknowledged(["submit", "reply", "close"]) / load.seconds,
  };
}

function timesOf(load: BusyLoad, kind: string): number[] {
  return load.calls
    .filter((call) => call.kind === kind && !failed(call))
    .map((call) => call.toMs - call.fromMs)
    .sort((a, b) => a - b);
}

export const p99Of = (load: BusyLoad, kind: string) => percentile(timesOf(load, kind), 0.99);

/** Each call's count, p50 and p99 of its 2xx answers, and its failures; the write budgets beside. */
export function sayCalls(load: BusyLoad, say: Say, withBudgets: boolean): number {
  say("  | call | count | p50 | p99 | failed (non-2xx, by status) |");
  say("  |---|---|---|---|---|");
  for (const kind of CALL_KINDS) {
    const calls = load.calls.filter((call) => call.kind === kind);
    const times = timesOf(load, kind);
    const p99 = percentile(times, 0.99);
    const budget = withBudgets && WRITE_KINDS.has(kind) ? ` (budget: <= ${WRITE_P99_BUDGET_MS} ms)` : "";
    const failures = calls.filter(failed).length;
    say(
      `  | ${kind} | ${number(calls.length)} | ${ms(percentile(times, 0.5))} | ${ms(p99)}${budget} | ${failures === 0 ? "0" : `${failures}: ${failuresByStatus(calls)}`} |`,
    );
  }
  return load.calls.filter(failed).length;
}

/** The writes' times one at a time (oneAtATime), p50 and the slowest. */
export function sayAlone(calls: readonly Call[], say: Say): void {
  const part = (kind: string) => {
    const times = calls
      .filter((call) => call.kind === kind && !failed(call))
      .map((call) => call.toMs - call.fromMs)
      .sort((a, b) => a - b);
    return `${kind} p50 ${ms(percentile(times, 0.5))}, slowest ${ms(times.at(-1) ?? 0)} (${times.length})`;
  };
  say(`  before the run, one at a time with nothing else running: ${part("submit")}; ${part("reply")}`);
}

export function sayRates(load: BusyLoad, say: Say): Rates {
  const rates = ratesOf(load);
  const count = (kind: string) =>
    number(load.writes.filter((write) => write.kind === kind && write.status === 200).length);
  say(
    `  submissions ${rates.submissionsPerSecond.toFixed(1)}/s, writes ${rates.writesPerSecond.toFixed(1)}/s (acknowledged: ${count("submit")} submissions, ${count("reply")} replies, ${count("close")} replies that closed)`,
  );
  return rates;
}

export function sayStored(checks: readonly KindCheck[], say: Say): number {
  let wrong = 0;
  for (const check of checks) {
    const lost = check.unanswered - check.unansweredStored;
    say(
      `  stored, row by row: ${check.kind} ${number(check.storedOnce)} of ${number(check.acknowledged)} acknowledged exactly once as answered (budget: all); ${number(check.unanswered)} not acknowledged: ${number(check.unansweredStored)} stored all the same, ${number(lost)} not stored; ${number(check.twice)} stored twice (budget: 0)`,
    );
    for (const problem of check.problems.slice(0, 5)) say(`    ${problem}`);
    wrong += check.acknowledged - check.storedOnce + check.twice;
  }
  return wrong;
}

export function sayLogs(names: readonly string[], logs: readonly Map<string, number>[], say: Say): void {
  logs.forEach((counts, index) => {
    const lines = [...counts].sort((a, b) => b[1] - a[1]);
    say(
      `  portal ${names[index]}'s log: ${lines.length === 0 ? "no warnings or errors" : lines.map(([line, count]) => `${line} x ${count}`).join("; ")}`,
    );
  });
}

export function sayCpu(
  names: readonly string[],
  cpu: ReturnType<typeof cpuBetween>,
  load: BusyLoad,
  cores: number,
  say: Say,
): void {
  const portals = cpu.portals
    .map((seconds, index) => `portal ${names[index]} ${seconds.toFixed(0)}`)
    .join(", ");
  say(
    `  CPU seconds of ${(cores * load.seconds).toFixed(0)} (${cores} cores x ${load.seconds} s): ${portals}, PostgreSQL ${cpu.postgres.toFixed(0)}, s3rver ${cpu.s3.toFixed(0)}, load generator ${cpu.load.toFixed(0)}, the rest of the machine ${cpu.others.toFixed(0)}; the load generator's event-loop delay p99 ${ms(load.loopDelayP99Ms)}, max ${ms(load.loopDelayMaxMs)}`,
  );
}

/** The slack around the database's down time within which a failure counts as caused by it. */
const DOWN_SLACK_MS = 2000;

/**
 * Through the restart: how long the database was down, the failures and whether each was a 503
 * while it was (±2 s), and that both processes answered again afterwards. The number of failures
 * outside that (0 is the budget).
 */
export function sayRestart(
  load: BusyLoad,
  down: { fromMs: number; toMs: number },
  names: readonly string[],
  say: Say,
): number {
  say(
    `  PostgreSQL down ${((down.toMs - down.fromMs) / 1000).toFixed(1)} s (pg_ctl restart -m fast, from ${(down.fromMs / 1000).toFixed(1)} s to ${(down.toMs / 1000).toFixed(1)} s of the run)`,
  );
  const failures = load.calls.filter(failed);
  const near = (call: Call) =>
    call.fromMs <= down.toMs + DOWN_SLACK_MS && call.toMs >= down.fromMs - DOWN_SLACK_MS;
  const outside = failures.filter((call) => !near(call) || call.status !== 503);
  const nearNot503 = outside.filter(near).length;
  say(
    `  failed calls: ${number(failures.length)}${failures.length > 0 ? ` (${failuresByStatus(failures)})` : ""}; ${number(failures.length - outside.length)} of them 503 while the database was down (±2 s), ${number(nearNot503)} while it was down but without a 503, ${number(outside.length - nearNot503)} at other times (budget: every failure a 503 while it was down)`,
  );
  for (const call of outside.slice(0, 8)) {
    say(
      `    ${call.kind} on portal ${names[call.portal]}: ${failureName(call)}, ${(call.fromMs / 1000).toFixed(1)}-${(call.toMs / 1000).toFixed(1)} s`,
    );
  }
  const after = names.map(
    (_, portal) =>
      load.calls.filter(
        (call) => call.portal === portal && !failed(call) && call.fromMs > down.toMs + DOWN_SLACK_MS,
      ).length,
  );
  say(
    `  answered 2xx from 2 s after the database was back: ${after.map((count, index) => `portal ${names[index]} ${number(count)}`).join(", ")} calls`,
  );
  return outside.length;
}
