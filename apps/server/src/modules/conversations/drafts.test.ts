import { CONSOLE_BASE } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { enrolFamily, type Family, loggedInStaff } from "../../../test-support/modules/member-details.js";
import { defaultQueryFields, SI } from "../../../test-support/modules/smart-inquiry.js";
import { createTestApp, type TestApp, TestBrowser } from "../../../test-support/test-app.js";

// Drafts: a half-written reply or note is kept on the server per conversation and author, so a
// reload or another device has it; only its author sees it; sending the reply or adding the note
// removes it.

const C = CONSOLE_BASE;

describe.each(TEST_DATABASE_KINDS)("reply and note drafts on %s", (kind) => {
  let testApp: TestApp;
  let family: Family;
  let agent: Awaited<ReturnType<typeof loggedInStaff>>;
  let colleague: Awaited<ReturnType<typeof loggedInStaff>>;

  async function logQuery(text: string) {
    const answer = await family.principal.browser.postMultipart(
      `${SI}/member-queries/query-additional-info`,
      { ...defaultQueryFields, query: text },
      [],
    );
    expect(answer.statusCode).toBe(200);
    return answer.json().referenceNumber as number;
  }
  const drafts = async (browser: TestBrowser, reference: number) => {
    const answer = await browser.request({ method: "GET", url: `${C}/queries/${reference}/drafts` });
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };
  const save = (browser: TestBrowser, reference: number, payload: object) =>
    browser.request({ method: "PUT", url: `${C}/queries/${reference}/drafts`, payload });

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    family = await enrolFamily(testApp);
    agent = await loggedInStaff(testApp, "STAFF_AGENT");
    colleague = await loggedInStaff(testApp, "STAFF_AGENT");
  });
  afterAll(async () => testApp.close());

  it("keeps the latest draft of each kind for its author only, from any session, until sent", async () => {
    const reference = await logQuery("Can I change my plan in January?");
    expect(await drafts(agent.browser, reference)).toEqual({ reply: null, note: null });

    expect(
      (await save(agent.browser, reference, { kind: "REPLY", text: "<p>Dear Thandi, yes</p>" })).statusCode,
    ).toBe(204);
    expect(
      (await save(agent.browser, reference, { kind: "REPLY", text: "<p>Dear Thandi, yes, from</p>" }))
        .statusCode,
    ).toBe(204);
    expect(
      (await save(agent.browser, reference, { kind: "NOTE", text: "Checked the plan rules." })).statusCode,
    ).toBe(204);
    // Another session of the same agent (another device) reads the same drafts.
    const elsewhere = new TestBrowser(testApp.app);
    expect((await elsewhere.logIn(agent.username, agent.password)).statusCode).toBe(200);
    const read = await drafts(elsewhere, reference);
    expect(read).toMatchObject({
      reply: { text: "<p>Dear Thandi, yes, from</p>" },
      note: { text: "Checked the plan rules." },
    });
    expect(Date.parse(read.reply.savedAt)).not.toBeNaN();
    // Not a colleague's.
    expect(await drafts(colleague.browser, reference)).toEqual({ reply: null, note: null });

    // Sending the reply removes its draft; adding the note removes the note's.
    const sent = await agent.browser.request({
      method: "POST",
      url: `${C}/queries/${reference}/replies`,
      payload: { html: "<p>Dear Thandi, yes, from 1 January.</p>" },
    });
    expect(sent.statusCode).toBe(200);
    expect((await drafts(agent.browser, reference)).reply).toBeNull();
    const noted = await agent.browser.request({
      method: "POST",
      url: `${C}/queries/${reference}/notes`,
      payload: { text: "Checked the plan rules." },
    });
    expect(noted.statusCode).toBe(204);
    expect(await drafts(agent.browser, reference)).toEqual({ reply: null, note: null });
  });

  it("removes a draft emptied by the author, and refuses drafts too long or of no known kind", async () => {
    const reference = await logQuery("Where do I send my claim?");
    await save(agent.browser, reference, { kind: "NOTE", text: "Ask for the account." });
    expect((await save(agent.browser, reference, { kind: "NOTE", text: "  " })).statusCode).toBe(204);
    expect((await drafts(agent.browser, reference)).note).toBeNull();
    expect((await save(agent.browser, reference, { kind: "LETTER", text: "x" })).statusCode).toBe(400);
    expect(
      (await save(agent.browser, reference, { kind: "NOTE", text: "x".repeat(100_000) })).statusCode,
    ).toBe(400);
  });

  it("is the desk's: members get 403, an unknown query 404", async () => {
    const reference = await logQuery("Is my son covered?");
    const member = await family.principal.browser.request({
      method: "GET",
      url: `${C}/queries/${reference}/drafts`,
    });
    expect(member.statusCode).toBe(403);
    const missing = await save(agent.browser, 2_000_000_000, { kind: "REPLY", text: "<p>Hi</p>" });
    expect(missing.statusCode).toBe(404);
  });
});
