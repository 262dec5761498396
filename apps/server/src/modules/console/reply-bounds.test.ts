import { monitorEventLoopDelay } from "node:perf_hooks";
import { CONSOLE_BASE, CONSOLE_LIMITS, REPLY_HTML_LIMITS } from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { enrolFamily, type Family, loggedInStaff } from "../../../test-support/modules/member-details.js";
import { defaultQueryFields, SI } from "../../../test-support/modules/smart-inquiry.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { outboxMails, threadEntries } from "../../db/schema.js";

// A reply of nested elements once made the server's HTML cleaning take seconds to minutes on
// the event loop, and every other request waited. Hostile replies are refused with a 400 that
// says why, quickly, and a Ping over the network is answered meanwhile.

const C = CONSOLE_BASE;
const MAX = CONSOLE_LIMITS.replyHtmlMaxLength;

/** "<div>" as often as fits in the largest reply the schema lets through. */
const deepest = `${"<div>".repeat((MAX - 1) / 5)}x`;
/**
 * Misnested bold the HTML parser re-opens in every later paragraph: each "<p><b>" makes all the
 * earlier bolds again, so n tags build about n²/2 elements, nested n deep.
 */
const reopened = (n: number) =>
  Array.from({ length: n }, (_, i) => `<p><b id=b${i}>x</p>`)
    .join("")
    .slice(0, MAX);
/** Sixty bolds left open, which the parser makes again, nested, in each of n paragraphs. */
const multiplied = (n: number) =>
  `<p>${Array.from({ length: 60 }, (_, i) => `<b id=b${i}>`).join("")}x${"</p><p>x".repeat(n)}`;

/** Within every limit, and still slow to clean (DOMPurify removes each image from a long row); says nothing. */
const slowToClean = "<img src=x>".repeat(REPLY_HTML_LIMITS.maxElements - 10);

/** HTML n elements deep. */
const nested = (n: number) => `${"<blockquote>".repeat(n)}deep${"</blockquote>".repeat(n)}`;

describe.each(TEST_DATABASE_KINDS)("bounded reply cleaning on %s", (kind) => {
  let testApp: TestApp;
  let member: Family;
  let agent: Awaited<ReturnType<typeof loggedInStaff>>;
  let reference: number;
  let pingUrl: string;

  const sendReply = (html: string) =>
    agent.browser.request({ method: "POST", url: `${C}/queries/${reference}/replies`, payload: { html } });

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    member = await enrolFamily(testApp);
    agent = await loggedInStaff(testApp, "STAFF_AGENT");
    const logged = await member.principal.browser.postMultipart(
      `${SI}/member-queries/query-additional-info`,
      defaultQueryFields,
    );
    expect(logged.statusCode).toBe(200);
    reference = logged.json().referenceNumber;
    await testApp.app.listen({ port: 0, host: "127.0.0.1" });
    const address = testApp.app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    pingUrl = `http://127.0.0.1:${port}/portal/wlxapp/Ping.srv`;
  });
  afterAll(async () => testApp.close());

  const storedReplies = () => testApp.database.db.$count(threadEntries, eq(threadEntries.kind, "REPLY"));
  const replyMails = () => testApp.database.db.$count(outboxMails, eq(outboxMails.kind, "REPLY_SENT"));

  it("refuses a reply nested 4,000 deep with 400 REPLY_TOO_COMPLEX, saying why, and stores and sends nothing", async () => {
    const before = { replies: await storedReplies(), mails: await replyMails() };
    const answer = await sendReply(`${"<div>".repeat(4000)}x`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      status: 400,
      exceptionCode: "REPLY_TOO_COMPLEX",
      message: expect.stringMatching(/nested too deeply/),
    });
    expect({ replies: await storedReplies(), mails: await replyMails() }).toEqual(before);
  });

  it("refuses formatting the parser multiplies: too many elements, or nested too deeply", async () => {
    const many = await sendReply(multiplied(400));
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({
      exceptionCode: "REPLY_TOO_COMPLEX",
      message: expect.stringMatching(/too much formatting/),
    });
    const deep = await sendReply(reopened(400));
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({
      exceptionCode: "REPLY_TOO_COMPLEX",
      message: expect.stringMatching(/nested too deeply/),
    });
  });

  it("takes a reply nested as deep as the limit, and refuses one level more", async () => {
    const atLimit = await sendReply(nested(64));
    expect(atLimit.statusCode).toBe(200);
    const overLimit = await sendReply(nested(65));
    expect(overLimit.statusCode).toBe(400);
    expect(overLimit.json().exceptionCode).toBe("REPLY_TOO_COMPLEX");
  });

  it("answers a Ping over the network while it refuses the worst replies it can be sent, and never stalls the event loop", async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    let slowestPing = 0;
    let pings = 0;
    let sending = true;
    const pinging = (async () => {
      while (sending) {
        const started = performance.now();
        const ping = await fetch(pingUrl);
        expect(await ping.text()).toBe("OK");
        slowestPing = Math.max(slowestPing, performance.now() - started);
        pings += 1;
      }
    })();
    delay.enable();
    const started = performance.now();
    const answers = [];
    for (const html of [deepest, reopened(10_000), multiplied(10_000), slowToClean]) {
      answers.push(await sendReply(html));
    }
    const elapsed = performance.now() - started;
    delay.disable();
    sending = false;
    await pinging;
    expect(answers.map((answer) => [answer.statusCode, answer.json().exceptionCode])).toEqual([
      [400, "REPLY_TOO_COMPLEX"],
      [400, "REPLY_TOO_COMPLEX"],
      [400, "REPLY_TOO_COMPLEX"],
      // Refused as too slow to clean, or cleaned in time to nothing at all.
      [400, expect.stringMatching(/^(REPLY_TOO_COMPLEX|VALIDATION_FAILED)$/)],
    ]);
    // Generous for a shared two-core machine; before the fix the deepest reply alone held the
    // event loop for minutes.
    expect(elapsed).toBeLessThan(15_000);
    expect(pings).toBeGreaterThan(0);
    expect(slowestPing).toBeLessThan(500);
    expect(delay.max / 1e6).toBeLessThan(500);
  });
});
