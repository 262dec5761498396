import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import S3rver from "s3rver";
import { PortalClient, pdfBytes } from "./portal-client";

// What a failing machine does to the portal, for real: its PostgreSQL server stops and starts
// again under load, its S3-compatible store goes away and comes back. Nothing acknowledged is
// lost, the gap answers 503 with Retry-After (the member's screen shows its catalogue sentence),
// and the server recovers by itself. Its own PostgreSQL cluster (Debian's PostgreSQL 15, which
// `npm test` installs) so that stopping it disturbs nothing else.

test.describe.configure({ mode: "serial" });

const PG_BIN = "/usr/lib/postgresql/15/bin";
const member = { username: "faults.member", password: "Storm-Window-Lantern-77" };
const queryFields = {
  category: "MEDICAL_CLAIMS",
  subCategory: "CLAIM_NOT_PAID",
  query: "Logged while things fail.",
  email: "faults@example.com",
  origin: "MEMBER_WEB",
};

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const asOwner = (command: string, args: string[]) =>
  process.getuid?.() === 0
    ? (["runuser", ["-u", "postgres", "--", command, ...args]] as const)
    : ([command, args] as const);

function pgCtl(...args: string[]): void {
  const [command, commandArgs] = asOwner(`${PG_BIN}/pg_ctl`, args);
  execFileSync(command, [...commandArgs], { stdio: "pipe" });
}

const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-faults-pg-"));
let pgPort = 0;
let portal: { child: ChildProcess; base: string } | undefined;
let s3: S3rver | undefined;
let s3Port = 0;
const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-faults-s3-"));

const startPostgres = () =>
  pgCtl(
    "-D",
    `${pgDir}/data`,
    "-l",
    `${pgDir}/server.log`,
    "-w",
    "-o",
    `-p ${pgPort} -k ${pgDir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    "start",
  );
const stopPostgres = () => pgCtl("-D", `${pgDir}/data`, "-m", "fast", "-w", "stop");

async function startS3(): Promise<void> {
  s3 = new S3rver({
    address: "127.0.0.1",
    port: s3Port,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: "attachments" }],
  });
  s3Port = (await s3.run()).port;
}

test.beforeAll(async () => {
  if (!fs.existsSync(`${PG_BIN}/initdb`))
    throw new Error(`faults.spec.ts needs PostgreSQL 15 in ${PG_BIN} (npm test installs it).`);
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres", pgDir]);
  const [initdb, initdbArgs] = asOwner(`${PG_BIN}/initdb`, [
    "-D",
    `${pgDir}/data`,
    "-U",
    "postgres",
    "-A",
    "trust",
    "--no-sync",
  ]);
  execFileSync(initdb, [...initdbArgs], { stdio: "pipe" });
  pgPort = await freePort();
  startPostgres();
  await startS3();
  const env = {
    ...process.env,
    DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/postgres`,
    SESSION_SECRET: "faults-spec-secret-faults-spec-secret-42",
    BLOB_STORE: "s3",
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_BUCKET: "attachments",
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "portal-faults-")),
    SEED_DEMO_DATA: "false",
    LOG_LEVEL: "silent",
    NODE_ENV: "test",
  };
  const created = spawnSync(
    process.execPath,
    [
      "apps/server/dist/cli.js",
      "member:create",
      "--username",
      member.username,
      "--email",
      queryFields.email,
      "--first-name",
      "Faults",
      "--last-name",
      "Member",
    ],
    // The password comes on standard input, never the command line.
    { env, encoding: "utf8", input: `${member.password}\n` },
  );
  expect(created.stderr).toBe("");
  const port = await freePort();
  const child = spawn(process.execPath, ["apps/server/dist/server.js"], {
    env: { ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: "ignore",
  });
  portal = { child, base: `http://127.0.0.1:${port}` };
  await expect
    .poll(
      () =>
        fetch(`${portal?.base}/portal/wlxapp/Ping.srv`)
          .then((r) => r.status)
          .catch(() => 0),
      { timeout: 60_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  portal?.child.kill("SIGTERM");
  if (portal) await new Promise((resolve) => portal?.child.once("exit", resolve));
  await s3?.close().catch(() => undefined);
  try {
    stopPostgres();
  } catch {
    // already stopped
  }
  fs.rmSync(pgDir, { recursive: true, force: true });
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

const base = () => portal?.base ?? "";

test("PostgreSQL restarted under load: the gap answers 503 with Retry-After, then it works again by itself", async () => {
  const client = new PortalClient(base());
  await client.logIn(member.username, member.password);
  const statuses: number[] = [];
  let retryAfterSeen = false;
  let running = true;
  // Members keep reading their open queries throughout.
  const load = (async () => {
    while (running) {
      const answer = await client
        .fetch("/api/smart-inquiry/member-queries?daysAgo=7&status=OPEN&origin=MEMBER_WEB")
        .catch(() => undefined);
      if (!answer) continue;
      statuses.push(answer.status);
      if (answer.status === 503 && Number(answer.headers.get("retry-after")) > 0) retryAfterSeen = true;
      await answer.arrayBuffer();
    }
  })();
  await expect.poll(() => statuses.length).toBeGreaterThan(20);
  stopPostgres();
  await expect
    .poll(() => statuses.filter((status) => status === 503).length, { timeout: 20_000 })
    .toBeGreaterThan(3);
  startPostgres();
  const servedAgain = statuses.length;
  await expect
    .poll(() => statuses.slice(servedAgain).filter((status) => status === 200).length, { timeout: 30_000 })
    .toBeGreaterThan(5);
  running = false;
  await load;
  expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
  expect(retryAfterSeen).toBe(true);
  // The session outlived the restart: it lives in PostgreSQL.
  expect((await (await client.fetch("/wsg/session")).json()).authenticated).toBe(true);
});

test("the S3-compatible store down: uploads answer 503 and store nothing; back up, they work", async () => {
  const client = new PortalClient(base());
  await client.logIn(member.username, member.password);
  const openReferences = async () =>
    (
      (
        await (
          await client.fetch("/api/smart-inquiry/member-queries?daysAgo=7&status=OPEN&origin=MEMBER_WEB")
        ).json()
      ).queries as { referenceNumber: number }[]
    ).map((query) => query.referenceNumber);
  const before = await openReferences();
  await s3?.close();
  const send = () =>
    client.postForm("/api/smart-inquiry/member-queries/query-additional-info", queryFields, [
      { name: "statement.pdf", type: "application/pdf", bytes: pdfBytes(64 * 1024) },
    ]);
  const refused = await send();
  expect(refused.status).toBe(503);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await openReferences()).toEqual(before);
  await startS3();
  const accepted = await send();
  expect(accepted.status).toBe(200);
  expect(await openReferences()).toContain((await accepted.json()).referenceNumber);
});
