import { CONSOLE_BASE, helpSuggestionsResponseSchema } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { enrolFamily, type Family, loggedInStaff } from "../../../test-support/modules/member-details.js";
import { defaultQueryFields, SI } from "../../../test-support/modules/smart-inquiry.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { pngFile } from "../../../test-support/upload-fixtures.js";

// The composer's help suggestions over a real route, database and the shipped content: by the
// conversation's category and the member's words (help/suggestions.ts), for staff only.

const C = CONSOLE_BASE;

describe.each(TEST_DATABASE_KINDS)("the help suggestions for a reply, on %s", (kind) => {
  let testApp: TestApp;
  let member: Family;
  let agent: Awaited<ReturnType<typeof loggedInStaff>>;
  let reference: number;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    member = await enrolFamily(testApp);
    agent = await loggedInStaff(testApp, "STAFF_AGENT");
    const logged = await member.principal.browser.postMultipart(
      `${SI}/member-queries/query-additional-info`,
      {
        ...defaultQueryFields,
        subCategory: "CLAIM_SHORT_PAID",
        query:
          "The pharmacy claim for my chronic medicine was short paid. When will the pharmacy team reply?",
      },
      [pngFile()],
    );
    expect(logged.statusCode).toBe(200);
    reference = logged.json().referenceNumber;
  });
  afterAll(async () => testApp.close());

  const url = (number: number) => `${C}/queries/${number}/help-suggestions`;

  it("offers the claims help first and none of the pharmacy's, each with a summary for a mail", async () => {
    const answer = await agent.browser.request({ method: "GET", url: url(reference) });
    expect(answer.statusCode).toBe(200);
    const { suggestions } = helpSuggestionsResponseSchema.parse(answer.json());
    expect(suggestions[0]).toMatchObject({
      path: "/fragments/smart-inquiry/categories/medical-claims.html",
      title: "Medical claims",
      summary: expect.stringMatching(/^Most claim questions are answered by your claim statement\./),
    });
    expect(suggestions.filter((suggestion) => suggestion.path.includes("medxpress"))).toEqual([]);
    expect(suggestions.map((suggestion) => suggestion.summary).join(" ")).not.toMatch(/below|in your query/i);
  });

  it("is the staff's: a member is refused, an unknown query is not found", async () => {
    expect((await member.principal.browser.request({ method: "GET", url: url(reference) })).statusCode).toBe(
      403,
    );
    expect((await agent.browser.request({ method: "GET", url: url(1_999_999_999) })).statusCode).toBe(404);
  });
});
