import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startNode, stop, waitForHttp } from "./child-process.js";
import { loadFigure } from "./load.js";
import { PING_PATH, startPortal } from "./portal-process.js";
import { demoMemberSession } from "./portal-session.js";
import { newStore } from "./throwaway-store.js";

// Where the request path spends its time: the built server under load with V8's CPU profiler on,
// then the functions with the most time of their own while the load ran, grouped by where they live.
//   npm run bench:profile -- [PATH] [--member] [--plain]     (default: Ping, no cookies)
// --plain profiles the plain route (plain-route.ts) on the same database instead, for comparison.
// The .cpuprofile is kept (its path is printed) for Chromium's DevTools (Performance, Load profile).

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  /** Microseconds since the previous sample. */
  timeDeltas: number[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
// BENCH_SERVER: another build of the server (an earlier commit's, say) measured by this bench.
const serverScript = process.env.BENCH_SERVER ?? path.join(here, "..", "..", "dist", "server.js");
const port = 18902;

/** "file.js:function" with the package or project path shortened, so a line says where it lives. */
function place(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url
    .replace(/^file:\/\//, "")
    .replace(/^.*\/node_modules\//, "")
    .replace(/^.*\/apps\/server\/dist\//, "server/");
  const name = functionName || "(anonymous)";
  return file ? `${name}  ${file}:${lineNumber + 1}` : name;
}

/**
 * The part of the request path a function belongs to: a package (pg, drizzle-orm, fastify, zod …),
 * a directory of the server (server/modules/access …), Node's own JavaScript, or a native entry
 * such as writev (a write to a socket, the kernel's time included) or the garbage collector.
 */
export function partOf(node: ProfileNode): string {
  const url = node.callFrame.url.replace(/^file:\/\//, "");
  const inPackage = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (inPackage) return inPackage[1] as string;
  const inServer = /\/apps\/server\/dist\/((?:modules\/)?[^/]+)/.exec(url);
  if (inServer) return `server/${(inServer[1] as string).replace(/\.js$/, "")}`;
  if (/\/packages\/domain\//.test(url)) return "@portal/domain";
  if (url.startsWith("node:")) return "node (JavaScript)";
  return node.callFrame.functionName || "(native)";
}

/**
 * The functions with the most samples of their own, among the samples taken within the window
 * (microseconds before the profile's last sample): the load only, not start-up or seeding.
 */
export function topSelfTime(
  profile: CpuProfile,
  count: number,
  window: { fromUs: number; toUs: number },
  keyOf: (node: ProfileNode) => string = place,
  /** The requests served in the window: each line then says its CPU time per request too. */
  requests?: number,
): string[] {
  const placeOf = new Map(profile.nodes.map((node) => [node.id, keyOf(node)]));
  const times: number[] = [];
  let time = 0;
  for (const delta of profile.timeDeltas) {
    time += delta;
    times.push(time);
  }
  // A sample stands for the time since the previous one (timeDeltas), so its part is that time.
  const spent = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((nodeId, index) => {
    const before = time - (times[index] ?? 0);
    if (before > window.fromUs || before < window.toUs) return;
    const key = placeOf.get(nodeId) ?? "?";
    const us = profile.timeDeltas[index] ?? 0;
    spent.set(key, (spent.get(key) ?? 0) + us);
    total += us;
  });
  const perRequest = (us: number) =>
    requests ? `  ${(us / requests).toFixed(1).padStart(6)} µs/request` : "";
  return [...spent]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, us]) => `${((us / total) * 100).toFixed(1).padStart(5)} %${perRequest(us)}  ${key}`);
}

async function main(): Promise<void> {
  const target = process.argv.slice(2).find((arg) => !arg.startsWith("--")) ?? PING_PATH;
  const asMember = process.argv.includes("--member");
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-profile-"));
  // --plain: the plain route (plain-route.ts) is profiled instead, on the portal's database and session.
  const plain = process.argv.includes("--plain");
  const store = await newStore("profile", process.env.DATABASE_URL ? "server" : "embedded");
  if (plain && store.kind !== "server") throw new Error("--plain needs DATABASE_URL (a PostgreSQL server)");
  // BENCH_PROFILE_INTERVAL_US: V8 samples every 1000 µs by default; a finer interval separates
  // parts of a microsecond per request, at some cost to the run.
  const interval = process.env.BENCH_PROFILE_INTERVAL_US;
  const profiling = [
    "--cpu-prof",
    `--cpu-prof-dir=${profileDir}`,
    ...(interval ? [`--cpu-prof-interval=${interval}`] : []),
  ];
  const portal = await startPortal(store, serverScript, port, true, plain ? [] : profiling);
  const plainRoute = plain
    ? startNode([...profiling, path.join(here, "plain-route.js")], {
        PLAIN_PORT: String(port + 1),
        DATABASE_URL: store.env.DATABASE_URL ?? "",
      })
    : undefined;
  const base = `http://127.0.0.1:${port}`;
  const loadBase = plain ? `http://127.0.0.1:${port + 1}` : base;
  let loadStarted = 0;
  let loadEnded = 0;
  let requests = 0;
  try {
    const headers: Record<string, string> = {};
    if (asMember) {
      const session = await demoMemberSession(base);
      headers.cookie = session.cookieHeader();
    }
    if (plainRoute) await waitForHttp(`${loadBase}/wsg/session`, plainRoute);
    loadStarted = performance.now();
    const figure = await loadFigure(`${loadBase}${target}`, seconds, headers);
    loadEnded = performance.now();
    requests = figure.requestsPerSecond * seconds;
    process.stdout.write(
      `${plain ? "plain route " : ""}${target}: ${figure.requestsPerSecond.toFixed(0)} req/s, p99 ${figure.p99Ms.toFixed(1)} ms\n`,
    );
  } finally {
    if (plainRoute) await stop(plainRoute);
    await stop(portal);
    await store.dispose();
  }
  // The server's last sample is taken as it exits, just after stop() returned.
  const exited = performance.now();
  const window = { fromUs: (exited - loadStarted) * 1000, toUs: (exited - loadEnded) * 1000 };
  const [file] = fs.readdirSync(profileDir).filter((name) => name.endsWith(".cpuprofile"));
  if (!file) throw new Error("the server wrote no profile");
  const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), "utf8")) as CpuProfile;
  process.stdout.write(
    `By part of the request path:\n${topSelfTime(profile, 25, window, partOf, requests).join("\n")}\n\n`,
  );
  process.stdout.write(
    `By function:\n${topSelfTime(profile, 40, window, place, requests).join("\n")}\nprofile: ${path.join(profileDir, file)}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
