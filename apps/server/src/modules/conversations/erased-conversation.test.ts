import { CONSOLE_BASE } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { memberWithData } from "../../../test-support/modules/data-rights.js";
import { loggedInStaff } from "../../../test-support/modules/member-details.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { eraseMemberDataIn } from "../data-rights/erasure.js";

// A conversation whose content was erased has nothing left to answer: reopening it, adding a note
// or a draft, or replying to it is a 409 with its own code, never a 500 nor a write.

const C = CONSOLE_BASE;

describe.each(TEST_DATABASE_KINDS)("an erased conversation, on %s", (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => testApp.close());

  it("cannot be reopened, noted, drafted on or replied to", async () => {
    const member = await memberWithData(testApp, "erased desk");
    const agent = await loggedInStaff(testApp, "STAFF_AGENT");
    await testApp.database.db.transaction((tx) =>
      eraseMemberDataIn(tx, member.entityNumber, {
        now: testApp.clock.now,
        timeZone: "Africa/Johannesburg",
        auditDays: 365,
      }),
    );
    const url = `${C}/queries/${member.original}`;
    const answers = {
      reopen: await agent.browser.request({ method: "POST", url: `${url}/reopen` }),
      note: await agent.browser.request({
        method: "POST",
        url: `${url}/notes`,
        payload: { text: "About HIV" },
      }),
      draft: await agent.browser.request({
        method: "PUT",
        url: `${url}/drafts`,
        payload: { kind: "NOTE", text: "About HIV" },
      }),
      reply: await agent.browser.request({
        method: "POST",
        url: `${url}/replies`,
        payload: { html: "<p>Dear member</p>" },
      }),
    };
    for (const [what, answer] of Object.entries(answers)) {
      expect(answer.statusCode, what).toBe(409);
      expect(answer.json().exceptionCode, what).toBe("CONVERSATION_ERASED");
    }
  });
});
