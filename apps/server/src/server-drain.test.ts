import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultQueryFields, SI } from "../test-support/modules/smart-inquiry.js";
import {
  logInOver,
  type PortalProcess,
  startPortalProcess,
  waitFor,
} from "../test-support/portal-process.js";
import { addMember } from "../test-support/test-app.js";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../test-support/throwaway-postgres.js";
import { multipartBody, pdfOfSize } from "../test-support/upload-fixtures.js";
import { openServerDatabase } from "./db/database.js";

// SIGTERM during an upload on a PostgreSQL server with the local blob store: one process only,
// held by the single-process lock, and attachments are served only while it is held. The lock
// was given up as the drain began, so the upload in flight answered 503 instead of finishing (the
// same drain on the embedded database and with S3 held). Now the lock goes after the last request.

describe("the drain on PostgreSQL with the local blob store", () => {
  let cluster: ThrowawayPostgres;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "portal-drain-pg-"));
  let portal: PortalProcess;
  let member: { username: string; password: string; entityNumber: number };

  beforeAll(async () => {
    cluster = await startThrowawayPostgres();
    const database = await openServerDatabase(cluster.url, { poolSize: 2 });
    try {
      member = await addMember(database);
    } finally {
      await database.close();
    }
    portal = await startPortalProcess(scratch, "only", {
      DATABASE_URL: cluster.url,
      BLOB_STORE: "local",
      SHUTDOWN_GRACE_SECONDS: "30",
    });
  }, 120_000);

  afterAll(async () => {
    await portal?.stop();
    cluster?.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }, 60_000);

  it("lets an upload in flight finish and store, then exits", async () => {
    const marker = `drained on PostgreSQL ${Date.now()}`;
    const upload = await trickledUpload(portal, member, marker, 512 * 1024, 300);
    await waitFor(() => (upload.progress() > 0.25 ? true : undefined), "a quarter of the upload sent");
    const exited = portal.stop();
    expect(await upload.answer).toMatchObject({ status: 200 });
    expect(await exited).toBe(0);

    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ files: number }>(
        `select count(a.*)::int as files from queries q
           join thread_entries e on e.query_reference_number = q.reference_number
           join attachments a on a.thread_entry_id = e.id
         where q.query_text = $1`,
        [marker],
      );
      expect(rows).toEqual([{ files: 1 }]);
    } finally {
      await client.end();
    }
  }, 120_000);

  it("cuts an upload that cannot finish within the grace, and its partial file is gone", async () => {
    const short = await startPortalProcess(scratch, "short-grace", {
      DATABASE_URL: cluster.url,
      BLOB_STORE: "local",
      SHUTDOWN_GRACE_SECONDS: "1",
    });
    const upload = await trickledUpload(short, member, "never finished", 1024 * 1024, 1000);
    await waitFor(() => (upload.progress() > 0.1 ? true : undefined), "a tenth of the upload sent");
    await waitFor(() => (partialFiles(scratch).length > 0 ? true : undefined), "the upload's partial file");
    expect(await short.stop()).toBe(0);
    expect(await upload.answer).not.toMatchObject({ status: 200 });
    expect(partialFiles(scratch)).toEqual([]);
  }, 120_000);
});

/** Files of uploads not yet committed (spool and partial files), anywhere under `directory`. */
function partialFiles(directory: string): string[] {
  return fs
    .readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => /\.part$|\/\.pending\/|\/upload-spool\//.test(file));
}

/** A query with a PDF of `size` bytes, written to the portal in twenty slices, one every `sliceMs`. */
async function trickledUpload(
  portal: PortalProcess,
  member: { username: string; password: string },
  text: string,
  size: number,
  sliceMs: number,
) {
  const { cookie, xsrf } = await logInOver(portal, member.username, member.password);
  const body = await multipartBody({ ...defaultQueryFields, query: text }, [pdfOfSize(size)]);
  const payload = Buffer.from(body.payload);
  let sent = 0;
  const answer = new Promise<{ status?: number; error?: string }>((resolve) => {
    const request = http.request(
      `${portal.baseUrl}${SI}/member-queries/query-additional-info`,
      {
        method: "POST",
        headers: {
          cookie,
          "x-xsrf-token": xsrf,
          "content-type": body.contentType,
          "content-length": String(payload.length),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode }));
      },
    );
    request.on("error", (error) => resolve({ error: error.message }));
    const slice = Math.ceil(payload.length / 20);
    const writeNext = () => {
      if (request.destroyed) return;
      if (sent >= payload.length) return void request.end();
      request.write(payload.subarray(sent, sent + slice));
      sent += slice;
      setTimeout(writeNext, sliceMs);
    };
    writeNext();
  });
  return { answer, progress: () => sent / payload.length };
}
