import { PROFILE_PICTURE_FIELD } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { enrolFamily, MD } from "../../../test-support/modules/member-details.js";
import {
  countQueries,
  defaultQueryFields,
  loggedInMember,
  SI,
} from "../../../test-support/modules/smart-inquiry.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { pdfOfSize, pngFile } from "../../../test-support/upload-fixtures.js";

// One member cannot flood the queue or fill the disk: limits per hour and per day, 429 with a
// sentence saying when to try again, nothing stored.

describe.each(TEST_DATABASE_KINDS)("limits per member, on %s", (kind) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      MEMBER_QUERIES_PER_HOUR: "3",
      MEMBER_PICTURES_PER_HOUR: "2",
      MEMBER_CARD_ORDERS_PER_HOUR: "1",
      MEMBER_UPLOAD_MB_PER_DAY: "1",
      TIME_ZONE: "Africa/Johannesburg",
    });
  });
  afterAll(async () => testApp.close());

  const logQuery = (member: Awaited<ReturnType<typeof loggedInMember>>, files = [pngFile()]) =>
    member.browser.postMultipart(`${SI}/member-queries/query-additional-info`, defaultQueryFields, files);

  it("accepts the hour's queries and updates together, then refuses with when to try again", async () => {
    const member = await loggedInMember(testApp);
    const first = await logQuery(member);
    const update = await member.browser.postMultipart(
      `${SI}/member-queries/${first.json().referenceNumber}`,
      defaultQueryFields,
    );
    expect(update.statusCode).toBe(200);
    expect((await logQuery(member)).statusCode).toBe(200);
    const before = await countQueries(testApp.database);
    const refused = await logQuery(member);
    expect(refused.statusCode).toBe(429);
    const inAnHour = new Date(testApp.clock.now.getTime() + 60 * 60_000);
    const expectedTime = new Intl.DateTimeFormat("en-ZA", {
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: "Africa/Johannesburg",
    }).format(inAnHour);
    expect(refused.json()).toEqual({
      status: 429,
      exceptionCode: "RATE_LIMITED",
      message: `You have sent 3 queries and updates in the last hour, the most we accept. Please try again after ${expectedTime}.`,
    });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(59 * 60);
    expect(await countQueries(testApp.database)).toBe(before);

    // Another member is not held back by this one.
    expect((await logQuery(await loggedInMember(testApp))).statusCode).toBe(200);
    testApp.clock.advanceMinutes(61);
    await member.browser.logIn(member.username, member.password); // the session went idle meanwhile
    expect((await logQuery(member)).statusCode).toBe(200);
  });

  it("refuses uploads past the day's volume, until the oldest leaves the 24 hours", async () => {
    const member = await loggedInMember(testApp);
    const big = pdfOfSize(600 * 1024);
    expect((await logQuery(member, [big])).statusCode).toBe(200);
    expect((await logQuery(member, [big])).statusCode).toBe(200);
    const refused = await logQuery(member, [big]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^You have uploaded 1 MB of attachments in the last 24 hours, the most we accept in a day\. Please try again after \d\d:\d\d\.$/,
    );
    testApp.clock.advanceMinutes(24 * 60 + 1);
    await member.browser.logIn(member.username, member.password);
    expect((await logQuery(member, [big])).statusCode).toBe(200);
  });

  it("limits profile pictures and card orders per hour as well", async () => {
    const family = await enrolFamily(testApp);
    const { browser } = family.principal;
    const picture = () =>
      browser.postMultipart(`${MD.replace("/v2/member-details", "")}/profile-picture/`, {}, [
        { ...pngFile(), field: PROFILE_PICTURE_FIELD },
      ]);
    const answers = [await picture(), await picture(), await picture()].map((answer) => answer.statusCode);
    expect(answers).toEqual([200, 200, 429]);
    const order = () => browser.request({ method: "POST", url: `${MD}/order-membership-card` });
    expect((await order()).statusCode).toBe(200);
    expect((await order()).statusCode).toBe(429);
  });
});
