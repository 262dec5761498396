import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { closedPort } from "../../../test-support/ports.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { attachmentBlobsInFlight } from "../../db/schema.js";
import { commitBlobsWithRows } from "./commit-blobs.js";
import { createS3BlobStore } from "./s3-blob-store.js";

// S3 down while a submission commits its files: the submission fails, and neither its spool files
// nor a record in flight is left behind (a failed commit once left its spool file for good).

describe.each(TEST_DATABASE_KINDS)("a commit that fails, on %s", (kind) => {
  let testApp: TestApp;
  const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), "commit-spool-"));
  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => {
    await testApp.close();
    fs.rmSync(spoolDir, { recursive: true, force: true });
  });

  it("removes the spool files of an upload whose commit S3 refused", async () => {
    const blobStore = createS3BlobStore({
      bucket: "attachments",
      region: "us-east-1",
      endpoint: `http://127.0.0.1:${await closedPort()}`,
      forcePathStyle: true,
      accessKeyId: "key",
      secretAccessKey: "secret",
      spoolDir,
    });
    const pending = [
      await blobStore.writePending("attachments/spool-test/one", Readable.from([Buffer.from("first")])),
      await blobStore.writePending("attachments/spool-test/two", Readable.from([Buffer.from("second")])),
    ];
    expect(fs.readdirSync(spoolDir)).toHaveLength(2);
    const { db } = testApp.database;
    await expect(
      commitBlobsWithRows(
        { db, blobStore },
        pending,
        new Date(),
        (work) => db.transaction(work),
        async () => "rows",
      ),
    ).rejects.toThrow();
    expect(fs.readdirSync(spoolDir)).toEqual([]);
    expect(await db.select().from(attachmentBlobsInFlight)).toEqual([]);
  });
});
