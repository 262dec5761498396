import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";

export function startNode(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

export async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process for ${url} exited with code ${child.exitCode}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Resident memory of another process, from /proc (Linux). */
export function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kilobytes * 1024;
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
