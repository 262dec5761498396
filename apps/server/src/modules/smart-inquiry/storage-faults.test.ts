import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import {
  countQueries,
  defaultQueryFields,
  loggedInMember,
  SI,
} from "../../../test-support/modules/smart-inquiry.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { pdfOfSize } from "../../../test-support/upload-fixtures.js";

// The blob disk fails for real: a tiny tmpfs that fills up, then is made read-only. (Mounting
// needs root, as `npm test` runs in CI; the test says so rather than passing untested.)

function mount(...args: string[]): void {
  try {
    execFileSync("mount", args, { stdio: "pipe" });
  } catch (error) {
    throw new Error(
      `storage-faults.test.ts mounts a small tmpfs to fill a real disk and needs root: ${(error as Error).message}`,
    );
  }
}

describe.each(TEST_DATABASE_KINDS)("blob storage faults, on %s", (kind) => {
  let testApp: TestApp;
  let member: Awaited<ReturnType<typeof loggedInMember>>;
  const blobDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-small-disk-"));

  beforeAll(async () => {
    mount("-t", "tmpfs", "-o", "size=512k", "tmpfs", blobDir);
    testApp = await createTestApp(kind, {}, { blobDir });
    member = await loggedInMember(testApp);
  });
  afterAll(async () => {
    await testApp.close();
    // Every layer mounted there, then the empty directory.
    while (fs.readFileSync("/proc/mounts", "utf8").includes(` ${blobDir} `))
      execFileSync("umount", [blobDir]);
    fs.rmdirSync(blobDir);
  });

  const filesOnDisk = () =>
    fs
      .readdirSync(blobDir, { recursive: true })
      .filter((entry) => fs.statSync(path.join(blobDir, String(entry))).isFile());
  const send = () =>
    member.browser.postMultipart(`${SI}/member-queries/query-additional-info`, defaultQueryFields, [
      pdfOfSize(400 * 1024, "first.pdf"),
      pdfOfSize(400 * 1024, "second.pdf"),
    ]);

  it("answers a full disk with 507 and Retry-After, and leaves neither a query nor half a file", async () => {
    const before = await countQueries(testApp.database);
    const filesBefore = filesOnDisk();
    const answer = await send();
    expect(answer.statusCode).toBe(507);
    expect(answer.json()).toMatchObject({ exceptionCode: "STORAGE_FULL" });
    expect(answer.headers["retry-after"]).toBeDefined();
    expect(await countQueries(testApp.database)).toBe(before);
    expect(filesOnDisk()).toEqual(filesBefore);
  });

  it("answers a read-only disk with 503 and Retry-After, and stores nothing", async () => {
    mount("-o", "remount,ro", blobDir);
    try {
      const before = await countQueries(testApp.database);
      const answer = await member.browser.postMultipart(
        `${SI}/member-queries/query-additional-info`,
        defaultQueryFields,
        [pdfOfSize(10 * 1024)],
      );
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ exceptionCode: "SERVICE_UNAVAILABLE" });
      expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
      expect(await countQueries(testApp.database)).toBe(before);
    } finally {
      mount("-o", "remount,rw", blobDir);
    }
    // Writable again: it works.
    const small = await member.browser.postMultipart(
      `${SI}/member-queries/query-additional-info`,
      defaultQueryFields,
      [pdfOfSize(10 * 1024)],
    );
    expect(small.statusCode).toBe(200);
  });
});
