import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { XSRF_COOKIE } from "@portal/domain";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openServerDatabase } from "./db/database.js";
import { addMember, loginMessage } from "./test-support/test-app.js";
import { startThrowawayPostgres, type ThrowawayPostgres } from "./test-support/throwaway-postgres.js";

// Two portal processes on one PostgreSQL, restarted with `pg_ctl restart -m fast` while each has a
// transaction open: a log-in waiting, inside its transaction, for the member's row that the test
// holds. node-postgres then emits `error` on a connection the pool had handed out, which had no
// listener: both processes ended ("uncaught exception: shutting down"). Now the log-ins answer 503,
// both processes stay up, and they serve again once the database is back.

const serverDir = fileURLToPath(new URL("../", import.meta.url));
const SESSION_SECRET = "restart-test-secret-0123456789abcdef";

interface Portal {
  process: ChildProcess;
  output: () => string;
  baseUrl: string;
}

async function waitFor<T>(read: () => T | undefined | Promise<T | undefined>, what: string, ms = 60_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function startPortal(url: string, scratch: string, name: string): Promise<Portal> {
  const webDir = path.join(scratch, "web");
  fs.mkdirSync(webDir, { recursive: true });
  fs.writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Portal</title>");
  const child = spawn(process.execPath, ["--conditions", "source", "--import", "tsx", "./src/server.ts"], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: url,
      SESSION_SECRET,
      PASSWORD_HASH_COST: "4",
      LOGIN_SLOWDOWN_MS: "0",
      PORT: "0",
      HOST: "127.0.0.1",
      METRICS_PORT: "0",
      LOG_LEVEL: "info",
      DATA_DIR: path.join(scratch, `data-${name}`),
      WEB_DIST_DIR: webDir,
      BLOB_DIR_SHARED: "true",
    },
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const baseUrl = await waitFor(
    () => /"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(output)?.[1],
    `portal ${name} to listen; it said:\n${output}`,
    90_000,
  );
  return { process: child, output: () => output, baseUrl };
}

/** A log-in from a new browser: its anti-forgery cookie first, then the form. */
async function logIn(portal: Portal, username: string, password: string): Promise<Response> {
  const first = await fetch(`${portal.baseUrl}/wsg/session`);
  const cookies = first.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .join("; ");
  const xsrf = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(cookies)?.[1] ?? "";
  expect(cookies).toContain(XSRF_COOKIE);
  return fetch(`${portal.baseUrl}/wsg/rest`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-xsrf-token": xsrf, cookie: cookies },
    body: JSON.stringify(loginMessage(username, password, `${portal.baseUrl}/`)),
  });
}

describe("two portal processes through a PostgreSQL restart with transactions open", () => {
  let cluster: ThrowawayPostgres;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "portal-restart-"));
  const portals: Portal[] = [];
  let member: { username: string; password: string; entityNumber: number };

  beforeAll(async () => {
    cluster = await startThrowawayPostgres();
    const database = await openServerDatabase(cluster.url, 2);
    try {
      member = await addMember(database);
    } finally {
      await database.close();
    }
    for (const name of ["a", "b"]) portals.push(await startPortal(cluster.url, scratch, name));
  }, 180_000);

  afterAll(async () => {
    for (const portal of portals) {
      if (portal.process.exitCode !== null) continue;
      const exited = new Promise((resolve) => portal.process.once("exit", resolve));
      portal.process.kill("SIGTERM");
      await exited;
    }
    cluster?.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }, 60_000);

  it("answers 503 for the transactions cut, stays up, and serves again", async () => {
    // The member's row held, so each process's log-in waits inside its transaction.
    const holder = new pg.Client({ connectionString: cluster.url });
    holder.on("error", () => undefined);
    await holder.connect();
    await holder.query("begin");
    await holder.query("select 1 from members where entity_number = $1 for update", [member.entityNumber]);
    const waiting = portals.map((portal) => logIn(portal, member.username, member.password));
    await waitFor(async () => {
      const { rows } = await holder.query<{ waiting: number }>(
        "select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock'",
      );
      return (rows[0]?.waiting ?? 0) >= portals.length ? true : undefined;
    }, "both log-ins to wait for the member's row");

    cluster.restart();
    const answers = await Promise.all(waiting);
    expect(answers.map((answer) => answer.status)).toEqual([503, 503]);
    expect(answers.every((answer) => answer.headers.get("retry-after") !== null)).toBe(true);

    // Still up a moment later (a shutdown would have begun at once), and serving again.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const portal of portals) {
      expect(portal.process.exitCode).toBeNull();
      expect(portal.output()).not.toContain("uncaught exception");
      const ready = await waitFor(async () => {
        const answer = await fetch(`${portal.baseUrl}/readyz`);
        return answer.status === 200 ? answer : undefined;
      }, "the portal to be ready again");
      expect(ready.status).toBe(200);
      expect((await logIn(portal, member.username, member.password)).status).toBe(200);
    }
  }, 120_000);
});
