import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import S3rver from "s3rver";
import { PortalClient, pdfBytes } from "./portal-client";

// Two app processes on one PostgreSQL server and one S3-compatible store (s3rver), behind a small
// round-robin proxy, as a scheme runs the portal behind a load balancer. Needs the PostgreSQL
// server `npm test` starts (DATABASE_URL); it says so rather than passing untried.

test.describe.configure({ mode: "serial" });

const serverUrl = process.env.DATABASE_URL;
const databaseName = `portal_two_nodes_${randomBytes(4).toString("hex")}`;
const secret = randomBytes(32).toString("base64url");
const member = { username: "two.nodes.member", password: "Twin-Harbour-Lights-42" };
const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

function databaseUrl(name: string): string {
  const url = new URL(serverUrl ?? "");
  url.pathname = `/${name}`;
  return url.toString();
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

interface Node {
  port: number;
  child: ChildProcess;
  output: () => string;
}

function startNode(port: number, env: Record<string, string>): Node {
  let output = "";
  const child = spawn(process.execPath, ["apps/server/dist/server.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: tempDir("portal-node-"),
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      SEED_DEMO_DATA: "false",
      SESSION_SECRET: secret,
      ...env,
    },
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  return { port, child, output: () => output };
}

async function waitUntilUp(node: Node): Promise<void> {
  await expect
    .poll(
      async () => {
        if (node.child.exitCode !== null) throw new Error(`node exited: ${node.output()}`);
        return fetch(`http://127.0.0.1:${node.port}/portal/wlxapp/Ping.srv`)
          .then((response) => response.status)
          .catch(() => 0);
      },
      { timeout: 60_000 },
    )
    .toBe(200);
}

/** Round-robin over the nodes; says in x-served-by which one answered. */
function startProxy(ports: number[]): Promise<{ server: http.Server; port: number }> {
  let next = 0;
  const server = http.createServer((request, response) => {
    const target = ports[next++ % ports.length] ?? 0;
    const forward = http.request(
      {
        host: "127.0.0.1",
        port: target,
        path: request.url,
        method: request.method,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-served-by": String(target) });
        answer.pipe(response);
      },
    );
    forward.on("error", () => response.writeHead(502).end());
    request.pipe(forward);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, port: (server.address() as AddressInfo).port })),
  );
}

let nodes: Node[] = [];
let proxy: { server: http.Server; port: number } | undefined;
let s3: S3rver | undefined;
let s3Endpoint = "";

test.beforeAll(async () => {
  if (!serverUrl)
    throw new Error(
      "two-nodes.spec.ts needs the PostgreSQL server npm test starts: DATABASE_URL is not set.",
    );
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: tempDir("portal-s3-"),
    configureBuckets: [{ name: "attachments" }],
  });
  const { port } = await s3.run();
  s3Endpoint = `http://127.0.0.1:${port}`;

  const created = spawnSync(
    process.execPath,
    [
      "apps/server/dist/cli.js",
      "member:create",
      "--username",
      member.username,
      "--email",
      "two.nodes@example.com",
      "--first-name",
      "Twin",
      "--last-name",
      "Nodes",
    ],
    {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl(databaseName),
        SESSION_SECRET: secret,
        LOG_LEVEL: "silent",
      },
      encoding: "utf8",
      // The password comes on standard input, never the command line.
      input: `${member.password}\n`,
    },
  );
  expect(created.stderr).toBe("");

  const s3Env = {
    DATABASE_URL: databaseUrl(databaseName),
    BLOB_STORE: "s3",
    S3_ENDPOINT: s3Endpoint,
    S3_BUCKET: "attachments",
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  };
  // One after the other: each node writes and deletes a probe object under readiness-probes/ as it
  // starts, and s3rver's file store removes a directory a delete left empty, also while another PUT
  // is about to write into it (a 500 InternalError). S3 itself has no directories to remove.
  nodes = [];
  for (let index = 0; index < 2; index += 1) {
    const node = startNode(await freePort(), s3Env);
    nodes.push(node);
    await waitUntilUp(node);
  }
  proxy = await startProxy(nodes.map((node) => node.port));
});

test.afterAll(async () => {
  for (const node of nodes) node.child.kill("SIGTERM");
  await Promise.all(nodes.map((node) => new Promise((resolve) => node.child.once("exit", resolve))));
  proxy?.server.close();
  await s3?.close();
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
});

const base = () => `http://127.0.0.1:${proxy?.port}`;
const servedBy = (response: Response) => response.headers.get("x-served-by");

test("a session made on one node works on the other, and a log-out ends it on both", async () => {
  const client = new PortalClient(base());
  await client.logIn(member.username, member.password);
  const answers = [await client.fetch("/wsg/session"), await client.fetch("/wsg/session")];
  expect(new Set(answers.map(servedBy)).size).toBe(2);
  for (const answer of answers) expect((await answer.json()).authenticated).toBe(true);
  await client.fetch("/wsg/logout", { method: "POST" });
  for (const _ of nodes)
    expect((await (await client.fetch("/wsg/session")).json()).authenticated).toBe(false);
});

test("an attachment uploaded through one node downloads through the other", async () => {
  const client = new PortalClient(base());
  await client.logIn(member.username, member.password);
  const bytes = pdfBytes(300 * 1024);
  const logged = await client.postForm(
    "/api/smart-inquiry/member-queries/query-additional-info",
    {
      category: "MEDICAL_CLAIMS",
      subCategory: "CLAIM_NOT_PAID",
      query: "Two nodes, one file.",
      email: "two.nodes@example.com",
      origin: "MEMBER_WEB",
    },
    [{ name: "statement.pdf", type: "application/pdf", bytes }],
  );
  expect(logged.status).toBe(200);
  const uploadedBy = servedBy(logged);
  const { referenceNumber } = await logged.json();
  const view = await client.fetch(`/api/smart-inquiry/member-queries/${referenceNumber}?origin=MEMBER_WEB`);
  const attachmentId = (await view.json()).query.attachments[0].attachmentId;
  const downloadedBy = new Set<string | null>();
  // Twice in a row: the proxy takes turns, so one of them is the other node.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const download = await client.fetch(
      `/api/smart-inquiry/member-queries/${referenceNumber}/attachments/${attachmentId}?origin=MEMBER_WEB`,
    );
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    downloadedBy.add(servedBy(download));
  }
  const downloadedElsewhere = [...downloadedBy].some((node) => node !== uploadedBy);
  expect(downloadedElsewhere).toBe(true);
});

test("an idempotency key holds across both nodes: one query however often it is sent", async () => {
  const client = new PortalClient(base());
  await client.logIn(member.username, member.password);
  const headers = { "idempotency-key": `two-nodes-${randomBytes(6).toString("hex")}` };
  const url = "/api/smart-inquiry/member-queries/query-additional-info";
  const first = await client.fetch(url, { method: "POST", headers, body: formOf() });
  const second = await client.fetch(url, { method: "POST", headers, body: formOf() });
  expect(servedBy(first)).not.toBe(servedBy(second));
  expect([first.status, second.status]).toEqual([200, 200]);
  expect((await second.json()).referenceNumber).toBe((await first.json()).referenceNumber);
});

function formOf(): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    category: "MEDICAL_CLAIMS",
    subCategory: "CLAIM_NOT_PAID",
    query: "Sent twice, logged once.",
    email: "two.nodes@example.com",
    origin: "MEMBER_WEB",
  })) {
    form.append(name, value);
  }
  return form;
}

test("log-in throttling counts guesses on both nodes together", async () => {
  const guesses: (string | null)[] = [];
  const guesser = new PortalClient(base());
  await guesser.fetch("/wsg/session");
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const answer = await guesser.fetch("/wsg/rest", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: loginBody(member.username, `wrong-${attempt}`),
    });
    expect(answer.status).toBe(401);
    guesses.push(servedBy(answer));
  }
  expect(new Set(guesses).size).toBe(2);
  const locked = new PortalClient(base());
  await locked.fetch("/wsg/session");
  const answer = await locked.fetch("/wsg/rest", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: loginBody(member.username, member.password),
  });
  expect(answer.status).toBe(429);
});

function loginBody(username: string, password: string): string {
  return JSON.stringify({
    schemaVersion: 1,
    Login: username,
    Password: password,
    ddid: {
      authorizationCode: "",
      domain: "memberportal",
      clientId: "member-portal-web",
      redirectUri: `${base()}/`,
    },
  });
}

test("with a local blob store a second process on the same database refuses to start, saying why", async () => {
  const localDatabase = `${databaseName}_local`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${localDatabase}`);
  await admin.end();
  const env = { DATABASE_URL: databaseUrl(localDatabase), BLOB_STORE: "local" };
  const first = startNode(await freePort(), env);
  try {
    await waitUntilUp(first);
    expect(first.output()).toContain("One process only");
    const second = startNode(await freePort(), env);
    const code = await new Promise((resolve) => second.child.once("exit", resolve));
    expect(code).toBe(1);
    expect(second.output()).toContain(
      "Another portal process already uses this PostgreSQL database with a local blob store",
    );
    const shared = startNode(await freePort(), { ...env, BLOB_DIR_SHARED: "true" });
    await waitUntilUp(shared);
    shared.child.kill("SIGTERM");
    await new Promise((resolve) => shared.child.once("exit", resolve));
  } finally {
    first.child.kill("SIGTERM");
    await new Promise((resolve) => first.child.once("exit", resolve));
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${localDatabase} with (force)`);
    await cleanup.end();
  }
});
