import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { XSRF_COOKIE } from "@portal/domain";
import { loginMessage } from "./test-app.js";

// A portal process started from the sources (through tsx) on a database of the test's, for tests
// of what only a whole process shows: signals, a database restart, the drain. Its output is kept
// to read and to show when it fails.

const serverDir = fileURLToPath(new URL("../", import.meta.url));
export const PROCESS_SESSION_SECRET = "process-test-secret-0123456789abcdef";

export interface PortalProcess {
  readonly process: ChildProcess;
  output(): string;
  readonly baseUrl: string;
  /** SIGTERM, resolved with the exit code once it has exited. */
  stop(): Promise<number | null>;
}

export async function waitFor<T>(
  read: () => T | undefined | Promise<T | undefined>,
  what: string,
  ms = 60_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startPortalProcess(
  scratch: string,
  name: string,
  env: Record<string, string>,
): Promise<PortalProcess> {
  const webDir = path.join(scratch, "web");
  fs.mkdirSync(webDir, { recursive: true });
  fs.writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Portal</title>");
  const child = spawn(process.execPath, ["--conditions", "source", "--import", "tsx", "./src/server.ts"], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: "test",
      SESSION_SECRET: PROCESS_SESSION_SECRET,
      PASSWORD_HASH_COST: "4",
      LOGIN_SLOWDOWN_MS: "0",
      PORT: "0",
      HOST: "127.0.0.1",
      METRICS_PORT: "0",
      LOG_LEVEL: "info",
      DATA_DIR: path.join(scratch, `data-${name}`),
      WEB_DIST_DIR: webDir,
      ...env,
    },
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const baseUrl = await waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`portal ${name} exited; it said:\n${output}`);
      return /"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(output)?.[1];
    },
    `portal ${name} to listen; it said:\n${output}`,
    90_000,
  );
  return {
    process: child,
    output: () => output,
    baseUrl,
    stop: () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** A browser's first visit: its cookies as one header, and the anti-forgery token. */
export async function firstVisit(portal: PortalProcess): Promise<{ cookie: string; xsrf: string }> {
  const answer = await fetch(`${portal.baseUrl}/wsg/session`);
  const cookie = answer.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .join("; ");
  const xsrf = new RegExp(`(?:^|; )${XSRF_COOKIE}=([^;]*)`).exec(cookie)?.[1] ?? "";
  return { cookie, xsrf };
}

/** A log-in from a new browser; its answer, and the cookies it holds after it. */
export async function logInOver(portal: PortalProcess, username: string, password: string) {
  const visit = await firstVisit(portal);
  const answer = await fetch(`${portal.baseUrl}/wsg/rest`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-xsrf-token": visit.xsrf, cookie: visit.cookie },
    body: JSON.stringify(loginMessage(username, password, `${portal.baseUrl}/`)),
  });
  const jar = new Map(visit.cookie.split("; ").map((pair) => [pair.split("=")[0] ?? "", pair] as const));
  for (const line of answer.headers.getSetCookie()) {
    const pair = line.split(";")[0] ?? "";
    jar.set(pair.split("=")[0] ?? "", pair);
  }
  const cookie = [...jar.values()].join("; ");
  const xsrf = new RegExp(`(?:^|; )${XSRF_COOKIE}=([^;]*)`).exec(cookie)?.[1] ?? "";
  return { answer, cookie, xsrf };
}
