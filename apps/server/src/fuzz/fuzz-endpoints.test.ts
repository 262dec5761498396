import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../test-support/databases.js";
import { enrolFamily } from "../../test-support/modules/member-details.js";
import { createTestApp, type TestApp, TestBrowser } from "../../test-support/test-app.js";
import { members, outboxMails, queries, sessions } from "../db/schema.js";
import { OPENAPI_DOCUMENT_PATH } from "../lib/openapi.js";
import { hostileBody, hostileText, oddMultipart } from "./hostile-values.js";
import { type Operation, operationsOf, pathWith } from "./openapi-operations.js";

// Every endpoint of the OpenAPI document (made from the domain contracts) gets valid and hostile
// paths, query strings and bodies, as a logged-in member and as a stranger. Never a 5xx, and a
// refusal creates nothing. `npm test` runs a few cases per endpoint; `npm run fuzz` many more
// (FUZZ_RUNS).

const RUNS = Number(process.env.FUZZ_RUNS ?? 4);

describe.each(TEST_DATABASE_KINDS)("fuzzing every endpoint, on %s", (kind) => {
  let testApp: TestApp;
  let operations: Operation[];
  let member: TestBrowser;
  let stranger: TestBrowser;
  let sessionsAtStart: number;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    const document = (await testApp.app.inject({ method: "GET", url: OPENAPI_DOCUMENT_PATH })).json();
    operations = operationsOf(document);
    member = (await enrolFamily(testApp)).principal.browser;
    stranger = new TestBrowser(testApp.app);
    await stranger.visit();
    sessionsAtStart = await testApp.database.db.$count(sessions);
  });
  afterAll(async () => testApp.close());

  const counts = async () => {
    const { db } = testApp.database;
    return {
      queries: await db.$count(queries),
      members: await db.$count(members),
      outbox: await db.$count(outboxMails),
    };
  };

  it("finds the endpoints to fuzz", () => {
    expect(operations.length).toBeGreaterThan(60);
  });

  it(
    "never answers 5xx, and a refusal creates nothing",
    async () => {
      for (const operation of operations) {
        // Logging out ends the member's session for the rest of the run.
        if (operation.path === "/wsg/logout") continue;
        const segments = (operation.path.match(/\{[^}]+\}/g) ?? []).length;
        await fc.assert(
          fc.asyncProperty(
            fc.array(hostileText, { minLength: segments, maxLength: segments }),
            fc.dictionary(fc.constantFrom(...operation.queryNames, "x"), hostileText, { maxKeys: 3 }),
            hostileBody(operation.bodyProperties, operation.bodyChoices),
            oddMultipart,
            fc.boolean(),
            async (pathValues, query, body, multipart, asMember) => {
              const url = `${pathWith(operation.path, pathValues)}?${new URLSearchParams(query)}`;
              const browser = asMember ? member : stranger;
              const before = await counts();
              const answer = operation.multipart
                ? await browser.request({
                    method: operation.method as "POST",
                    url,
                    headers: { "content-type": `multipart/form-data; boundary=${multipart.declared}` },
                    payload: `--${multipart.boundary}\r\nContent-Disposition: form-data; name="${multipart.field}"\r\n\r\n${multipart.value}\r\n${multipart.close ? `--${multipart.boundary}--\r\n` : ""}`,
                  })
                : await browser.request({
                    method: operation.method as "GET",
                    url,
                    ...(operation.method === "GET"
                      ? {}
                      : { payload: JSON.stringify(body), headers: { "content-type": "application/json" } }),
                  });
              const where = `${operation.method} ${url.slice(0, 200)}`;
              expect({
                where,
                status: answer.statusCode < 500 ? "below 500" : answer.body.slice(0, 300),
              }).toEqual({
                where,
                status: "below 500",
              });
              if (answer.statusCode >= 400)
                expect({ where, after: await counts() }).toEqual({ where, after: before });
            },
          ),
          { numRuns: RUNS, endOnFailure: true },
        );
      }
      // Some eighty endpoints with RUNS cases each: npm run fuzz's 200 take minutes, npm test's 4 seconds.
    },
    Math.max(30_000, RUNS * 2_000),
  );

  it("leaves the member logged in, and gives the stranger no session", async () => {
    const session = await member.request({ method: "GET", url: "/wsg/session" });
    expect(session.json().authenticated).toBe(true);
    expect((await stranger.request({ method: "GET", url: "/wsg/session" })).json()).toEqual({
      authenticated: false,
    });
    // Hostile log-in bodies started no session.
    expect(await testApp.database.db.$count(sessions)).toBe(sessionsAtStart);
  });
});
