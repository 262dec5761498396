import fs from "node:fs";
import path from "node:path";
import {
  DAY_MS,
  ERROR_MESSAGES,
  EXCEPTION_CODES,
  MAX_ATTACHMENTS_TOTAL_BYTES,
  replyDueWindow,
  SCHEME_TIME_ZONE,
  VALIDATION_MESSAGES,
} from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import {
  countQueries,
  defaultQueryFields,
  loggedInMember,
  medxpressQueryFields,
  openList,
  PORTAL,
  SI,
} from "../../../test-support/modules/smart-inquiry.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import {
  docFile,
  docxFile,
  pdfOfSize,
  plainZipAsDocx,
  pngFile,
  renamedExecutable,
  type UploadFile,
} from "../../../test-support/upload-fixtures.js";
import { queries } from "../../db/schema.js";

/** Every file under the blob directory: what a refused upload must not leave behind. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe.each(TEST_DATABASE_KINDS)("smart-inquiry submissions on %s", (kind) => {
  let testApp: TestApp;
  let member: Awaited<ReturnType<typeof loggedInMember>>;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    member = await loggedInMember(testApp);
  });
  afterAll(async () => testApp.close());

  const createDefault = (
    fields: Record<string, string> = defaultQueryFields,
    files: UploadFile[] = [],
    headers = {},
  ) => member.browser.postMultipart(`${SI}/member-queries/query-additional-info`, fields, files, headers);

  describe("logging a query", () => {
    it("creates a default-origin query with its attachments, all visible together", async () => {
      const files = [pdfOfSize(2048, "invoice.pdf"), pngFile("receipt.png")];
      const response = await createDefault(defaultQueryFields, files);
      expect(response.statusCode).toBe(200);
      const { referenceNumber } = response.json();
      expect(referenceNumber).toBeGreaterThan(0);

      const view = await member.browser.request({
        method: "GET",
        url: `${SI}/member-queries/${referenceNumber}?origin=MEMBER_WEB`,
      });
      expect(view.json()).toEqual({
        query: {
          referenceNumber,
          category: "MEDICAL_CLAIMS",
          queryDetail: defaultQueryFields.query,
          dateLogged: testApp.clock.now.toISOString(),
          // The promise for a new query: the second business day after the day it was logged.
          replyExpectedBy: replyDueWindow(testApp.clock.now, "QUERY", SCHEME_TIME_ZONE).latest,
          attachments: [
            { attachmentId: expect.any(Number), fileName: "invoice.pdf" },
            { attachmentId: expect.any(Number), fileName: "receipt.png" },
          ],
          canUpdate: true,
          status: "OPEN",
          // Logged on the web, so not a phone query, and no agent has answered yet.
          legacy: false,
          repliedAt: null,
          replyAttachments: [],
          parentReferenceNumber: null,
          thread: [
            {
              type: "QUERY",
              referenceNumber,
              parentReferenceNumber: null,
              queryDetail: defaultQueryFields.query,
              dateLogged: testApp.clock.now.toISOString(),
            },
          ],
        },
      });
      const [pdf] = view.json().query.attachments;
      const download = await member.browser.request({
        method: "GET",
        url: `${SI}/member-queries/${referenceNumber}/attachments/${pdf.attachmentId}?origin=MEMBER_WEB`,
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(files[0]?.bytes ?? Buffer.alloc(0))).toBe(true);
      expect(download.headers).toMatchObject({
        "content-type": "application/pdf",
        "x-content-type-options": "nosniff",
        "cache-control": "private, no-store",
        "content-security-policy": "sandbox",
        "content-disposition": `inline; filename="invoice.pdf"; filename*=UTF-8''invoice.pdf`,
      });
      expect((await openList(member.browser)).map((query) => query.referenceNumber)).toContain(
        referenceNumber,
      );
    });

    it("accepts OTHER without a subcategory", async () => {
      const response = await createDefault({ ...defaultQueryFields, category: "OTHER", subCategory: "" });
      expect(response.statusCode).toBe(200);
    });

    it("creates a medxpress query on the portal path, visible only as MED_XPRESS", async () => {
      const response = await member.browser.postMultipart(`${PORTAL}/member-queries`, medxpressQueryFields, [
        pngFile(),
      ]);
      expect(response.statusCode).toBe(200);
      const { referenceNumber } = response.json();
      const asMedxpress = await member.browser.request({
        method: "GET",
        url: `${SI}/member-queries/${referenceNumber}?origin=MED_XPRESS`,
      });
      const asMemberWeb = await member.browser.request({
        method: "GET",
        url: `${SI}/member-queries/${referenceNumber}?origin=MEMBER_WEB`,
      });
      expect(asMedxpress.statusCode).toBe(200);
      expect(asMemberWeb.statusCode).toBe(404);
      expect((await openList(member.browser, "MED_XPRESS")).map((query) => query.referenceNumber)).toContain(
        referenceNumber,
      );
      expect(
        (await openList(member.browser, "MEMBER_WEB")).map((query) => query.referenceNumber),
      ).not.toContain(referenceNumber);
    });

    it("creates a query on the plain POST /member-queries", async () => {
      const response = await member.browser.postMultipart(`${SI}/member-queries`, {
        query: "Where is my membership card?",
        email: "member@example.com",
        category: "MANAGE_PLAN",
        origin: "MEMBER_WEB",
      });
      expect(response.statusCode).toBe(200);
    });

    it.each([
      ["no category", { category: "" }, VALIDATION_MESSAGES.category],
      ["an unknown category", { category: "GOSSIP" }, VALIDATION_MESSAGES.category],
      ["no subcategory", { subCategory: "" }, VALIDATION_MESSAGES.subCategory],
      ["a subcategory of another category", { subCategory: "CHANGE_PLAN" }, VALIDATION_MESSAGES.subCategory],
      ["an invalid e-mail", { email: "not-an-email" }, VALIDATION_MESSAGES.email],
      [
        "an e-mail of 65 characters before the @",
        { email: `${"a".repeat(65)}@example.com` },
        VALIDATION_MESSAGES.email,
      ],
      ["an invalid additional e-mail", { ccEmail: "also wrong" }, VALIDATION_MESSAGES.ccEmail],
      ["no details", { query: "   " }, VALIDATION_MESSAGES.queryDetail],
      ["20001 characters of details", { query: "x".repeat(20001) }, VALIDATION_MESSAGES.queryDetail],
    ])("refuses %s with the form's message, creating nothing", async (_label, change, message) => {
      const before = await countQueries(testApp.database);
      const response = await createDefault({ ...defaultQueryFields, ...change }, [pngFile()]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 400, exceptionCode: "VALIDATION_FAILED", message });
      expect(await countQueries(testApp.database)).toBe(before);
    });

    it("accepts 20000 characters of details", async () => {
      expect((await createDefault({ ...defaultQueryFields, query: "x".repeat(20000) })).statusCode).toBe(200);
    });

    it.each([
      ["a product other than Health", { product: "Dental" }],
      ["the MEMBER_WEB origin", { origin: "MEMBER_WEB" }],
      ["a default-origin category", { category: "MEDICAL_CLAIMS" }],
    ])("refuses a medxpress query with %s", async (_label, change) => {
      const response = await member.browser.postMultipart(`${PORTAL}/member-queries`, {
        ...medxpressQueryFields,
        ...change,
      });
      expect(response.statusCode).toBe(400);
    });

    it("refuses a request without a session (401) or without the anti-forgery token (403)", async () => {
      const before = await countQueries(testApp.database);
      const withoutToken = await member.browser.request({
        method: "POST",
        url: `${SI}/member-queries/query-additional-info`,
        payload: "x",
        headers: { "content-type": "multipart/form-data; boundary=x" },
        withXsrf: false,
      });
      expect(withoutToken.statusCode).toBe(403);
      const anonymous = await testApp.app.inject({
        method: "GET",
        url: `${SI}/member-queries?daysAgo=7&status=OPEN&origin=MEMBER_WEB`,
      });
      expect(anonymous.statusCode).toBe(401);
      expect(await countQueries(testApp.database)).toBe(before);
    });
  });

  describe("attachments", () => {
    const attachmentRefused = { exceptionCode: "ATTACHMENT_RULE", message: ERROR_MESSAGES.attachmentRule };

    it("accepts exactly 10 MB in all", async () => {
      const half = MAX_ATTACHMENTS_TOTAL_BYTES / 2;
      const response = await createDefault(defaultQueryFields, [
        pdfOfSize(half, "a.pdf"),
        pdfOfSize(half, "b.pdf"),
      ]);
      expect(response.statusCode).toBe(200);
    });

    it("refuses one byte more with 413, leaving no query and no file behind", async () => {
      const before = await countQueries(testApp.database);
      const filesBefore = filesUnder(testApp.blobDir).length;
      const half = MAX_ATTACHMENTS_TOTAL_BYTES / 2;
      const response = await createDefault(defaultQueryFields, [
        pdfOfSize(half, "a.pdf"),
        pdfOfSize(half + 1, "b.pdf"),
      ]);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject(attachmentRefused);
      expect(await countQueries(testApp.database)).toBe(before);
      expect(filesUnder(testApp.blobDir).length).toBe(filesBefore);
    });

    it.each([
      ["a renamed executable", renamedExecutable()],
      ["a zip named .docx", plainZipAsDocx()],
      ["an .exe", { ...renamedExecutable(), name: "setup.exe", type: "application/x-msdownload" }],
      ["a text file", { name: "notes.txt", type: "text/plain", bytes: Buffer.from("hello") }],
      ["an empty PDF", { name: "empty.pdf", type: "application/pdf", bytes: Buffer.alloc(0) }],
      ["a PNG declared as a PDF", { ...pngFile("photo.png"), type: "application/pdf" }],
    ])("refuses %s with 415 and leaves nothing behind", async (_label, file) => {
      const before = await countQueries(testApp.database);
      const filesBefore = filesUnder(testApp.blobDir).length;
      const response = await createDefault(defaultQueryFields, [pngFile("fine.png"), file]);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject(attachmentRefused);
      expect(await countQueries(testApp.database)).toBe(before);
      expect(filesUnder(testApp.blobDir).length).toBe(filesBefore);
    });

    it("accepts Word documents old and new, and upper-case extensions", async () => {
      const response = await createDefault(defaultQueryFields, [
        docxFile(),
        docFile(),
        pdfOfSize(1000, "SCAN.PDF"),
      ]);
      expect(response.statusCode).toBe(200);
    });
  });

  describe("idempotency", () => {
    it("answers a retry with the same key with the first reference, creating nothing new", async () => {
      const headers = { "idempotency-key": "retry-test-1" };
      const first = await createDefault(defaultQueryFields, [pngFile()], headers);
      const before = await countQueries(testApp.database);
      const retry = await createDefault(defaultQueryFields, [pngFile()], headers);
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
      expect(await countQueries(testApp.database)).toBe(before);
    });

    it("settles two simultaneous requests with one key on one query", async () => {
      const before = await countQueries(testApp.database);
      const headers = { "idempotency-key": "simultaneous-1" };
      const [a, b] = await Promise.all([
        createDefault(defaultQueryFields, [pngFile()], headers),
        createDefault(defaultQueryFields, [pngFile()], headers),
      ]);
      expect(a?.json()).toEqual(b?.json());
      expect(await countQueries(testApp.database)).toBe(before + 1);
    });

    it("refuses the same key for a different request", async () => {
      const headers = { "idempotency-key": "reused-1" };
      await createDefault(defaultQueryFields, [], headers);
      const other = await createDefault(
        { ...defaultQueryFields, query: "Something else entirely." },
        [],
        headers,
      );
      expect(other.statusCode).toBe(422);
      expect(other.json()).toMatchObject({ exceptionCode: "IDEMPOTENCY_KEY_REUSED" });
    });

    it("refuses a malformed key", async () => {
      const response = await createDefault(defaultQueryFields, [], { "idempotency-key": "x".repeat(129) });
      expect(response.statusCode).toBe(400);
    });
  });

  describe("updates", () => {
    const update = (
      reference: number,
      fields: Record<string, string>,
      files: UploadFile[] = [],
      base = PORTAL,
    ) => member.browser.postMultipart(`${base}/member-queries/${reference}`, fields, files);

    it("adds an update as a new linked query with its own reference, on both paths", async () => {
      const original = (await createDefault()).json().referenceNumber;
      for (const base of [PORTAL, SI]) {
        const response = await update(
          original,
          { query: "Here is the invoice.", origin: "MEMBER_WEB" },
          [pdfOfSize(900)],
          base,
        );
        expect(response.statusCode).toBe(200);
        const { referenceNumber } = response.json();
        expect(referenceNumber).not.toBe(original);
        const [row] = await testApp.database.db
          .select()
          .from(queries)
          .where(eq(queries.referenceNumber, referenceNumber));
        expect(row).toMatchObject({
          parentReferenceNumber: original,
          category: "MEDICAL_CLAIMS",
          queryText: "Here is the invoice.",
        });
      }
      // The original's page now shows the thread: itself, then both updates.
      const view = await member.browser.request({
        method: "GET",
        url: `${SI}/member-queries/${original}?origin=MEMBER_WEB`,
      });
      const thread = view.json().query.thread as { referenceNumber: number; parentReferenceNumber: number }[];
      expect(thread).toHaveLength(3);
      expect(thread[0]?.referenceNumber).toBe(original);
      expect(thread.slice(1).map((entry) => entry.parentReferenceNumber)).toEqual([original, original]);
    });

    it("refuses an update without details with the update message", async () => {
      const original = (await createDefault()).json().referenceNumber;
      const response = await update(original, { query: "", origin: "MEMBER_WEB" });
      expect(response.json()).toEqual({
        status: 400,
        exceptionCode: "VALIDATION_FAILED",
        message: VALIDATION_MESSAGES.updateDetail,
      });
    });

    it("refuses to update a closed query, an old one and a medxpress one (409), as their views said", async () => {
      const closed = (await createDefault()).json().referenceNumber;
      await testApp.database.db
        .update(queries)
        .set({ status: "CLOSED" })
        .where(eq(queries.referenceNumber, closed));
      const medxpress = (
        await member.browser.postMultipart(`${PORTAL}/member-queries`, medxpressQueryFields)
      ).json().referenceNumber;
      const old = (await createDefault()).json().referenceNumber;
      await testApp.database.db
        .update(queries)
        .set({ loggedAt: new Date(testApp.clock.now.getTime() - 31 * DAY_MS) })
        .where(eq(queries.referenceNumber, old));

      for (const [reference, origin] of [
        [closed, "MEMBER_WEB"],
        [medxpress, "MED_XPRESS"],
        [old, "MEMBER_WEB"],
      ] as const) {
        const view = await member.browser.request({
          method: "GET",
          url: `${SI}/member-queries/${reference}?origin=${origin}`,
        });
        expect(view.json().query.canUpdate).toBe(false);
        const response = await update(reference, { query: "More.", origin });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ exceptionCode: "QUERY_NOT_UPDATABLE" });
      }
    });

    it("answers 0015 for a legacy query and 404 for an unknown one", async () => {
      const legacy = (await createDefault()).json().referenceNumber;
      await testApp.database.db
        .update(queries)
        .set({ legacy: true })
        .where(eq(queries.referenceNumber, legacy));
      expect((await update(legacy, { query: "More.", origin: "MEMBER_WEB" })).json()).toMatchObject({
        status: 422,
        exceptionCode: EXCEPTION_CODES.OUTDATED_QUERY,
      });
      expect((await update(999999, { query: "More.", origin: "MEMBER_WEB" })).statusCode).toBe(404);
    });
  });
});
