import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ATTACHMENTS_FIELD } from "@portal/domain";
import { PortalClient, pdfBytes } from "./portal-client";
import { demoMember } from "./support";

// SIGTERM during a slow upload, as at a deploy: the listener stops taking connections at once,
// the upload in flight finishes within SHUTDOWN_GRACE_SECONDS and is stored, then the process
// exits. One that cannot finish within the grace is cut, and leaves no partial file behind.

const QUERY_PATH = "/api/smart-inquiry/member-queries/query-additional-info";

function start(dataDir: string, port: number, graceSeconds: number): ChildProcess {
  return spawn(process.execPath, ["apps/server/dist/server.js"], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
    },
    stdio: "ignore",
  });
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

async function waitUntilUp(base: string): Promise<void> {
  await expect
    .poll(async () => (await fetch(`${base}/portal/wlxapp/Ping.srv`).catch(() => null))?.status, {
      timeout: 60_000,
    })
    .toBe(200);
}

/** A query with a file, as the form sends it, written to the server in slices at a steady pace. */
async function trickledUpload(client: PortalClient, text: string, fileSize: number, sliceMs: number) {
  const form = new FormData();
  const fields = {
    category: "MEDICAL_CLAIMS",
    subCategory: "CLAIM_NOT_PAID",
    query: text,
    email: "thandi.nkosi@example.com",
    origin: "MEMBER_WEB",
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(
    ATTACHMENTS_FIELD,
    new File([pdfBytes(fileSize)], "statement.pdf", { type: "application/pdf" }),
  );
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const headers = await client.headersFor("POST");
  headers["content-type"] = encoded.headers.get("content-type") ?? "";
  headers["content-length"] = String(body.length);
  const url = new URL(QUERY_PATH, client.baseUrl);
  let sent = 0;
  const answer = new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    const request = http.request(url, { method: "POST", headers }, (response) => {
      let text = "";
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    const slices = 20;
    const size = Math.ceil(body.length / slices);
    const writeNext = () => {
      if (sent >= body.length) return request.end();
      request.write(body.subarray(sent, sent + size));
      sent += size;
      setTimeout(writeNext, sliceMs);
    };
    writeNext();
  });
  return { answer, progress: () => sent / body.length };
}

function partialFiles(dataDir: string): string[] {
  const found: string[] = [];
  const walk = (directory: string) => {
    for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory() && entry.name !== "pglite") walk(full);
      else if (/\.part$|\/\.pending\/|\/upload-spool\//.test(full)) found.push(full);
    }
  };
  walk(dataDir);
  return found;
}

test("SIGTERM lets a trickled upload finish and store, refuses new connections, then exits", async () => {
  test.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-drain-"));
  const port = 19100 + Math.floor(Math.random() * 400);
  const base = `http://127.0.0.1:${port}`;
  let server = start(dataDir, port, 30);
  try {
    await waitUntilUp(base);
    const client = new PortalClient(base);
    await client.logIn(demoMember.username, demoMember.password);
    const marker = `drained upload ${Date.now()}`;
    // About 15 s on the wire, longer than the 10 s a shutdown used to allow; the signal comes a
    // quarter of the way in.
    const upload = await trickledUpload(client, marker, 2 * 1024 * 1024, 750);
    await expect.poll(upload.progress).toBeGreaterThan(0.25);
    const exited = exitOf(server);
    server.kill("SIGTERM");
    await expect
      .poll(async () =>
        (await fetch(`${base}/portal/wlxapp/Ping.srv`).catch((error) => error.cause?.code))?.toString(),
      )
      .toBe("ECONNREFUSED");
    const answer = await upload.answer;
    expect(answer).toMatchObject({ status: 200 });
    const reference = JSON.parse((answer as { body: string }).body).referenceNumber as number;
    expect(await exited).toBe(0);

    server = start(dataDir, port, 30);
    await waitUntilUp(base);
    const again = new PortalClient(base);
    await again.logIn(demoMember.username, demoMember.password);
    const query = await again.fetch(`/api/smart-inquiry/member-queries/${reference}?origin=MEMBER_WEB`);
    expect(query.status).toBe(200);
    expect(await query.text()).toContain(marker);
  } finally {
    server.kill("SIGKILL");
  }
});

test("an upload that cannot finish within the grace is cut, and its partial file is gone", async () => {
  test.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-drain-cut-"));
  const port = 19600 + Math.floor(Math.random() * 300);
  const base = `http://127.0.0.1:${port}`;
  const server = start(dataDir, port, 2);
  try {
    await waitUntilUp(base);
    const client = new PortalClient(base);
    await client.logIn(demoMember.username, demoMember.password);
    // About 20 s on the wire, against a grace of 2 s.
    const upload = await trickledUpload(client, "never finished", 4 * 1024 * 1024, 1000);
    await expect.poll(upload.progress).toBeGreaterThan(0.1);
    expect(partialFiles(dataDir).length).toBeGreaterThan(0);
    const exited = exitOf(server);
    const signalled = Date.now();
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(await upload.answer).not.toMatchObject({ status: 200 });
    expect(partialFiles(dataDir)).toEqual([]);
  } finally {
    server.kill("SIGKILL");
  }
});
