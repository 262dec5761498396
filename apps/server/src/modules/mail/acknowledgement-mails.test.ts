import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import {
  defaultQueryFields,
  loggedInMember,
  PORTAL,
  SI,
} from "../../../test-support/modules/smart-inquiry.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { pngFile, renamedExecutable } from "../../../test-support/upload-fixtures.js";
import { members, outboxMails, queries } from "../../db/schema.js";

// The member-side acknowledgements, queued in the transaction that stores the query.

describe.each(TEST_DATABASE_KINDS)("acknowledgement mails of submissions, on %s", (kind) => {
  let testApp: TestApp;
  let member: Awaited<ReturnType<typeof loggedInMember>>;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    member = await loggedInMember(testApp);
  });
  afterAll(async () => testApp.close());

  const logQuery = (fields: Record<string, string> = defaultQueryFields, headers = {}) =>
    member.browser.postMultipart(`${SI}/member-queries/query-additional-info`, fields, [pngFile()], headers);
  const mailsAbout = (referenceNumber: number) =>
    testApp.database.db.select().from(outboxMails).where(eq(outboxMails.referenceNumber, referenceNumber));
  const countMails = () => testApp.database.db.$count(outboxMails);
  const queryRow = async (referenceNumber: number) => {
    const [row] = await testApp.database.db
      .select()
      .from(queries)
      .where(eq(queries.referenceNumber, referenceNumber));
    if (!row) throw new Error(`no query ${referenceNumber}`);
    return row;
  };

  it("queues exactly one QUERY_LOGGED mail to the query's address and its cc, with the reply promise", async () => {
    const response = await logQuery({ ...defaultQueryFields, ccEmail: "partner@example.com" });
    expect(response.statusCode).toBe(200);
    const { referenceNumber } = response.json();
    const mails = await mailsAbout(referenceNumber);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({
      kind: "QUERY_LOGGED",
      toAddresses: [defaultQueryFields.email],
      ccAddresses: ["partner@example.com"],
      memberEntityNumber: member.entityNumber,
      status: "PENDING",
      attempts: 0,
      nextAttemptAt: testApp.clock.now,
    });
    const { replyDueOn } = await queryRow(referenceNumber);
    // The one date format (yyyy-MM-dd), as the query stores the day.
    expect(replyDueOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(mail?.text).toContain(`reference number ${referenceNumber}`);
    expect(mail?.text).toContain(`one to two business days, by ${replyDueOn}.`);
    // The member's name, a copy of what they wrote and the query's page behind the log-in.
    expect(mail?.text).toMatch(/^Dear Test,\n/);
    expect(mail?.text).toContain(`> ${defaultQueryFields.query}`);
    expect(mail?.text).toContain(`/#/update/default?reference=${referenceNumber}&timeline=true`);
    expect(mail?.text).toContain("update the query there");
  });

  it("queues none for a refused submission", async () => {
    const before = await countMails();
    const invalid = await logQuery({ ...defaultQueryFields, email: "not-an-address" });
    expect(invalid.statusCode).toBe(400);
    const refusedFile = await member.browser.postMultipart(
      `${SI}/member-queries/query-additional-info`,
      defaultQueryFields,
      [renamedExecutable()],
    );
    expect(refusedFile.statusCode).toBe(415);
    expect(await countMails()).toBe(before);
  });

  it("queues one mail for a retried submission, however often it is retried", async () => {
    const headers = { "idempotency-key": "acknowledged-once" };
    const first = await logQuery(defaultQueryFields, headers);
    const retry = await logQuery(defaultQueryFields, headers);
    expect(retry.json()).toEqual(first.json());
    expect(await mailsAbout(first.json().referenceNumber)).toHaveLength(1);
  });

  it("queues an UPDATE_LOGGED mail with the update's own reference and the 2 to 3 days promise", async () => {
    const original = (await logQuery()).json().referenceNumber;
    const response = await member.browser.postMultipart(`${PORTAL}/member-queries/${original}`, {
      query: "Here is the invoice.",
      origin: "MEMBER_WEB",
    });
    expect(response.statusCode).toBe(200);
    const { referenceNumber } = response.json();
    const update = await queryRow(referenceNumber);
    expect(update.replyDueOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [mail, ...more] = await mailsAbout(referenceNumber);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      kind: "UPDATE_LOGGED",
      toAddresses: [update.email],
      memberEntityNumber: member.entityNumber,
    });
    expect(mail?.text).toContain(
      `Your update to query ${original} has been logged with a new reference number: ${referenceNumber}.`,
    );
    expect(mail?.text).toContain(`two to three business days, by ${update.replyDueOn}.`);
    expect(mail?.text).toContain("> Here is the invoice.");
    expect(mail?.text).toContain(`/#/update/default?reference=${referenceNumber}&timeline=true`);
  });

  it("writes the acknowledgement in the language the member chose, and the query's words as typed", async () => {
    const chooseLanguage = (language: string | null) =>
      testApp.database.db
        .update(members)
        .set({ language })
        .where(eq(members.entityNumber, member.entityNumber));
    await chooseLanguage("zu");
    try {
      const response = await logQuery();
      expect(response.statusCode).toBe(200);
      const { referenceNumber } = response.json();
      const [mail] = await mailsAbout(referenceNumber);
      expect(mail?.subject).toBe(`Siwutholile umbuzo wakho (ireferensi ${referenceNumber})`);
      expect(mail?.text).toContain(`Umbuzo wakho ubhaliswe ngenombolo yereferensi ${referenceNumber}.`);
      expect(mail?.text).toContain(`> ${defaultQueryFields.query}`);
      expect(mail?.html).toContain('<html lang="zu">');
    } finally {
      await chooseLanguage(null);
    }
  });
});
