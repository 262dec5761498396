import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { defaultQueryFields, loggedInMember, SI } from "../../../test-support/modules/smart-inquiry.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { insertReply, insertReplyFile } from "../../../test-support/thread-rows.js";
import { pdfOfSize, pngFile } from "../../../test-support/upload-fixtures.js";
import { conversationRows } from "../conversations/commands/remove-content.js";
import { deleteRemovedFiles, removeQueryContent } from "../data-rights/remove-content.js";

// The files staff sent with a reply, on the member's view of the query and as downloads: the
// member's own only. Another member, or the member once the files were erased or purged, gets
// the very 404 of something that does not exist.

describe.each(TEST_DATABASE_KINDS)("files sent with a reply on %s", (kind) => {
  let testApp: TestApp;
  let memberA: Awaited<ReturnType<typeof loggedInMember>>;
  let memberB: Awaited<ReturnType<typeof loggedInMember>>;
  let blobs = 0;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    memberA = await loggedInMember(testApp);
    memberB = await loggedInMember(testApp);
  });
  afterAll(async () => testApp.close());

  const MISSING = 2_000_000_000;
  const get = (browser: typeof memberA.browser, url: string) => browser.request({ method: "GET", url });
  const viewUrl = (reference: number, origin = "MEMBER_WEB") =>
    `${SI}/member-queries/${reference}?origin=${origin}`;
  const fileUrl = (reference: number, attachmentId: number, origin = "MEMBER_WEB") =>
    `${SI}/member-queries/${reference}/reply-attachments/${attachmentId}?origin=${origin}`;

  async function logQuery(member: typeof memberA): Promise<number> {
    const created = await member.browser.postMultipart(
      `${SI}/member-queries/query-additional-info`,
      defaultQueryFields,
      [pngFile()],
    );
    expect(created.statusCode).toBe(200);
    return created.json().referenceNumber;
  }

  /** A reply to the query, sent at `sentAt`, with these files stored as the desk stores them. */
  async function reply(
    reference: number,
    sentAt: Date,
    files: { fileName: string; contentType: string; bytes: Buffer }[],
  ) {
    const db = testApp.database.db;
    const [sent] = await insertReply(db, { referenceNumber: reference, html: "<p>Our answer</p>", sentAt });
    const stored: { attachmentId: number; blobKey: string; bytes: Buffer }[] = [];
    for (const [position, file] of files.entries()) {
      blobs += 1;
      const blob = await testApp.blobStore.writePending(
        `attachments/test/reply-${kind}-${blobs}`,
        Readable.from([file.bytes]),
      );
      await testApp.blobStore.commit(blob);
      const [row] = await insertReplyFile(db, {
        replyId: sent?.id ?? 0,
        fileName: file.fileName,
        contentType: file.contentType,
        sizeBytes: file.bytes.length,
        blobKey: blob.key,
        position,
      });
      stored.push({ attachmentId: row?.attachmentId ?? 0, blobKey: blob.key, bytes: file.bytes });
    }
    return stored;
  }

  const pdf = (size: number) => pdfOfSize(size).bytes;
  const earlier = () => new Date(testApp.clock.now.getTime() - 60_000);

  it("lists the newest reply's files with name, size and type, never where they are stored", async () => {
    const reference = await logQuery(memberA);
    const before = await get(memberA.browser, viewUrl(reference));
    expect(before.json().query.replyAttachments).toEqual([]);

    await reply(reference, earlier(), [
      { fileName: "older.pdf", contentType: "application/pdf", bytes: pdf(700) },
    ]);
    const [statement, photo] = await reply(reference, testApp.clock.now, [
      { fileName: "statement.pdf", contentType: "application/pdf", bytes: pdf(900) },
      { fileName: "card.png", contentType: "image/png", bytes: pngFile().bytes },
    ]);
    const view = await get(memberA.browser, viewUrl(reference));
    expect(view.statusCode).toBe(200);
    expect(view.json().query.replyAttachments).toEqual([
      {
        attachmentId: statement?.attachmentId,
        fileName: "statement.pdf",
        contentType: "application/pdf",
        sizeBytes: 900,
      },
      {
        attachmentId: photo?.attachmentId,
        fileName: "card.png",
        contentType: "image/png",
        sizeBytes: pngFile().bytes.length,
      },
    ]);
    expect(view.body).not.toContain(statement?.blobKey);
    // The spec's own fields are as they were.
    expect(view.json().query).toMatchObject({
      referenceNumber: reference,
      attachments: [{ attachmentId: expect.any(Number), fileName: "photo.png" }],
      canUpdate: true,
    });
  });

  it("downloads a file as an attachment of its checked type, never sniffed or kept", async () => {
    const reference = await logQuery(memberA);
    const [file] = await reply(reference, testApp.clock.now, [
      { fileName: "Statement für Mai.pdf", contentType: "application/pdf", bytes: pdf(1200) },
    ]);
    const download = await get(memberA.browser, fileUrl(reference, file?.attachmentId ?? 0));
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toBe(
      `attachment; filename="Statement f_r Mai.pdf"; filename*=UTF-8''Statement%20f%C3%BCr%20Mai.pdf`,
    );
    expect(download.headers["x-content-type-options"]).toBe("nosniff");
    expect(download.headers["cache-control"]).toBe("private, no-store");
    expect(download.headers["content-security-policy"]).toBe("sandbox");
    expect(download.rawPayload.equals(file?.bytes ?? Buffer.alloc(0))).toBe(true);
  });

  it("gives another member the 404 of something missing, for the view and for every file id", async () => {
    const reference = await logQuery(memberA);
    const [file] = await reply(reference, testApp.clock.now, [
      { fileName: "for-a.pdf", contentType: "application/pdf", bytes: pdf(700) },
    ]);
    const id = file?.attachmentId ?? 0;
    const missingView = await get(memberB.browser, viewUrl(MISSING));
    const missingFile = await get(memberB.browser, fileUrl(MISSING, MISSING));

    const view = await get(memberB.browser, viewUrl(reference));
    expect(view.statusCode).toBe(404);
    expect(view.body).toBe(missingView.body);
    const download = await get(memberB.browser, fileUrl(reference, id));
    expect(download.statusCode).toBe(404);
    expect(download.body).toBe(missingFile.body);
    // A's file id under B's own query is not B's either.
    const bReference = await logQuery(memberB);
    const underOwn = await get(memberB.browser, fileUrl(bReference, id));
    expect(underOwn.statusCode).toBe(404);
    expect(underOwn.body).toBe(missingFile.body);
    expect((await get(memberB.browser, viewUrl(bReference))).json().query.replyAttachments).toEqual([]);
    // A reaches it only under the query it was sent for, and in that query's origin.
    const aOther = await logQuery(memberA);
    expect((await get(memberA.browser, fileUrl(aOther, id))).statusCode).toBe(404);
    expect((await get(memberA.browser, fileUrl(reference, id, "MED_XPRESS"))).statusCode).toBe(404);
    expect((await get(memberA.browser, fileUrl(reference, id))).statusCode).toBe(200);
  });

  it.each(["ERASURE", "RETENTION"] as const)(
    "neither lists nor sends a file removed by %s",
    async (reason) => {
      const reference = await logQuery(memberA);
      const [file] = await reply(reference, testApp.clock.now, [
        { fileName: "to-go.pdf", contentType: "application/pdf", bytes: pdf(600) },
      ]);
      const id = file?.attachmentId ?? 0;
      expect((await get(memberA.browser, viewUrl(reference))).json().query.replyAttachments).toHaveLength(1);
      expect((await get(memberA.browser, fileUrl(reference, id))).statusCode).toBe(200);

      const db = testApp.database.db;
      const removal = await db.transaction(async (tx) =>
        removeQueryContent(tx, await conversationRows(tx, [reference]), reason, testApp.clock.now),
      );
      expect(removal.blobKeys).toContain(file?.blobKey);
      await deleteRemovedFiles(db, testApp.blobStore, removal.blobKeys);

      const view = await get(memberA.browser, viewUrl(reference));
      expect(view.statusCode).toBe(200);
      expect(view.json().query.replyAttachments).toEqual([]);
      const download = await get(memberA.browser, fileUrl(reference, id));
      expect(download.statusCode).toBe(404);
      expect(download.body).toBe((await get(memberA.browser, fileUrl(MISSING, MISSING))).body);
    },
  );
});
