import { TIMELINE_DELAY_HOURS } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { loggedInMember, openList, SI } from "../../../test-support/modules/smart-inquiry.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { recordMemberMessage } from "../conversations/index.js";
import type { NewQuery } from "./queries-repository.js";

// The success message promises that "a new query only appears on your interaction timeline 24
// hours after it was logged" (TIMELINE_NOTE): the timeline route keeps to it, to the minute.

describe.each(TEST_DATABASE_KINDS)("the interaction timeline's 24 hours on %s", (kind) => {
  let testApp: TestApp;
  let member: Awaited<ReturnType<typeof loggedInMember>>;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    member = await loggedInMember(testApp);
  });
  afterAll(async () => testApp.close());

  const hoursAgo = (hours: number) => new Date(testApp.clock.now.getTime() - hours * 60 * 60_000);
  const log = (loggedAt: Date, change: Partial<NewQuery> = {}) =>
    recordMemberMessage(
      testApp.database.db,
      {
        memberEntityNumber: member.entityNumber,
        origin: "MEMBER_WEB",
        category: "BENEFITS_AND_COVER",
        subCategory: "LIMITS",
        product: null,
        queryText: "How much is left?",
        email: "m@example.com",
        ccEmail: null,
        parentReferenceNumber: null,
        replyDueOn: null,
        loggedAt,
        ...change,
      },
      [],
    );
  /** The session ends after 15 idle minutes: a day later the member has logged in again. */
  const logInAgain = async () => {
    const login = await member.browser.logIn(member.username, member.password);
    expect(login.statusCode).toBe(200);
  };
  const timeline = async () => {
    const answer = await member.browser.request({ method: "GET", url: `${SI}/interaction-timeline` });
    expect(answer.statusCode).toBe(200);
    return answer.json() as {
      items: { type: string; referenceNumber: number; updates: { referenceNumber: number }[] }[];
    };
  };
  const onTimeline = async () => (await timeline()).items.map((item) => item.referenceNumber);

  it("shows a new query only once 24 hours have passed since it was logged, to the minute", async () => {
    expect(TIMELINE_DELAY_HOURS).toBe(24);
    const justNow = await log(testApp.clock.now);
    const almost = await log(new Date(hoursAgo(24).getTime() + 60_000));
    const exactly = await log(hoursAgo(24));
    const yesterday = await log(hoursAgo(30));

    const shown = await onTimeline();
    expect(shown).toEqual(expect.arrayContaining([exactly, yesterday]));
    expect(shown).not.toContain(justNow);
    expect(shown).not.toContain(almost);
    // Its own page and the open list have it at once: only the timeline waits.
    expect((await openList(member.browser)).map((query) => query.referenceNumber)).toEqual(
      expect.arrayContaining([justNow, almost]),
    );
    const view = await member.browser.request({
      method: "GET",
      url: `${SI}/member-queries/${justNow}?origin=MEMBER_WEB`,
    });
    expect(view.statusCode).toBe(200);

    testApp.clock.advanceMinutes(1);
    expect(await onTimeline()).toContain(almost);
    expect(await onTimeline()).not.toContain(justNow);
    testApp.clock.advanceMinutes(TIMELINE_DELAY_HOURS * 60 - 1);
    await logInAgain();
    expect(await onTimeline()).toContain(justNow);
  });

  it("lists an update under its query at once: the rule is on new queries", async () => {
    const original = await log(hoursAgo(48));
    const update = await log(testApp.clock.now, { parentReferenceNumber: original });
    const item = (await timeline()).items.find((entry) => entry.referenceNumber === original);
    expect(item?.updates.map((entry) => entry.referenceNumber)).toEqual([update]);
    expect(await onTimeline()).not.toContain(update);
  });
});
