import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// The server as an operator runs it: the built tree, started with node, stopped with a signal.

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = "";
  const child = spawn(process.execPath, ["apps/server/dist/server.js"], {
    env: { ...process.env, DATABASE_URL: "", LOG_LEVEL: "info", HOST: "127.0.0.1", ...env },
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

test("a second process on the same data directory refuses to start, saying why", async () => {
  const dataDir = process.env.E2E_DATA_DIR ?? "";
  expect(fs.existsSync(path.join(dataDir, "portal.lock"))).toBe(true);
  const second = startServer({ DATA_DIR: dataDir, PORT: "0" });
  expect(await exitOf(second.child)).toBe(1);
  expect(second.output()).toContain(`The data directory ${dataDir} is in use by another portal process`);
});

test("a busy port or an unwritable data directory ends start-up in one clear line, no stack trace", async () => {
  const busyPort = startServer({
    PORT: String(process.env.E2E_PORT ?? 18080),
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "portal-")),
    LOG_LEVEL: "silent",
  });
  expect(await exitOf(busyPort.child)).toBe(1);
  expect(busyPort.output()).toContain("(EADDRINUSE): another process may be using the port");
  expect(busyPort.output()).not.toMatch(/^\s+at /m);

  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "portal-")), "a-file");
  fs.writeFileSync(file, "");
  const unwritable = startServer({ PORT: "0", DATA_DIR: path.join(file, "data"), LOG_LEVEL: "silent" });
  expect(await exitOf(unwritable.child)).toBe(1);
  // Piped, a refused start writes its JSON line for a log shipper, then the same sentence in plain
  // words for whoever reads the terminal or the journal (decision 0034); nothing else.
  const sentence = `The data directory ${path.join(file, "data")} cannot be written (ENOTDIR). Give the portal's user write access, or set DATA_DIR to a writable directory.`;
  const lines = unwritable.output().trim().split("\n");
  // (Two streams, so either may arrive first.)
  expect(lines).toHaveLength(2);
  const json = lines.find((line) => line.startsWith("{")) ?? "";
  expect(JSON.parse(json)).toMatchObject({ level: 60, msg: sentence });
  expect(lines.filter((line) => line !== json)).toEqual([sentence]);
});

test("a bucket or a mail relay that does not answer stops start-up in one line naming both", async () => {
  test.setTimeout(90_000);
  const nowhere = async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    return port;
  };
  const [s3Port, smtpPort] = [await nowhere(), await nowhere()];
  const server = startServer({
    PORT: "0",
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "portal-")),
    LOG_LEVEL: "silent",
    BLOB_STORE: "s3",
    S3_BUCKET: "attachments",
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: "key",
    S3_SECRET_ACCESS_KEY: "secret",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  });
  expect(await exitOf(server.child)).toBe(1);
  expect(server.output()).toContain(
    `Cannot start: the S3 bucket attachments at http://127.0.0.1:${s3Port} cannot be written: failed (`,
  );
  expect(server.output()).toContain(
    `the mail transport (SMTP relay 127.0.0.1:${smtpPort}) does not work: failed (`,
  );
  expect(server.output()).not.toMatch(/^\s+at /m);
});

test("a bad setting stops start-up with a message naming it", async () => {
  const server = startServer({
    PORT: "not-a-port",
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "portal-")),
  });
  expect(await exitOf(server.child)).toBe(1);
  expect(server.output()).toContain("PORT:");
});

test("SIGTERM finishes in-flight work, closes the database and releases the data directory", async ({
  request,
}) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-shutdown-"));
  const port = 18000 + Math.floor(Math.random() * 500);
  const server = startServer({ DATA_DIR: dataDir, PORT: String(port) });
  await expect
    .poll(
      async () =>
        (await request.get(`http://127.0.0.1:${port}/portal/wlxapp/Ping.srv`).catch(() => null))?.status(),
      {
        timeout: 30_000,
      },
    )
    .toBe(200);
  expect(server.output()).toContain(`http://localhost:${port}/`);
  expect(server.output()).toContain("username demo.member");
  const exited = exitOf(server.child);
  server.child.kill("SIGTERM");
  expect(await exited).toBe(0);
  expect(fs.existsSync(path.join(dataDir, "portal.lock"))).toBe(false);

  // The data survived: a restart on the same directory does not seed again and serves at once.
  const again = startServer({ DATA_DIR: dataDir, PORT: String(port) });
  await expect
    .poll(
      async () => (await request.get(`http://127.0.0.1:${port}/app-config.json`).catch(() => null))?.status(),
      {
        timeout: 30_000,
      },
    )
    .toBe(200);
  expect(again.output()).not.toContain("Demo data seeded");
  const againExited = exitOf(again.child);
  again.child.kill("SIGINT");
  expect(await againExited).toBe(0);
  fs.rmSync(dataDir, { recursive: true, force: true });
});
