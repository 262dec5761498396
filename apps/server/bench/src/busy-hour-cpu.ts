import { execFileSync } from "node:child_process";
import fs from "node:fs";

// Who used the two cores during a run, from /proc (Linux): each portal, PostgreSQL (the postmaster
// and its backends, live and exited), s3rver, the load generator, and the rest of the machine
// (other engineers' work on the same cores). The busy hour's times mean little without it.

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime, stime, cutime, cstime and ppid of a process; null once it is gone. */
function stat(pid: number): { own: number; children: number; ppid: number } | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // After the command's closing parenthesis: state is field 3, so field n is at n - 3.
    const fields = text
      .slice(text.lastIndexOf(")") + 2)
      .split(" ")
      .map(Number);
    const at = (field: number) => fields[field - 3] ?? 0;
    return { own: at(14) + at(15), children: at(16) + at(17), ppid: at(4) };
  } catch {
    return null;
  }
}

/** CPU seconds of a process so far. */
export function cpuSeconds(pid: number): number {
  return (stat(pid)?.own ?? 0) / TICKS_PER_SECOND;
}

/** CPU seconds of the postmaster, its live children and those it has reaped. */
export function postgresCpuSeconds(postmasterPid: number): number {
  const postmaster = stat(postmasterPid);
  if (!postmaster) return 0;
  let ticks = postmaster.own + postmaster.children;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const child = stat(Number(entry));
    if (child?.ppid === postmasterPid) ticks += child.own;
  }
  return ticks / TICKS_PER_SECOND;
}

/** Busy CPU seconds of the whole machine, every core (/proc/stat's first line, idle and iowait left out). */
export function machineBusySeconds(): number {
  const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
  const [, user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .map(Number);
  return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND;
}

export interface CpuSample {
  portals: number[];
  postgres: number;
  s3: number;
  load: number;
  machine: number;
}

export function sampleCpu(pids: { portals: number[]; postmaster: number; s3: number }): CpuSample {
  const own = process.cpuUsage();
  return {
    portals: pids.portals.map(cpuSeconds),
    postgres: postgresCpuSeconds(pids.postmaster),
    s3: cpuSeconds(pids.s3),
    load: (own.user + own.system) / 1e6,
    machine: machineBusySeconds(),
  };
}

/** The CPU each used between two samples, in seconds, and the rest of the machine's. */
export function cpuBetween(before: CpuSample, after: CpuSample) {
  const portals = after.portals.map((seconds, index) => seconds - (before.portals[index] ?? 0));
  const postgres = after.postgres - before.postgres;
  const s3 = after.s3 - before.s3;
  const load = after.load - before.load;
  const machine = after.machine - before.machine;
  const ours = portals.reduce((sum, seconds) => sum + seconds, 0) + postgres + s3 + load;
  return { portals, postgres, s3, load, machine, others: Math.max(0, machine - ours) };
}
