import { CONSOLE_BASE } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { enrolFamily, type Family, loggedInStaff } from "../../../test-support/modules/member-details.js";
import { defaultQueryFields, SI } from "../../../test-support/modules/smart-inquiry.js";
import { createTestApp, type TestApp, type TestBrowser } from "../../../test-support/test-app.js";
import { pdfOfSize, pngFile } from "../../../test-support/upload-fixtures.js";
import { recordEmailedMessage } from "../conversations/index.js";

// Every kind of thread entry, each made as staff and members make it (routes, and for a mail
// received the command the mailbox poller calls), then read back by the desk's page of the
// conversation: the member's messages with their files, the reply with its file, the note, and the
// events in order with who did them. The member's view reads the reply from the same thread.

const C = CONSOLE_BASE;

describe.each(TEST_DATABASE_KINDS)("a conversation's thread entries on %s", (kind) => {
  let testApp: TestApp;
  let member: Family;
  let agent: Awaited<ReturnType<typeof loggedInStaff>>;
  let supervisor: Awaited<ReturnType<typeof loggedInStaff>>;

  const get = (browser: TestBrowser, url: string) => browser.request({ method: "GET", url });
  const post = (browser: TestBrowser, url: string, payload?: unknown) =>
    browser.request({ method: "POST", url, ...(payload === undefined ? {} : { payload }) });

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    member = await enrolFamily(testApp);
    agent = await loggedInStaff(testApp, "STAFF_AGENT");
    supervisor = await loggedInStaff(testApp, "STAFF_SUPERVISOR");
  });
  afterAll(async () => testApp.close());

  it("records each kind in order and the desk and the member read them back", async () => {
    const step = () => testApp.clock.advanceMinutes(1);
    // MEMBER_MESSAGE, with a file.
    const logged = await member.principal.browser.postMultipart(
      `${SI}/member-queries/query-additional-info`,
      { ...defaultQueryFields, query: "My physiotherapy claim was not paid.", email: "member@example.com" },
      [pngFile()],
    );
    expect(logged.statusCode).toBe(200);
    const reference: number = logged.json().referenceNumber;
    step();
    // EMAIL_RECEIVED: the member answered a mail about it.
    const emailed = await testApp.database.db.transaction((tx) =>
      recordEmailedMessage(
        tx,
        {
          conversation: reference,
          text: "I sent the invoice to the practice.",
          at: testApp.clock.now,
          updateWindowDays: 30,
          timeZone: "Africa/Johannesburg",
        },
        [],
      ),
    );
    expect(emailed?.outcome).toBe("UPDATE");
    step();
    // ASSIGNED: the agent takes it; a supervisor gives it to nobody, then back to the agent.
    expect((await post(agent.browser, `${C}/queries/${reference}/assign-to-me`)).statusCode).toBe(204);
    step();
    const unassigned = await supervisor.browser.request({
      method: "PUT",
      url: `${C}/queries/${reference}/assignee`,
      payload: { assigneeEntityNumber: null },
    });
    expect(unassigned.statusCode).toBe(204);
    step();
    // NOTE.
    const noted = await post(agent.browser, `${C}/queries/${reference}/notes`, {
      text: "Called the practice.",
    });
    expect(noted.statusCode).toBe(204);
    step();
    // DOCUMENT_RECEIVED: documents recorded for this query.
    const intake = await agent.browser.postMultipart(
      `${C}/members/${member.principal.entityNumber}/document-submissions`,
      { category: "MEDICAL_CLAIMS", referenceNumber: String(reference) },
      [pdfOfSize(800, "invoice.pdf")],
    );
    expect(intake.statusCode).toBe(200);
    const submission: number = intake.json().referenceNumber;
    step();
    // REPLY with CLOSED: answered and closed (and, unassigned, taken by the agent who answered).
    const replied = await post(agent.browser, `${C}/queries/${reference}/replies`, {
      html: "<p>We paid your claim today.</p>",
      close: true,
    });
    expect(replied.statusCode).toBe(200);
    step();
    // REOPENED.
    expect((await post(agent.browser, `${C}/queries/${reference}/reopen`)).statusCode).toBe(204);

    const page = await get(agent.browser, `${C}/queries/${reference}`);
    expect(page.statusCode).toBe(200);
    const { query } = page.json();
    expect(
      query.thread.map((message: { kind: string; text: string; attachments: unknown[] }) => ({
        kind: message.kind,
        text: message.text,
        files: message.attachments.length,
      })),
    ).toEqual([
      { kind: "MEMBER_MESSAGE", text: "My physiotherapy claim was not paid.", files: 1 },
      { kind: "EMAIL_RECEIVED", text: "I sent the invoice to the practice.", files: 0 },
    ]);
    expect(query.replies).toEqual([
      expect.objectContaining({
        html: "<p>We paid your claim today.</p>",
        sentBy: expect.objectContaining({ entityNumber: agent.entityNumber }),
      }),
    ]);
    expect(query.notes).toEqual([
      expect.objectContaining({
        text: "Called the practice.",
        author: expect.objectContaining({ entityNumber: agent.entityNumber }),
      }),
    ]);
    const who = (person: { entityNumber: number } | null) => person?.entityNumber ?? null;
    expect(
      query.events.map(
        (event: {
          kind: string;
          by: { entityNumber: number } | null;
          assignee: { entityNumber: number } | null;
          documentSubmissionReferenceNumber: number | null;
        }) => [event.kind, who(event.by), who(event.assignee), event.documentSubmissionReferenceNumber],
      ),
    ).toEqual([
      ["ASSIGNED", agent.entityNumber, agent.entityNumber, null],
      ["ASSIGNED", supervisor.entityNumber, null, null],
      ["DOCUMENT_RECEIVED", agent.entityNumber, null, submission],
      ["CLOSED", agent.entityNumber, null, null],
      ["ASSIGNED", agent.entityNumber, agent.entityNumber, null],
      ["REOPENED", agent.entityNumber, null, null],
    ]);

    // The member reads the reply from the same thread; notes and events never reach them.
    const view = await get(member.principal.browser, `${SI}/member-queries/${reference}?origin=MEMBER_WEB`);
    expect(view.statusCode).toBe(200);
    expect(view.body).not.toContain("Called the practice");
    const answer = await get(
      member.principal.browser,
      `${SI}/member-queries/${reference}/agent-response?origin=MEMBER_WEB`,
    );
    expect(Buffer.from(answer.json().encodedResponse, "base64").toString("utf8")).toContain(
      "We paid your claim",
    );
  });

  it("refuses documents recorded for a query that is not the member's", async () => {
    const other = await enrolFamily(testApp);
    const theirs = await other.principal.browser.postMultipart(
      `${SI}/member-queries/query-additional-info`,
      { ...defaultQueryFields, query: "Someone else's question.", email: "other@example.com" },
      [],
    );
    const intake = await agent.browser.postMultipart(
      `${C}/members/${member.principal.entityNumber}/document-submissions`,
      { category: "MEDICAL_CLAIMS", referenceNumber: String(theirs.json().referenceNumber) },
      [pdfOfSize(800, "invoice.pdf")],
    );
    expect(intake.statusCode).toBe(400);
    expect(intake.json().message).toBe("That query is not one of this member's.");
  });
});
