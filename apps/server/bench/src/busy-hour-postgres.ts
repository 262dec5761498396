import { execFile, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

// The busy hour's own PostgreSQL 15 cluster, as apps/server/test-support/throwaway-postgres.ts
// starts one (the bench is built apart from the tests, so the few lines are copied): under /tmp,
// on a free port, on 127.0.0.1 only, fsync off like the bench's other servers. Its own, because the
// busy hour restarts it (`pg_ctl restart -m fast`) and must not touch the bench's other databases,
// and because its log is read: every `deadlock detected` in it is counted. As root the postgres
// account owns and runs it (the server refuses to run as root).

const PG_BIN = "/usr/lib/postgresql/15/bin";
const run = promisify(execFile);

export interface BusyHourCluster {
  readonly adminUrl: string;
  /** A new database on the cluster, and its URL. */
  createDatabase(prefix: string): Promise<string>;
  /** The server log's length now: a mark to read what it said from. */
  logMark(): number;
  /** The log's lines since `mark`. */
  logSince(mark: number): string[];
  /** PID of the postmaster now (it changes with a restart). */
  postmasterPid(): number;
  /**
   * `pg_ctl restart -m fast`, without blocking the event loop (the load goes on meanwhile): every
   * connection ended, back when pg_ctl says it accepts connections. When it began and ended.
   */
  restart(): Promise<{ downFromMs: number; downToMs: number }>;
  stop(): void;
}

function asOwner(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startBusyHourCluster(): Promise<BusyHourCluster> {
  if (!fs.existsSync(path.join(PG_BIN, "initdb")))
    throw new Error(`The busy hour needs PostgreSQL 15 (${PG_BIN}; apt-get install postgresql-15)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-busy-pg-"));
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres", dir]);
  const data = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  const port = await freePort();
  const [initdb, initArgs] = asOwner(path.join(PG_BIN, "initdb"), [
    "-D",
    data,
    "-U",
    "postgres",
    "-A",
    "trust",
    "--no-sync",
  ]);
  execFileSync(initdb, initArgs, { stdio: "pipe" });
  const pgCtl = (...args: string[]) =>
    asOwner(path.join(PG_BIN, "pg_ctl"), ["-D", data, "-l", logFile, "-w", ...args]);
  // log_lock_waits: a lock waited on past deadlock_timeout (1 s) is said in the log too, so a queue
  // on one row shows even where it never turns into a deadlock.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c log_lock_waits=on`;
  const [start, startArgs] = pgCtl("-o", options, "start");
  execFileSync(start, startArgs, { stdio: "pipe" });
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    adminUrl,
    async createDatabase(prefix) {
      const name = `portal_${prefix}_${randomBytes(4).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    logMark: () => fs.statSync(logFile).size,
    logSince(mark) {
      const handle = fs.openSync(logFile, "r");
      try {
        const size = fs.fstatSync(handle).size;
        const bytes = Buffer.alloc(Math.max(0, size - mark));
        fs.readSync(handle, bytes, 0, bytes.length, mark);
        return bytes.toString("utf8").split("\n");
      } finally {
        fs.closeSync(handle);
      }
    },
    postmasterPid: () => Number(fs.readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]),
    async restart() {
      const [file, args] = pgCtl("-m", "fast", "restart");
      const downFromMs = performance.now();
      await run(file, args);
      return { downFromMs, downToMs: performance.now() };
    },
    stop() {
      try {
        const [file, args] = pgCtl("-m", "immediate", "stop");
        execFileSync(file, args, { stdio: "pipe" });
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
