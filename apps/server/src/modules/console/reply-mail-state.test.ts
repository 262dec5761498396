import { CONSOLE_BASE } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { recordingLog, startSmtpPeer, TEST_SECRET } from "../../../test-support/modules/mail.js";
import { enrolFamily, type Family, loggedInStaff } from "../../../test-support/modules/member-details.js";
import { defaultQueryFields, SI } from "../../../test-support/modules/smart-inquiry.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { pngFile } from "../../../test-support/upload-fixtures.js";
import { createMailTransport } from "../mail/mail-transport.js";
import { createMailWorker } from "../mail/mail-worker.js";

// The query page tells the desk where each reply's e-mail is (a reply whose mail had
// failed used to read "Sent"). The mails go through the real outbox worker to a real SMTP peer that
// accepts, refuses for good, or refuses for now.

const C = CONSOLE_BASE;
const MAIL_FROM = "Meridian Health <no-reply@meridian.example>";

describe.each(TEST_DATABASE_KINDS)("a reply's mail on the query page, on %s", (kind) => {
  let testApp: TestApp;
  let member: Family;
  let agent: Awaited<ReturnType<typeof loggedInStaff>>;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    member = await enrolFamily(testApp);
    agent = await loggedInStaff(testApp, "STAFF_AGENT");
  });
  afterAll(async () => testApp.close());

  async function logQuery(text: string): Promise<number> {
    const answer = await member.principal.browser.postMultipart(
      `${SI}/member-queries/query-additional-info`,
      { ...defaultQueryFields, query: text, email: "member@example.com" },
      [pngFile()],
    );
    expect(answer.statusCode).toBe(200);
    return answer.json().referenceNumber as number;
  }

  async function reply(reference: number, html: string) {
    // Each reply a minute after the last, as an agent's would be.
    testApp.clock.advanceMinutes(1);
    const sent = await agent.browser.request({
      method: "POST",
      url: `${C}/queries/${reference}/replies`,
      payload: { html },
    });
    expect(sent.statusCode).toBe(200);
  }

  /** One round of the outbox worker against an SMTP peer answering every attempt with `refuse`. */
  async function deliver(refuse: number | null, maxAttempts: number) {
    const peer = await startSmtpPeer({
      refuse: () => (refuse === null ? null : { code: refuse, at: "rcpt" }),
    });
    const transport = createMailTransport({ SMTP_URL: peer.url, MAIL_FROM, DATA_DIR: "/nonexistent" });
    try {
      const worker = createMailWorker({
        db: testApp.database.db,
        transport,
        log: recordingLog(),
        maxAttempts,
        secret: TEST_SECRET,
        now: () => testApp.clock.now,
      });
      await worker.runOnce();
    } finally {
      transport.close();
      await peer.close();
    }
  }

  it("says of each reply whether its mail was sent, failed (and why) or is still being tried", async () => {
    const reference = await logQuery("Why was my physiotherapy claim short paid?");
    await reply(reference, "<p>Delivered.</p>");
    await deliver(null, 8);
    await reply(reference, "<p>Refused for good.</p>");
    await deliver(550, 1);
    await reply(reference, "<p>Refused for now.</p>");
    await deliver(421, 8);
    await reply(reference, "<p>Not tried yet.</p>");

    const page = await agent.browser.request({ method: "GET", url: `${C}/queries/${reference}` });
    expect(page.statusCode).toBe(200);
    const replies: { html: string; mail: unknown }[] = page.json().query.replies;
    expect(replies.map(({ html, mail }) => ({ html, mail }))).toEqual([
      { html: "<p>Delivered.</p>", mail: { status: "SENT", failureCode: null } },
      { html: "<p>Refused for good.</p>", mail: { status: "FAILED", failureCode: "SMTP_550" } },
      { html: "<p>Refused for now.</p>", mail: { status: "PENDING", failureCode: "SMTP_421" } },
      { html: "<p>Not tried yet.</p>", mail: { status: "PENDING", failureCode: null } },
    ]);
  });

  it("tells two replies of the same moment by their own mails, and no other conversation's", async () => {
    const first = await logQuery("My membership card has not come.");
    const second = await logQuery("Please change my bank details.");
    await deliver(null, 8);
    // The clock stands still: both replies to the first conversation have one moment.
    await agent.browser.request({
      method: "POST",
      url: `${C}/queries/${first}/replies`,
      payload: { html: "<p>One.</p>" },
    });
    await deliver(554, 1);
    await agent.browser.request({
      method: "POST",
      url: `${C}/queries/${first}/replies`,
      payload: { html: "<p>Two.</p>" },
    });
    await agent.browser.request({
      method: "POST",
      url: `${C}/queries/${second}/replies`,
      payload: { html: "<p>Three.</p>" },
    });
    await deliver(null, 8);

    const firstPage = (await agent.browser.request({ method: "GET", url: `${C}/queries/${first}` })).json();
    expect(firstPage.query.replies.map(({ mail }: { mail: unknown }) => mail)).toEqual([
      { status: "FAILED", failureCode: "SMTP_554" },
      { status: "SENT", failureCode: null },
    ]);
    const secondPage = (await agent.browser.request({ method: "GET", url: `${C}/queries/${second}` })).json();
    expect(secondPage.query.replies.map(({ mail }: { mail: unknown }) => mail)).toEqual([
      { status: "SENT", failureCode: null },
    ]);
  });
});
