import { ACCOUNT_PATHS } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../test-support/databases.js";
import { enrolFamily, MD } from "../../test-support/modules/member-details.js";
import { defaultQueryFields, loggedInMember, SI } from "../../test-support/modules/smart-inquiry.js";
import { createTestApp, loginMessage, type TestApp, TestBrowser } from "../../test-support/test-app.js";
import { pngFile } from "../../test-support/upload-fixtures.js";
import { queries } from "../db/schema.js";
import { MAX_JSON_DEPTH } from "./json-depth.js";

// What an attacker sent that once ended in a 500: each is a clear 4xx now, and creates nothing.

describe.each(TEST_DATABASE_KINDS)("hostile input, on %s", (kind) => {
  let testApp: TestApp;
  let member: Awaited<ReturnType<typeof loggedInMember>>;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    member = await loggedInMember(testApp);
  });
  afterAll(async () => testApp.close());

  const countQueries = () => testApp.database.db.$count(queries);

  it("refuses a NUL byte in the log-in username with 400, before any log-in", async () => {
    const visitor = new TestBrowser(testApp.app);
    await visitor.visit();
    const answer = await visitor.request({
      method: "POST",
      url: "/wsg/rest",
      payload: loginMessage("demo\u0000member", "x"),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().exceptionCode).toBe("VALIDATION_FAILED");
  });

  it("refuses a NUL byte in a query's text, new or update, and stores nothing", async () => {
    const before = await countQueries();
    const created = await member.browser.postMultipart(`${SI}/member-queries/query-additional-info`, {
      ...defaultQueryFields,
      query: "My claim\u0000 was not paid",
    });
    expect(created.statusCode).toBe(400);
    const good = await member.browser.postMultipart(
      `${SI}/member-queries/query-additional-info`,
      defaultQueryFields,
      [pngFile()],
    );
    const { referenceNumber } = good.json();
    const updated = await member.browser.postMultipart(`${SI}/member-queries/${referenceNumber}`, {
      ...defaultQueryFields,
      query: "\u0000",
    });
    expect(updated.statusCode).toBe(400);
    expect(await countQueries()).toBe(before + 1);
  });

  it("refuses a NUL byte in policyIdentifier and a date before the year 1", async () => {
    const family = await enrolFamily(testApp);
    const policy = await family.principal.browser.request({
      method: "GET",
      url: `${MD}/policies/${family.policyId}/dependents?policyIdentifier=${encodeURIComponent("POL\u0000")}`,
    });
    expect(policy.statusCode).toBe(400);
    const waiting = await family.principal.browser.request({
      method: "GET",
      url: `/api/member-details/policy-exclusions/${family.principal.entityNumber}/waiting-periods?asAtDate=0000-01-01`,
    });
    expect(waiting.statusCode).toBe(400);
  });

  /** The object as JSON with one more field whose arrays make the whole `depth` levels deep. */
  const nestedTo = (value: object, depth: number) =>
    JSON.stringify(value).replace(/}$/, `,"nested":${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}`);
  const postJson = (browser: TestBrowser, url: string, payload: string) =>
    browser.request({ method: "POST", url, payload, headers: { "content-type": "application/json" } });

  it("refuses a log-in whose JSON nests deeper than the limit with 400 JSON_TOO_DEEP, and takes one within it", async () => {
    const visitor = new TestBrowser(testApp.app);
    await visitor.visit();
    const message = loginMessage(member.username, member.password);
    for (const depth of [MAX_JSON_DEPTH + 1, 5_000]) {
      const answer = await postJson(visitor, "/wsg/rest", nestedTo(message, depth));
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ status: 400, exceptionCode: "JSON_TOO_DEEP" });
    }
    const atTheLimit = await postJson(visitor, "/wsg/rest", nestedTo(message, MAX_JSON_DEPTH));
    expect(atTheLimit.json().exceptionCode).not.toBe("JSON_TOO_DEEP");
    expect((await postJson(visitor, "/wsg/rest", JSON.stringify(message))).statusCode).toBe(200);
  });

  it("refuses such a body on another JSON route (a password reset), and takes brackets inside strings", async () => {
    const visitor = new TestBrowser(testApp.app);
    await visitor.visit();
    const deep = await postJson(visitor, ACCOUNT_PATHS.passwordReset, nestedTo({ login: "nobody" }, 5_000));
    expect(deep.statusCode).toBe(400);
    expect(deep.json().exceptionCode).toBe("JSON_TOO_DEEP");
    const brackets = JSON.stringify({ login: "[".repeat(200) });
    expect((await postJson(visitor, ACCOUNT_PATHS.passwordReset, brackets)).statusCode).toBe(202);
  });

  const malformedMultipart: [string, string, string][] = [
    [
      "no boundary",
      "multipart/form-data",
      '--x\r\nContent-Disposition: form-data; name="query"\r\n\r\nhi\r\n--x--\r\n',
    ],
    [
      "a wrong boundary",
      "multipart/form-data; boundary=yyy",
      '--x\r\nContent-Disposition: form-data; name="query"\r\n\r\nhi\r\n--x--\r\n',
    ],
    [
      "no closing boundary",
      "multipart/form-data; boundary=x",
      '--x\r\nContent-Disposition: form-data; name="query"\r\n\r\nhi\r\n',
    ],
    [
      "a truncated part",
      "multipart/form-data; boundary=x",
      '--x\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PN',
    ],
    ["garbage", "multipart/form-data; boundary=x", "\u0000\u0001garbage that is no multipart at all"],
  ];
  it.each(malformedMultipart)(
    "answers malformed multipart (%s) with 400 and stores nothing",
    async (_name, contentType, body) => {
      const before = await countQueries();
      const answer = await member.browser.request({
        method: "POST",
        url: `${SI}/member-queries/query-additional-info`,
        payload: body,
        headers: { "content-type": contentType },
      });
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
      expect(await countQueries()).toBe(before);
    },
  );
});
