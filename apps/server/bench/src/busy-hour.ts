import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkStored } from "./busy-hour-check.js";
import { cpuBetween, sampleCpu } from "./busy-hour-cpu.js";
import { type Desk, type DeskSetting, openDesk, PORTAL_NAMES } from "./busy-hour-desk.js";
import { busyPdf, oneAtATime, startBusyLoad } from "./busy-hour-load.js";
import { BUSY_AGENTS, BUSY_MEMBERS } from "./busy-hour-people.js";
import { startBusyHourCluster } from "./busy-hour-postgres.js";
import {
  BUSY_HOUR_QUERIES_PER_HOUR,
  logMark,
  portalLogSummary,
  startS3Store,
} from "./busy-hour-processes.js";
import {
  p99Of,
  type Rates,
  sayAlone,
  sayCalls,
  sayCpu,
  sayLogs,
  sayRates,
  sayRestart,
  sayStored,
  WRITE_P99_BUDGET_MS,
} from "./busy-hour-report.js";

// The busy hour: two portal processes on PostgreSQL and S3 with 100 members and 10
// agents at work for two minutes, on fresh data with one process and with two, on the desk
// filled with a million queries, then through a PostgreSQL restart in the middle. Each run's calls
// (p50/p99 and failures), the deadlocks in the server log, the writes per second and what was
// stored, each beside its budget. Figures are printed, never asserted: the two cores are shared by
// the portals, PostgreSQL, s3rver, the load generator and whatever else runs on the machine.
// BENCH_BUSY_HOUR_SECONDS sets each run's length (120 s), BENCH_BUSY_HOUR_FILL the fill (1 000 000;
// 0 leaves the filled run out, and the restart is then on fresh data).

type Say = (line: string) => void;
const here = path.dirname(fileURLToPath(import.meta.url));

interface Run {
  title: string;
  restart?: boolean;
}

/** One measured run on `desk`; the budgets it missed are added to `missed`. */
async function measure(
  setting: DeskSetting,
  desk: Desk,
  run: Run,
  seconds: number,
  missed: string[],
): Promise<Rates> {
  const { cluster, say } = setting;
  const names = PORTAL_NAMES.slice(0, desk.portals.length);
  say("");
  say(
    `${run.title} (${desk.portals.length === 1 ? "portal A" : "portals A and B"}; ${BUSY_MEMBERS} members, ${BUSY_AGENTS} agents, ${seconds} s):`,
  );
  const [member, agent] = [desk.members[0], desk.agents[0]];
  const alone =
    !run.restart && member && agent
      ? await oneAtATime(member, agent, desk.agents.length, busyPdf(), "alone")
      : [];
  const postgresMark = cluster.logMark();
  const portalMarks = desk.portals.map(logMark);
  const pids = () => ({
    portals: desk.portals.map((portal) => portal.child.pid ?? 0),
    postmaster: cluster.postmasterPid(),
    s3: setting.s3.pid,
  });
  const cpuBefore = sampleCpu(pids());
  const tag = randomBytes(3).toString("hex");
  const load = startBusyLoad({ ...desk, seconds, tag, pdf: busyPdf() });
  let down: { fromMs: number; toMs: number } | undefined;
  if (run.restart) {
    await new Promise((resolve) => setTimeout(resolve, (seconds * 1000) / 2));
    const restarted = await cluster.restart();
    down = { fromMs: restarted.downFromMs - load.t0, toMs: restarted.downToMs - load.t0 };
  }
  const result = await load.done;
  const cpu = cpuBetween(cpuBefore, sampleCpu(pids()));
  const failures = sayCalls(result, say, !run.restart);
  if (alone.length > 0) sayAlone(alone, say);
  const lines = cluster.logSince(postgresMark);
  const deadlocks = lines.filter((line) => line.includes("deadlock detected")).length;
  const lockWaits = lines.filter((line) => line.includes("still waiting for")).length;
  say(`  deadlocks in the PostgreSQL log: ${deadlocks}   (budget: 0); lock waits past 1 s: ${lockWaits}`);
  const firstDeadlock = lines.findIndex((line) => line.includes("deadlock detected"));
  if (firstDeadlock >= 0)
    for (const line of lines.slice(firstDeadlock, firstDeadlock + 6)) say(`    ${line}`);
  if (deadlocks > 0) missed.push(`${run.title}: ${deadlocks} deadlocks`);
  const rates = sayRates(result, say);
  if (down) {
    const outside = sayRestart(result, down, names, say);
    const alive = desk.portals.map((portal) => portal.alive());
    say(
      `  still running after the restart: ${desk.portals.map((portal, index) => `portal ${portal.name} ${alive[index] ? "yes" : "NO"} (pid ${portal.child.pid})`).join(", ")}   (budget: both)`,
    );
    if (outside > 0) missed.push(`${run.title}: ${outside} failures not a 503 while the database was down`);
    if (alive.some((up) => !up)) missed.push(`${run.title}: a portal process ended`);
  } else {
    say(`  failed calls: ${failures}   (budget: 0)`);
    if (failures > 0) missed.push(`${run.title}: ${failures} failed calls`);
    for (const kind of ["submit", "reply", "close"] as const) {
      const p99 = p99Of(result, kind);
      if (p99 > WRITE_P99_BUDGET_MS) missed.push(`${run.title}: ${kind} p99 ${p99.toFixed(0)} ms`);
    }
  }
  const wrong = sayStored(
    await checkStored(desk.databaseUrl, tag, result.writes, setting.s3.objectPath),
    say,
  );
  if (wrong > 0) missed.push(`${run.title}: ${wrong} writes not stored exactly once as answered`);
  sayLogs(
    names,
    desk.portals.map((portal, index) => portalLogSummary(portal, portalMarks[index] ?? 0)),
    say,
  );
  // Through the restart the postmaster is a new process: its CPU before it is lost.
  if (!run.restart) sayCpu(names, cpu, result, os.availableParallelism(), say);
  return rates;
}

export async function benchBusyHour(say: Say): Promise<void> {
  const seconds = Number(process.env.BENCH_BUSY_HOUR_SECONDS ?? 120);
  const fill = Number(process.env.BENCH_BUSY_HOUR_FILL ?? 1_000_000);
  const serverScript = process.env.BENCH_SERVER ?? path.join(here, "..", "..", "dist", "server.js");
  say("");
  say(
    `The busy hour (PostgreSQL 15, a cluster of its own with fsync off; S3 by s3rver; loopback): ${BUSY_MEMBERS} members each listing, viewing one of their queries, sending a new one with a 200 KB PDF and pausing 1-3 s; ${BUSY_AGENTS} agents each reading the queue, searching, viewing a conversation, replying (one reply in four closes it) and pausing 0.5-1.5 s. The portals run with MEMBER_QUERIES_PER_HOUR=${BUSY_HOUR_QUERIES_PER_HOUR} (20 by default: a member sends one every few seconds here) and STAFF_MFA=optional (agents log in with their password). Not counted: a query from every member and a reply from every agent when a desk opens (the warm-up), and ten of each one at a time before each run. p50/p99 of 2xx answers. One machine of ${os.availableParallelism()} cores runs the portals, PostgreSQL, s3rver and the load, shared with other work: expect noise.`,
  );
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-busy-hour-"));
  const cluster = await startBusyHourCluster();
  const missed: string[] = [];
  try {
    const s3 = await startS3Store();
    try {
      const setting: DeskSetting = {
        cluster,
        s3,
        serverScript,
        secret: randomBytes(32).toString("hex"),
        workDir,
        say,
      };
      const one = await openDesk(setting, 1, 0);
      let alone: Rates;
      try {
        alone = await measure(setting, one, { title: "Fresh data, one process" }, seconds, missed);
      } finally {
        await one.close();
      }
      let last = await openDesk(setting, 2, 0);
      try {
        const both = await measure(setting, last, { title: "Fresh data, two processes" }, seconds, missed);
        say("");
        say(
          `Submissions per second: ${alone.submissionsPerSecond.toFixed(1)} with one process, ${both.submissionsPerSecond.toFixed(1)} with two; writes per second ${alone.writesPerSecond.toFixed(1)} and ${both.writesPerSecond.toFixed(1)}   (budget: more with two)`,
        );
        if (both.writesPerSecond <= alone.writesPerSecond)
          missed.push("writes per second did not rise with the second process");
        if (fill > 0) {
          await last.close();
          say("");
          last = await openDesk(setting, 2, fill);
          await measure(
            setting,
            last,
            { title: `The desk of ${fill.toLocaleString("en")} queries, two processes` },
            seconds,
            missed,
          );
        }
        await measure(
          setting,
          last,
          {
            title: `A PostgreSQL restart in the middle, two processes${fill > 0 ? ", the same filled desk" : ", the same fresh desk"}`,
            restart: true,
          },
          seconds,
          missed,
        );
      } finally {
        await last.close();
      }
    } finally {
      await s3.stop();
    }
  } finally {
    cluster.stop();
    // The portals' logs are kept when a budget was missed, to read what they said.
    if (missed.length === 0) fs.rmSync(workDir, { recursive: true, force: true });
  }
  say("");
  say(
    missed.length === 0
      ? "The busy hour: every budget met."
      : `The busy hour's budgets missed: ${missed.join("; ")}. The portals' logs: ${workDir}`,
  );
}
