import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentSubmissionAttachments, documentSubmissions } from "../../db/schema.js";
import { TEST_DATABASE_KINDS } from "../../test-support/databases.js";
import { createTestApp, type TestApp } from "../../test-support/test-app.js";
import { pdfOfSize } from "../../test-support/upload-fixtures.js";
import { BlobNotFoundError } from "../storage/blob-store.js";
import { defaultQueryFields, loggedInMember, SI } from "./test-helpers.js";
import { removeUnreferencedAttachments } from "./unreferenced-attachments.js";

// Blobs a crash left between committing them and committing their rows are deleted once old;
// every blob an attachment row names stays.

describe.each(TEST_DATABASE_KINDS)("unreferenced attachment blobs on %s", (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => testApp.close());

  it("deletes only old blobs no attachment names, and keeps the query's attachments readable", async () => {
    const member = await loggedInMember(testApp);
    const created = await member.browser.postMultipart(
      `${SI}/member-queries/query-additional-info`,
      defaultQueryFields,
      [pdfOfSize(2048, "kept.pdf")],
    );
    expect(created.statusCode).toBe(200);
    const { referenceNumber } = created.json();

    // What a crash after the blob commit and before the row commit leaves behind.
    const orphanKey = "attachments/2026/11/left-by-a-crash";
    const { blobStore } = testApp;
    await blobStore.commit(await blobStore.writePending(orphanKey, Readable.from([Buffer.from("medical")])));

    // A document submission's file is named by its own table.
    const { db } = testApp.database;
    const [submission] = await db
      .insert(documentSubmissions)
      .values({ memberEntityNumber: member.entityNumber, category: "MEDICAL_CLAIMS", loggedAt: new Date() })
      .returning();
    const submitted = await blobStore.writePending(
      "attachments/2026/11/submitted",
      Readable.from([Buffer.from("x")]),
    );
    await blobStore.commit(submitted);
    await db.insert(documentSubmissionAttachments).values({
      referenceNumber: submission?.referenceNumber ?? 0,
      fileName: "account.pdf",
      contentType: "application/pdf",
      sizeBytes: 1,
      blobKey: submitted.key,
      position: 0,
    });

    expect(await removeUnreferencedAttachments(db, blobStore, 60 * 60 * 1000)).toBe(0);
    expect(await text(await blobStore.read(orphanKey))).toBe("medical");

    expect(await removeUnreferencedAttachments(db, blobStore, 0)).toBe(1);
    await expect(blobStore.read(orphanKey)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await text(await blobStore.read(submitted.key))).toBe("x");

    const view = await member.browser.request({
      method: "GET",
      url: `${SI}/member-queries/${referenceNumber}?origin=MEMBER_WEB`,
    });
    const [attachment] = view.json().query.attachments;
    const download = await member.browser.request({
      method: "GET",
      url: `${SI}/member-queries/${referenceNumber}/attachments/${attachment.attachmentId}?origin=MEMBER_WEB`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(await removeUnreferencedAttachments(db, blobStore, 0)).toBe(0);
  });
});
