import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { defaultQueryFields, loggedInMember, SI } from "../../../test-support/modules/smart-inquiry.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { pdfOfSize } from "../../../test-support/upload-fixtures.js";
import { attachmentBlobsInFlight, attachments } from "../../db/schema.js";
import { BlobNotFoundError } from "./blob-store.js";

import { recordBlobsInFlight, removeUnreferencedAttachments } from "./blobs-in-flight.js";

// Blobs a crash left between committing them and writing their rows are deleted once old; a blob
// an attachment row names, a young one, and one this database never recorded all stay.

const HOUR = 60 * 60 * 1000;

describe.each(TEST_DATABASE_KINDS)("attachment blobs a crash left behind, on %s", (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => testApp.close());

  const commitBlob = async (key: string, content: string) => {
    const { blobStore } = testApp;
    await blobStore.commit(await blobStore.writePending(key, Readable.from([Buffer.from(content)])));
  };
  const inFlight = async () =>
    (await testApp.database.db.select().from(attachmentBlobsInFlight)).map((row) => row.blobKey).sort();

  it("a stored submission leaves nothing in flight", async () => {
    const member = await loggedInMember(testApp);
    const created = await member.browser.postMultipart(
      `${SI}/member-queries/query-additional-info`,
      defaultQueryFields,
      [pdfOfSize(2048, "kept.pdf")],
    );
    expect(created.statusCode).toBe(200);
    expect(await inFlight()).toEqual([]);
  });

  it("deletes only old in-flight blobs no row names, and forgets them", async () => {
    const { db } = testApp.database;
    const { blobStore } = testApp;
    const now = new Date();
    const longAgo = new Date(now.getTime() - 7 * HOUR);

    // A crash after the blobs were committed and before the rows: recorded, committed, no row.
    await commitBlob("attachments/2026/11/crashed", "medical");
    await recordBlobsInFlight(db, ["attachments/2026/11/crashed"], longAgo);
    // A submission still being stored.
    await commitBlob("attachments/2026/11/in-progress", "x");
    await recordBlobsInFlight(db, ["attachments/2026/11/in-progress"], new Date(now.getTime() - HOUR));
    // Named by an attachment row although still recorded (the record's removal failed).
    const [attachment] = await db.select({ key: attachments.blobKey }).from(attachments).limit(1);
    const namedKey = attachment?.key ?? "";
    await recordBlobsInFlight(db, [namedKey], longAgo);
    // In the store but never recorded here (another environment's, say): never this sweep's.
    await commitBlob("attachments/2026/11/someone-elses", "y");

    expect(await removeUnreferencedAttachments(db, blobStore, now)).toBe(1);
    await expect(blobStore.read("attachments/2026/11/crashed")).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await text(await blobStore.read("attachments/2026/11/in-progress"))).toBe("x");
    expect(await text(await blobStore.read("attachments/2026/11/someone-elses"))).toBe("y");
    expect((await text(await blobStore.read(namedKey))).startsWith("%PDF-")).toBe(true);
    expect(await inFlight()).toEqual(["attachments/2026/11/in-progress"]);

    // Once old enough, the one in progress goes too (its submission never finished).
    expect(await removeUnreferencedAttachments(db, blobStore, new Date(now.getTime() + 6 * HOUR))).toBe(1);
    expect(await inFlight()).toEqual([]);
    await db.delete(attachmentBlobsInFlight).where(eq(attachmentBlobsInFlight.blobKey, namedKey));
  });

  it("is done by one of several processes sweeping at once", async () => {
    const { db } = testApp.database;
    const longAgo = new Date(Date.now() - 7 * HOUR);
    const keys = Array.from({ length: 5 }, (_, index) => `attachments/2026/11/swept-once-${index}`);
    for (const key of keys) await commitBlob(key, "z");
    await recordBlobsInFlight(db, keys, longAgo);
    // Two sweeps on one database, as two app processes run them each hour.
    const removed = await Promise.all([
      removeUnreferencedAttachments(db, testApp.blobStore, new Date()),
      removeUnreferencedAttachments(db, testApp.blobStore, new Date()),
    ]);
    expect(removed.sort()).toEqual([0, keys.length]);
    expect(await inFlight()).not.toEqual(expect.arrayContaining([keys[0]]));
  });
});
