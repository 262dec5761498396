import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import {
  defaultQueryFields,
  loggedInMember,
  medxpressQueryFields,
  PORTAL,
  SI,
} from "../../../test-support/modules/smart-inquiry.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { insertReply, insertReplyFile, insertSubmissionFile } from "../../../test-support/thread-rows.js";
import { pdfOfSize, pngFile } from "../../../test-support/upload-fixtures.js";
import { documentSubmissions } from "../../db/schema.js";

// The worst bug this product can have is one member reaching another's query. Member B tries
// every path with member A's references and attachment ids: each answer must be the same 404 a
// reference that does not exist gets, so B cannot even learn that A's exist.

describe.each(TEST_DATABASE_KINDS)("access between members on %s", (kind) => {
  let testApp: TestApp;
  let memberA: Awaited<ReturnType<typeof loggedInMember>>;
  let memberB: Awaited<ReturnType<typeof loggedInMember>>;
  const a = {
    defaultRef: 0,
    defaultAttachment: 0,
    medxpressRef: 0,
    medxpressAttachment: 0,
    documentRef: 0,
    documentAttachment: 0,
    replyAttachment: 0,
  };

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    memberA = await loggedInMember(testApp);
    memberB = await loggedInMember(testApp);
    const created = await memberA.browser.postMultipart(
      `${SI}/member-queries/query-additional-info`,
      defaultQueryFields,
      [pngFile()],
    );
    a.defaultRef = created.json().referenceNumber;
    const medxpress = await memberA.browser.postMultipart(`${PORTAL}/member-queries`, medxpressQueryFields, [
      pdfOfSize(800),
    ]);
    a.medxpressRef = medxpress.json().referenceNumber;
    const view = async (ref: number, origin: string) =>
      (
        await memberA.browser.request({ method: "GET", url: `${SI}/member-queries/${ref}?origin=${origin}` })
      ).json().query;
    a.defaultAttachment = (await view(a.defaultRef, "MEMBER_WEB")).attachments[0].attachmentId;
    a.medxpressAttachment = (await view(a.medxpressRef, "MED_XPRESS")).attachments[0].attachmentId;
    const db = testApp.database.db;
    const [reply] = await insertReply(db, {
      referenceNumber: a.defaultRef,
      html: "<p>Reply for A</p>",
      sentAt: new Date(),
    });
    const replyPdf = pdfOfSize(700);
    const replyBlob = await testApp.blobStore.writePending(
      "attachments/test/a-reply-file",
      Readable.from([replyPdf.bytes]),
    );
    await testApp.blobStore.commit(replyBlob);
    const [replyFile] = await insertReplyFile(db, {
      replyId: reply?.id ?? 0,
      fileName: "for-a.pdf",
      contentType: "application/pdf",
      sizeBytes: replyPdf.bytes.length,
      blobKey: "attachments/test/a-reply-file",
      position: 0,
    });
    a.replyAttachment = replyFile?.attachmentId ?? 0;
    const [submission] = await db
      .insert(documentSubmissions)
      .values({ memberEntityNumber: memberA.entityNumber, category: "MEDICAL_CLAIMS", loggedAt: new Date() })
      .returning();
    a.documentRef = submission?.referenceNumber ?? 0;
    const pdf = pdfOfSize(600);
    const blob = await testApp.blobStore.writePending(
      "attachments/test/a-document",
      Readable.from([pdf.bytes]),
    );
    await testApp.blobStore.commit(blob);
    const [document] = await insertSubmissionFile(db, {
      referenceNumber: a.documentRef,
      fileName: "a.pdf",
      contentType: "application/pdf",
      sizeBytes: pdf.bytes.length,
      blobKey: "attachments/test/a-document",
      position: 0,
    });
    a.documentAttachment = document?.attachmentId ?? 0;
  });
  afterAll(async () => testApp.close());

  const MISSING = 2_000_000_000;
  const readPaths = () => [
    ...(["MEMBER_WEB", "MED_XPRESS"] as const).flatMap((origin) => {
      const ref = origin === "MEMBER_WEB" ? a.defaultRef : a.medxpressRef;
      const attachment = origin === "MEMBER_WEB" ? a.defaultAttachment : a.medxpressAttachment;
      return [
        [`${SI}/member-queries/${ref}?origin=${origin}`, `${SI}/member-queries/${MISSING}?origin=${origin}`],
        [
          `${SI}/member-queries/${ref}/agent-response?origin=${origin}`,
          `${SI}/member-queries/${MISSING}/agent-response?origin=${origin}`,
        ],
        [
          `${SI}/member-queries/${ref}/attachments/${attachment}?origin=${origin}`,
          `${SI}/member-queries/${MISSING}/attachments/${MISSING}?origin=${origin}`,
        ],
      ];
    }),
    [
      `${SI}/member-queries/${a.defaultRef}/reply-attachments/${a.replyAttachment}?origin=MEMBER_WEB`,
      `${SI}/member-queries/${MISSING}/reply-attachments/${MISSING}?origin=MEMBER_WEB`,
    ],
    [`${SI}/document-submissions/${a.documentRef}`, `${SI}/document-submissions/${MISSING}`],
    [
      `${SI}/document-submissions/${a.documentRef}/attachments/${a.documentAttachment}`,
      `${SI}/document-submissions/${MISSING}/attachments/${MISSING}`,
    ],
  ];

  it("member A reaches every one of these paths", async () => {
    for (const [path] of readPaths()) {
      const response = await memberA.browser.request({ method: "GET", url: path ?? "" });
      expect(response.statusCode, path).toBe(200);
    }
  });

  it("member B gets the same 404 as for a missing reference on every read path", async () => {
    for (const [path, missingPath] of readPaths()) {
      const theirs = await memberB.browser.request({ method: "GET", url: path ?? "" });
      const missing = await memberB.browser.request({ method: "GET", url: missingPath ?? "" });
      expect(theirs.statusCode, path).toBe(404);
      expect(theirs.body, path).toBe(missing.body);
      expect(theirs.body).not.toContain("Reply for A");
    }
  });

  it("member A's own query with the other origin is 404 too", async () => {
    const response = await memberA.browser.request({
      method: "GET",
      url: `${SI}/member-queries/${a.defaultRef}?origin=MED_XPRESS`,
    });
    expect(response.statusCode).toBe(404);
    const attachment = await memberA.browser.request({
      method: "GET",
      url: `${SI}/member-queries/${a.defaultRef}/attachments/${a.medxpressAttachment}?origin=MEMBER_WEB`,
    });
    expect(attachment.statusCode).toBe(404);
  });

  it("member B cannot add an update to member A's query on either path", async () => {
    for (const base of [SI, PORTAL]) {
      const response = await memberB.browser.postMultipart(`${base}/member-queries/${a.defaultRef}`, {
        query: "Sneaky update",
        origin: "MEMBER_WEB",
      });
      expect(response.statusCode).toBe(404);
    }
  });

  it("member B's lists never show member A's queries", async () => {
    for (const origin of ["MEMBER_WEB", "MED_XPRESS"]) {
      const response = await memberB.browser.request({
        method: "GET",
        url: `${SI}/member-queries?daysAgo=365&status=OPEN&origin=${origin}`,
      });
      expect(response.json()).toEqual({ queries: [] });
    }
  });

  it("nobody without a session reaches any path", async () => {
    for (const [path] of readPaths()) {
      const response = await testApp.app.inject({ method: "GET", url: path ?? "" });
      expect(response.statusCode, path).toBe(401);
    }
  });
});
