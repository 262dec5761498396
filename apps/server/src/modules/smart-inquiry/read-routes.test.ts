import { Readable } from "node:stream";
import { DAY_MS, ERROR_MESSAGES, EXCEPTION_CODES, REPLY_STYLESHEET } from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { loggedInMember, openList, SI } from "../../../test-support/modules/smart-inquiry.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { insertReply, insertSubmissionFile } from "../../../test-support/thread-rows.js";
import { pdfOfSize } from "../../../test-support/upload-fixtures.js";
import { documentSubmissions, queries } from "../../db/schema.js";
import { recordMemberMessage } from "../conversations/index.js";
import type { NewQuery } from "./queries-repository.js";

describe.each(TEST_DATABASE_KINDS)("smart-inquiry reads on %s", (kind) => {
  let testApp: TestApp;
  let member: Awaited<ReturnType<typeof loggedInMember>>;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    member = await loggedInMember(testApp);
  });
  afterAll(async () => testApp.close());

  const insert = (change: Partial<NewQuery> & { status?: string; legacy?: boolean } = {}) => {
    const { status, legacy, ...query } = change;
    return recordMemberMessage(
      testApp.database.db,
      {
        memberEntityNumber: member.entityNumber,
        origin: "MEMBER_WEB",
        category: "BENEFITS_AND_COVER",
        subCategory: "LIMITS",
        product: null,
        queryText: "How much is left?",
        email: "m@example.com",
        ccEmail: null,
        parentReferenceNumber: null,
        replyDueOn: null,
        loggedAt: testApp.clock.now,
        ...query,
      },
      [],
    ).then(async (reference) => {
      if (status || legacy) {
        await testApp.database.db
          .update(queries)
          .set({ status: status ?? "OPEN", legacy: legacy ?? false })
          .where(eq(queries.referenceNumber, reference));
      }
      return reference;
    });
  };
  const get = (url: string) => member.browser.request({ method: "GET", url });
  const ago = (days: number) => new Date(testApp.clock.now.getTime() - days * DAY_MS);

  describe("the open list", () => {
    it("lists the member's OPEN queries of one origin from the last daysAgo days, newest first", async () => {
      const older = await insert({ loggedAt: ago(6) });
      const newer = await insert({ loggedAt: ago(1), queryText: "Newer" });
      const tooOld = await insert({ loggedAt: ago(8) });
      const closed = await insert({ status: "CLOSED" });
      const medxpress = await insert({
        origin: "MED_XPRESS",
        category: "MEDXPRESS_ORDER_QUERY",
        subCategory: null,
      });

      const listed = (await openList(member.browser)).map((query) => query.referenceNumber);
      expect(listed.indexOf(newer)).toBeLessThan(listed.indexOf(older));
      expect(listed).toEqual(expect.arrayContaining([newer, older]));
      for (const absent of [tooOld, closed, medxpress]) expect(listed).not.toContain(absent);
      expect(
        (await openList(member.browser, "MEMBER_WEB", 30)).map((query) => query.referenceNumber),
      ).toContain(tooOld);
      expect(
        (await openList(member.browser, "MEMBER_WEB", 7, "CLOSED")).map((query) => query.referenceNumber),
      ).toEqual([closed]);
    });

    it("answers the required list item shape", async () => {
      const reference = await insert({ queryText: "Shape check", replyDueOn: "2026-11-24" });
      const item = (await openList(member.browser)).find((query) => query.referenceNumber === reference);
      expect(item).toEqual({
        referenceNumber: reference,
        category: "BENEFITS_AND_COVER",
        queryDetail: "Shape check",
        dateLogged: testApp.clock.now.toISOString(),
        replyExpectedBy: "2026-11-24",
        parentReferenceNumber: null,
        legacy: false,
        repliedAt: null,
      });
    });

    it("says when a reply came since each query was logged, and which queries were logged by phone", async () => {
      const original = await insert({ loggedAt: ago(4) });
      const update = await insert({ loggedAt: ago(2), parentReferenceNumber: original });
      // Answered between the two: the original is replied to, the update not yet.
      await insertReply(testApp.database.db, {
        referenceNumber: original,
        html: "<p>Reply</p>",
        sentAt: ago(3),
      });
      const byPhone = await insert({ legacy: true });
      const listed = await openList(member.browser);
      const item = (reference: number) => listed.find((query) => query.referenceNumber === reference);
      expect(item(original)).toMatchObject({ repliedAt: ago(3).toISOString(), legacy: false });
      expect(item(update)).toMatchObject({ repliedAt: null });
      expect(item(byPhone)).toMatchObject({ legacy: true, repliedAt: null });
      // A later reply, kept under the thread's first query, answers the update too.
      await insertReply(testApp.database.db, {
        referenceNumber: original,
        html: "<p>Reply</p>",
        sentAt: ago(1),
      });
      const again = await openList(member.browser);
      expect(again.find((query) => query.referenceNumber === update)).toMatchObject({
        repliedAt: ago(1).toISOString(),
      });
      const view = (await get(`${SI}/member-queries/${update}?origin=MEMBER_WEB`)).json().query;
      expect(view.repliedAt).toBe(ago(1).toISOString());
    });

    it("marks an update with the query it was added to", async () => {
      const original = await insert({ loggedAt: ago(3) });
      const update = await insert({ loggedAt: ago(1), parentReferenceNumber: original });
      const listed = await openList(member.browser);
      expect(listed.find((query) => query.referenceNumber === update)).toMatchObject({
        parentReferenceNumber: original,
      });
      expect(listed.find((query) => query.referenceNumber === original)).toMatchObject({
        parentReferenceNumber: null,
      });
    });

    it.each([
      ["no parameters", ""],
      ["an unknown origin", "?daysAgo=7&status=OPEN&origin=FAX"],
      ["an unknown status", "?daysAgo=7&status=PENDING&origin=MEMBER_WEB"],
      ["a daysAgo that is not a number", "?daysAgo=week&status=OPEN&origin=MEMBER_WEB"],
    ])("refuses %s with 400", async (_label, query) => {
      const response = await get(`${SI}/member-queries${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, exceptionCode: "VALIDATION_FAILED" });
    });
  });

  describe("one query", () => {
    it("can be updated while open, recent and member-web; not when closed, older than 30 days or medxpress", async () => {
      const recent = await insert({ loggedAt: ago(29) });
      const old = await insert({ loggedAt: ago(31) });
      const closed = await insert({ status: "CLOSED" });
      const medxpress = await insert({
        origin: "MED_XPRESS",
        category: "MEDXPRESS_ORDER_QUERY",
        subCategory: null,
      });
      const canUpdate = async (reference: number, origin = "MEMBER_WEB") =>
        (await get(`${SI}/member-queries/${reference}?origin=${origin}`)).json().query.canUpdate;
      expect(await canUpdate(recent)).toBe(true);
      expect(await canUpdate(old)).toBe(false);
      expect(await canUpdate(closed)).toBe(false);
      // Open and recent, but medxpress queries take no updates: the answer must not offer one.
      expect(await canUpdate(medxpress, "MED_XPRESS")).toBe(false);
    });

    it("says whether it is open or closed, which the page's reply sentences follow", async () => {
      const open = await insert({});
      const closed = await insert({ status: "CLOSED" });
      const status = async (reference: number) =>
        (await get(`${SI}/member-queries/${reference}?origin=MEMBER_WEB`)).json().query.status;
      expect(await status(open)).toBe("OPEN");
      expect(await status(closed)).toBe("CLOSED");
    });

    it("answers 0015 for a legacy query, which the list still shows", async () => {
      const legacy = await insert({ legacy: true });
      const response = await get(`${SI}/member-queries/${legacy}?origin=MEMBER_WEB`);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        status: 422,
        exceptionCode: EXCEPTION_CODES.OUTDATED_QUERY,
        message: ERROR_MESSAGES.outdatedQuery,
      });
      expect(
        (await get(`${SI}/member-queries/${legacy}/agent-response?origin=MEMBER_WEB`)).json().exceptionCode,
      ).toBe(EXCEPTION_CODES.OUTDATED_QUERY);
      expect((await openList(member.browser)).map((query) => query.referenceNumber)).toContain(legacy);
    });

    it("answers 404 for a reference that does not exist, 400 for one that is not a number", async () => {
      expect((await get(`${SI}/member-queries/999999?origin=MEMBER_WEB`)).statusCode).toBe(404);
      expect((await get(`${SI}/member-queries/abc?origin=MEMBER_WEB`)).statusCode).toBe(400);
      expect((await get(`${SI}/member-queries/1`)).statusCode).toBe(400);
    });
  });

  describe("the thread", () => {
    const view = async (reference: number, as = member) =>
      (
        await as.browser.request({
          method: "GET",
          url: `${SI}/member-queries/${reference}?origin=MEMBER_WEB`,
        })
      ).json().query;
    const reply = (referenceNumber: number, sentAt: Date) =>
      insertReply(testApp.database.db, { referenceNumber, html: "<p>Reply</p>", sentAt });

    it("answers the original, its updates and the replies in order, from any query of the thread", async () => {
      const original = await insert({ loggedAt: ago(5), queryText: "The original" });
      await reply(original, ago(4));
      const update = await insert({
        loggedAt: ago(3),
        queryText: "An update",
        parentReferenceNumber: original,
      });
      const second = await insert({
        loggedAt: ago(2),
        queryText: "Another update",
        parentReferenceNumber: update,
      });
      await reply(second, ago(1));
      const expected = [
        {
          type: "QUERY",
          referenceNumber: original,
          parentReferenceNumber: null,
          queryDetail: "The original",
          dateLogged: ago(5).toISOString(),
        },
        { type: "REPLY", referenceNumber: original, sentAt: ago(4).toISOString() },
        {
          type: "QUERY",
          referenceNumber: update,
          parentReferenceNumber: original,
          queryDetail: "An update",
          dateLogged: ago(3).toISOString(),
        },
        {
          type: "QUERY",
          referenceNumber: second,
          parentReferenceNumber: update,
          queryDetail: "Another update",
          dateLogged: ago(2).toISOString(),
        },
        { type: "REPLY", referenceNumber: second, sentAt: ago(1).toISOString() },
      ];
      for (const reference of [original, update, second]) {
        const query = await view(reference);
        expect(query.referenceNumber).toBe(reference);
        expect(query.thread, String(reference)).toEqual(expected);
      }
      expect((await view(update)).parentReferenceNumber).toBe(original);
    });

    it("is the query alone when nothing was added to it", async () => {
      const lone = await insert({ loggedAt: ago(1), queryText: "Alone" });
      expect((await view(lone)).thread).toEqual([
        {
          type: "QUERY",
          referenceNumber: lone,
          parentReferenceNumber: null,
          queryDetail: "Alone",
          dateLogged: ago(1).toISOString(),
        },
      ]);
    });

    it("never shows another member's query, even one linked into the thread", async () => {
      const other = await loggedInMember(testApp);
      const mine = await insert({ loggedAt: ago(2), queryText: "Mine" });
      // No command links across members; written straight to the table to prove the reads are scoped.
      const theirs = await insert({
        memberEntityNumber: other.entityNumber,
        loggedAt: ago(1),
        queryText: "Theirs",
      });
      await testApp.database.db
        .update(queries)
        .set({ parentReferenceNumber: mine, conversationReferenceNumber: mine })
        .where(eq(queries.referenceNumber, theirs));
      await reply(theirs, ago(0.5));
      const myThread = (await view(mine)).thread;
      expect(myThread.map((entry: { referenceNumber: number }) => entry.referenceNumber)).toEqual([mine]);
      expect(JSON.stringify(myThread)).not.toContain("Theirs");
      const theirThread = (await view(theirs, other)).thread;
      expect(theirThread.map((entry: { referenceNumber: number }) => entry.referenceNumber)).toEqual([
        theirs,
        theirs,
      ]);
      expect(JSON.stringify(theirThread)).not.toContain("Mine");
      // And the other member cannot open mine at all.
      expect(
        (
          await other.browser.request({
            method: "GET",
            url: `${SI}/member-queries/${mine}?origin=MEMBER_WEB`,
          })
        ).statusCode,
      ).toBe(404);
    });
  });

  describe("the agent response", () => {
    it("is null while no reply was sent", async () => {
      const reference = await insert();
      expect(
        (await get(`${SI}/member-queries/${reference}/agent-response?origin=MEMBER_WEB`)).json(),
      ).toEqual({
        encodedResponse: null,
      });
    });

    it("is the base64 of the UTF-8 HTML e-mail", async () => {
      const reference = await insert();
      const html = "<p>Dear Zoë, your claim for R 1 850,00 was paid — thank you.</p>";
      await insertReply(testApp.database.db, { referenceNumber: reference, html, sentAt: new Date() });
      const { encodedResponse } = (
        await get(`${SI}/member-queries/${reference}/agent-response?origin=MEMBER_WEB`)
      ).json();
      expect(Buffer.from(encodedResponse, "base64").toString("utf8")).toBe(html);
    });
  });

  describe("the agent response as its own document", () => {
    const documentUrl = (reference: number) =>
      `${SI}/member-queries/${reference}/agent-response/document?origin=MEMBER_WEB`;

    it("answers the cleaned e-mail as HTML with inline styles kept, under a policy of its own", async () => {
      const reference = await insert();
      const html =
        '<p style="color: #003366; font-weight: bold">Dear Zoë</p><script>parent.stolen = 1</script>' +
        '<img alt="x" src="https://tracker.example/p.gif" onerror="parent.stolen = 2"><a href="javascript:alert(1)">x</a>';
      await insertReply(testApp.database.db, { referenceNumber: reference, html, sentAt: new Date() });
      const response = await get(documentUrl(reference));
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["cache-control"]).toBe("private, no-store");
      const csp = String(response.headers["content-security-policy"]);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("style-src 'unsafe-inline'");
      expect(csp).toContain("img-src data:");
      expect(csp).toMatch(/sandbox allow-same-origin/);
      expect(csp).not.toContain("allow-scripts");
      expect(csp).not.toContain("script-src");
      expect(response.body).toContain('<p style="color: #003366; font-weight: bold">Dear Zoë</p>');
      expect(response.body).toMatch(/<style>body\{[^}]*font-family:system-ui/);
      expect(response.body.toLowerCase()).not.toMatch(/<script|onerror|javascript:|tracker/);
      // The reply's one stylesheet (the console previews with it), in a document that says its language.
      expect(response.body).toContain('<html lang="en">');
      expect(response.body).toContain('<body class="reply-html">');
      expect(response.body).toContain(REPLY_STYLESHEET);
      expect(response.body).not.toContain("anywhere");
    });

    it("is 404 while no reply was sent, and for another member's query", async () => {
      const reference = await insert();
      expect((await get(documentUrl(reference))).statusCode).toBe(404);
      await insertReply(testApp.database.db, {
        referenceNumber: reference,
        html: "<p>Private</p>",
        sentAt: new Date(),
      });
      const other = await loggedInMember(testApp);
      const theirs = await other.browser.request({ method: "GET", url: documentUrl(reference) });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.body).not.toContain("Private");
      expect((await testApp.app.inject({ method: "GET", url: documentUrl(reference) })).statusCode).toBe(401);
    });
  });

  describe("document submissions", () => {
    it("answers the submission with its attachments, and each attachment's bytes", async () => {
      const db = testApp.database.db;
      const [submission] = await db
        .insert(documentSubmissions)
        .values({ memberEntityNumber: member.entityNumber, category: "MEDICAL_CLAIMS", loggedAt: ago(2) })
        .returning();
      const reference = submission?.referenceNumber ?? 0;
      const pdf = pdfOfSize(700);
      const blob = await testApp.blobStore.writePending(
        "attachments/test/submitted",
        Readable.from([pdf.bytes]),
      );
      await testApp.blobStore.commit(blob);
      await insertSubmissionFile(db, {
        referenceNumber: reference,
        fileName: "hospital-account.pdf",
        contentType: "application/pdf",
        sizeBytes: pdf.bytes.length,
        blobKey: blob.key,
        position: 0,
      });

      const answer = await get(`${SI}/document-submissions/${reference}`);
      expect(answer.statusCode).toBe(200);
      const { documentSubmission } = answer.json();
      expect(documentSubmission).toEqual({
        referenceNumber: reference,
        category: "MEDICAL_CLAIMS",
        dateLogged: ago(2).toISOString(),
        attachments: [{ attachmentId: expect.any(Number), fileName: "hospital-account.pdf" }],
      });
      const download = await get(
        `${SI}/document-submissions/${reference}/attachments/${documentSubmission.attachments[0].attachmentId}`,
      );
      expect(download.statusCode).toBe(200);
      expect(download.headers["content-type"]).toBe("application/pdf");
      expect(download.headers["cache-control"]).toBe("private, no-store");
      expect(download.rawPayload.equals(pdf.bytes)).toBe(true);
    });

    it("answers 404 for a submission or attachment that does not exist", async () => {
      expect((await get(`${SI}/document-submissions/899999`)).statusCode).toBe(404);
      expect((await get(`${SI}/document-submissions/899999/attachments/1`)).statusCode).toBe(404);
    });
  });
});
