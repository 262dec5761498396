import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stop, waitForHttp } from "./child-process.js";
import { PING_PATH } from "./portal-process.js";

// The busy hour's processes besides PostgreSQL: the S3-compatible store and the portals, each
// with its output in a file of its own, read afterwards (a portal's warnings and errors are part
// of what the busy hour reports).

const here = path.dirname(fileURLToPath(import.meta.url));
const BUCKET = "attachments";
/** MEMBER_QUERIES_PER_HOUR of the busy hour's portals (its highest allowed value), said in the output. */
export const BUSY_HOUR_QUERIES_PER_HOUR = "10000";

export interface S3Store {
  /** What a portal is started with to keep its files there. */
  env: Record<string, string>;
  pid: number;
  /** Where s3rver keeps an object's bytes, to check that an acknowledged file is there. */
  objectPath(key: string): string;
  stop(): Promise<void>;
}

export async function startS3Store(): Promise<S3Store> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "portal-busy-s3-"));
  const child = spawn(process.execPath, [path.join(here, "s3-server.js")], {
    env: { ...process.env, S3_DIRECTORY: directory, S3_BUCKET: BUCKET },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let said = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      said += chunk.toString();
      const line = said.split("\n")[0];
      if (said.includes("\n") && line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once("exit", (code) => reject(new Error(`s3rver exited with code ${code}`)));
    setTimeout(() => reject(new Error("s3rver did not start within 30 s")), 30_000).unref();
  });
  return {
    env: {
      BLOB_STORE: "s3",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: BUCKET,
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    pid: child.pid ?? 0,
    objectPath: (key) => path.join(directory, BUCKET, `${key}._S3rver_object`),
    stop: async () => {
      await stop(child);
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

export interface BusyPortal {
  name: string;
  base: string;
  child: ChildProcess;
  logFile: string;
  /** Still running: no exit seen, and the pid answers signal 0. */
  alive(): boolean;
  stop(): Promise<void>;
}

/**
 * The built server on `databaseUrl` with its files in S3, at `port`. The member's limits are
 * lifted as far as the settings allow (each member sends a query every few seconds, 20 an hour is
 * the default), and one address may hold every connection (all the members come from loopback).
 * STAFF_MFA=optional lets the agents log in with their passwords alone: the second factor is not
 * what is measured, and a process that is not NODE_ENV=production may say so.
 */
export async function startBusyPortal(options: {
  name: string;
  port: number;
  serverScript: string;
  databaseUrl: string;
  secret: string;
  s3: S3Store;
  workDir: string;
}): Promise<BusyPortal> {
  const { name, port, workDir } = options;
  const dataDir = path.join(workDir, `data-${name}-${port}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(workDir, `portal-${name}-${port}.log`);
  const log = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, [options.serverScript], {
    env: {
      ...process.env,
      ...options.s3.env,
      DATABASE_URL: options.databaseUrl,
      SESSION_SECRET: options.secret,
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      METRICS_PORT: "0",
      LOG_LEVEL: "warn",
      SEED_DEMO_DATA: "false",
      STAFF_MFA: "optional",
      MEMBER_QUERIES_PER_HOUR: BUSY_HOUR_QUERIES_PER_HOUR,
      MEMBER_UPLOAD_MB_PER_DAY: "100000",
      MAX_CONNECTIONS_PER_ADDRESS: "0",
    },
    stdio: ["ignore", log, log],
  });
  fs.closeSync(log);
  const base = `http://127.0.0.1:${port}`;
  const portal: BusyPortal = {
    name,
    base,
    child,
    logFile,
    alive: () => {
      if (child.exitCode !== null || child.signalCode !== null || !child.pid) return false;
      try {
        process.kill(child.pid, 0);
        return true;
      } catch {
        return false;
      }
    },
    stop: () => stop(child),
  };
  try {
    await waitForHttp(`${base}${PING_PATH}`, child, 120_000);
  } catch (error) {
    await portal.stop();
    throw new Error(`portal ${name} did not start (${String(error)}); its log: ${logFile}`);
  }
  return portal;
}

/** The length of a portal's log now: a mark to read what it said from. */
export const logMark = (portal: BusyPortal) => fs.statSync(portal.logFile).size;

/**
 * The warnings and errors a portal logged since `mark`, by message and code (pino writes one JSON
 * object a line): the retried deadlocks, the connections lost, any 500.
 */
export function portalLogSummary(portal: BusyPortal, mark: number): Map<string, number> {
  const counts = new Map<string, number>();
  const text = fs.readFileSync(portal.logFile).subarray(mark).toString("utf8");
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      const entry = JSON.parse(line) as {
        level?: number;
        msg?: string;
        code?: string;
        err?: { code?: string };
      };
      if ((entry.level ?? 0) < 40) continue;
      const code = entry.code ?? entry.err?.code;
      const key = `${entry.level === 40 ? "warn" : "error"}: ${entry.msg ?? "?"}${code ? ` (${code})` : ""}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    } catch {
      const key = `not JSON: ${line.slice(0, 120)}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}
