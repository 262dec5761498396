import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

// A PostgreSQL 15 cluster of a test's own, to restart at will (never the suite's shared server),
// as scripts/test-services.sh starts one: under /tmp, on a free port, on 127.0.0.1 only. The
// server refuses to run as root, so as root the postgres account owns and runs it.

const PG_BIN = "/usr/lib/postgresql/15/bin";

export interface ThrowawayPostgres {
  readonly port: number;
  readonly url: string;
  /** `pg_ctl restart` (fast: every connection is ended), back when it returns. */
  restart(): void;
  stop(): void;
}

function asOwner(command: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  execFileSync(file, argv, { stdio: "pipe" });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  if (!fs.existsSync(path.join(PG_BIN, "initdb")))
    throw new Error(`PostgreSQL 15 is needed for this test (${PG_BIN}; apt-get install postgresql-15)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-pg-"));
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres", dir]);
  const data = path.join(dir, "data");
  const port = await freePort();
  asOwner(path.join(PG_BIN, "initdb"), ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync"]);
  const pgCtl = (...args: string[]) =>
    asOwner(path.join(PG_BIN, "pg_ctl"), ["-D", data, "-l", path.join(dir, "server.log"), "-w", ...args]);
  pgCtl("-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, "start");
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => pgCtl("-m", "fast", "restart"),
    stop: () => {
      try {
        pgCtl("-m", "immediate", "stop");
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
