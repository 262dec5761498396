import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ATTACHMENTS_FIELD } from "@portal/domain";
import pg from "pg";
import { PortalClient, pdfBytes } from "./portal-client";
import { demoMember } from "./support";

// A phone that loses its signal just after the last byte of a new query: the multipart parser
// never ended, the receive waited for ever and held one of the member's upload slots (two by
// default), so after two such drops the member could send nothing until the server restarted.
// The drops come from this process, over the network, to a server of its own on a PostgreSQL
// database of its own, as a phone's do (on the embedded database the drop did not leave the slot
// held: the order of the close and the read differs). npm test gives DATABASE_URL.

const PORT = 18097;
const BASE = `http://127.0.0.1:${PORT}`;
const BOUNDARY = "----dropped-upload";
const FIELDS = {
  subCategory: "CLAIM_NOT_PAID",
  query: "E2E: sent just before the signal went.",
  email: "member@example.com",
  category: "MEDICAL_CLAIMS",
  origin: "MEMBER_WEB",
  ccEmail: "",
};

function multipartOf(fields: Record<string, string>): Buffer {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return Buffer.concat([
    Buffer.from(parts.join("")),
    Buffer.from(
      `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${ATTACHMENTS_FIELD}"; filename="claim.pdf"\r\ncontent-type: application/pdf\r\n\r\n`,
    ),
    Buffer.from(pdfBytes(4096)),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** The whole request, then the connection closed before any answer. */
async function sendAndDrop(client: PortalClient): Promise<void> {
  const headers = await client.headersFor("POST");
  const body = multipartOf(FIELDS);
  const head = [
    "POST /api/smart-inquiry/member-queries/query-additional-info HTTP/1.1",
    `host: 127.0.0.1:${PORT}`,
    `cookie: ${headers.cookie}`,
    `x-xsrf-token: ${headers["x-xsrf-token"]}`,
    `content-type: multipart/form-data; boundary=${BOUNDARY}`,
    `content-length: ${body.length}`,
    "",
    "",
  ].join("\r\n");
  await new Promise<void>((resolve) => {
    const socket = net.connect(PORT, "127.0.0.1", () => {
      socket.write(Buffer.concat([Buffer.from(head), body]));
      setImmediate(() => socket.destroy());
    });
    socket.on("close", () => resolve());
    socket.on("error", () => undefined);
  });
}

let server: ChildProcess | undefined;
let dataDir = "";
let databaseUrl = "";
const databaseName = `portal_e2e_dropped_${randomBytes(4).toString("hex")}`;

/** Runs one statement on the DATABASE_URL server (a database is made and dropped for this file). */
async function onServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

test.beforeAll(async () => {
  // A fresh database is migrated and seeded first.
  test.setTimeout(120_000);
  if (!process.env.DATABASE_URL)
    throw new Error("DATABASE_URL must name a PostgreSQL server (npm test starts one)");
  await onServer(`create database ${databaseName}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-dropped-"));
  server = spawn(process.execPath, ["apps/server/dist/server.js"], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
      SEED_DEMO_DATA: "true",
      // A server database needs a shared secret; this server makes one up.
      SESSION_SECRET: randomBytes(32).toString("hex"),
    },
    stdio: "ignore",
  });
  await expect
    .poll(async () => (await fetch(`${BASE}/portal/wlxapp/Ping.srv`).catch(() => null))?.status, {
      timeout: 60_000,
    })
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  await onServer(`drop database if exists ${databaseName} with (force)`);
});

test("a member whose connection dropped just after sending can still log the next query", async () => {
  const client = new PortalClient(BASE);
  await client.logIn(demoMember.username, demoMember.password);
  for (let drop = 0; drop < 4; drop += 1) await sendAndDrop(client);
  // The server sees each close on its own schedule: the next query may wait a moment for its slot.
  await expect
    .poll(
      async () =>
        (
          await client.postForm("/api/smart-inquiry/member-queries/query-additional-info", FIELDS, [
            { name: "claim.pdf", type: "application/pdf", bytes: pdfBytes(4096) },
          ])
        ).status,
      { timeout: 10_000 },
    )
    .toBe(200);
});
