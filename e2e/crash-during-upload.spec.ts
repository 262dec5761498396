import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { PortalClient, pdfBytes } from "./portal-client";
import { demoMember } from "./support";

// Requirements §10.9: a query and its attachments commit together. Kill the server (SIGKILL, no
// shutdown) while uploads are in flight; after a restart every reference that was answered is
// complete with its attachments, and no query is visible without all of its files.

const FILE_SIZE = 3 * 1024 * 1024;
const MARKER = "crash-test upload";

function start(dataDir: string, port: number): ChildProcess {
  return spawn(process.execPath, ["apps/server/dist/server.js"], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
  });
}

async function waitUntilUp(base: string): Promise<void> {
  await expect
    .poll(async () => (await fetch(`${base}/portal/wlxapp/Ping.srv`).catch(() => null))?.status, {
      timeout: 60_000,
    })
    .toBe(200);
}

test("a crash during uploads leaves every answered query whole and no half query", async () => {
  test.setTimeout(180_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-crash-"));
  const port = 18600 + Math.floor(Math.random() * 300);
  const base = `http://127.0.0.1:${port}`;
  let server = start(dataDir, port);
  try {
    await waitUntilUp(base);
    const client = new PortalClient(base);
    await client.logIn(demoMember.username, demoMember.password);

    const answered: number[] = [];
    const uploads = Array.from(
      { length: 12 },
      (_, index) =>
        client
          .postForm(
            "/api/smart-inquiry/member-queries/query-additional-info",
            {
              subCategory: "CLAIM_NOT_PAID",
              query: `${MARKER} ${index}`,
              email: "thandi.nkosi@example.com",
              category: "MEDICAL_CLAIMS",
              origin: "MEMBER_WEB",
              ccEmail: "",
            },
            [
              { name: `first-${index}.pdf`, type: "application/pdf", bytes: pdfBytes(FILE_SIZE) },
              { name: `second-${index}.pdf`, type: "application/pdf", bytes: pdfBytes(FILE_SIZE + index) },
            ],
          )
          .then(async (response) => {
            if (response.status === 200) answered.push((await response.json()).referenceNumber);
          })
          .catch(() => undefined), // cut off by the crash
    );
    await expect.poll(() => answered.length, { timeout: 60_000, intervals: [5] }).toBeGreaterThanOrEqual(2);
    server.kill("SIGKILL");
    await Promise.all(uploads);
    const answeredBeforeCrash = [...answered];

    server = start(dataDir, port);
    await waitUntilUp(base);
    const after = new PortalClient(base);
    await after.logIn(demoMember.username, demoMember.password);

    const list = await (
      await after.fetch("/api/smart-inquiry/member-queries?daysAgo=1&status=OPEN&origin=MEMBER_WEB")
    ).json();
    const crashQueries = list.queries.filter((query: { queryDetail: string }) =>
      query.queryDetail.startsWith(MARKER),
    );
    const visible = crashQueries.map((query: { referenceNumber: number }) => query.referenceNumber);
    for (const reference of answeredBeforeCrash) expect(visible).toContain(reference);

    for (const reference of visible) {
      const view = await (
        await after.fetch(`/api/smart-inquiry/member-queries/${reference}?origin=MEMBER_WEB`)
      ).json();
      expect(view.query.attachments).toHaveLength(2);
      for (const attachment of view.query.attachments) {
        const download = await after.fetch(
          `/api/smart-inquiry/member-queries/${reference}/attachments/${attachment.attachmentId}?origin=MEMBER_WEB`,
        );
        expect(download.status).toBe(200);
        expect((await download.arrayBuffer()).byteLength).toBeGreaterThanOrEqual(FILE_SIZE);
      }
    }
  } finally {
    server.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
