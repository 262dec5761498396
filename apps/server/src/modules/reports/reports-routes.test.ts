import { CONSOLE_BASE } from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { loggedInStaff } from "../../../test-support/modules/member-details.js";
import {
  addUpdateAt,
  at,
  replyAt,
  silentLog,
  startConversationAt,
  TIME_ZONE,
} from "../../../test-support/modules/reports.js";
import { addMember, createTestApp, type TestApp, TestBrowser } from "../../../test-support/test-app.js";
import { documentSubmissions, members } from "../../db/schema.js";
import { assignConversation, closeConversation, reopenConversation } from "../conversations/index.js";
import { createSummaryJob } from "./summary-job.js";

// The figures of a small hand-built desk, worked out by hand below, in Africa/Johannesburg (UTC+2,
// no daylight saving). Business hours are 08:00-17:00 on business days. South African holidays in
// April 2026: Good Friday 3 April, Family Day 6 April, Freedom Day 27 April.
//
// A  CLAIMS, member portal. Logged Thu 2 Apr 15:00; promised by Wed 8 Apr (Tue 7 and Wed 8 are the
//    first two business days after it: Fri 3 and Mon 6 are holidays, then a weekend between).
//    Answered by agent 1 on Tue 7 Apr 10:30: 120 (Thu) + 150 (Tue) = 270 business minutes, on time.
//    Closed Wed 8 Apr 09:00: 120 + 540 (Tue) + 60 (Wed) = 720 minutes.
// B  CLAIMS, MedXpress. Logged Mon 13 Apr 09:00, promised by Wed 15 Apr, held by agent 2 and never
//    answered: broken (today is 30 June), overdue now, 78 days old.
// C  MEMBERSHIP, member portal. Logged Tue 14 Apr 16:00, promised by Thu 16 Apr; the member adds an
//    update on Wed 15 Apr. Answered and closed by agent 2 on Fri 17 Apr 09:00: 60 + 540 + 540 + 60
//    = 1200 minutes, late. Reopened Mon 20 Apr, closed again Tue 21 Apr 11:00: resolution is
//    measured to the last close, 60 + 4 × 540 (Wed 15 to Mon 20, a weekend between) + 180 = 2400.
// D  CLAIMS, member portal, logged Mon 29 Jun 10:00 (promised by Wed 1 Jul): pending, 1 day old.
// E  MEMBERSHIP, member portal, logged Fri 26 Jun 10:00 (promised by Tue 30 Jun): due today, 4 days.
//
// April: first response median (270 + 1200) / 2 = 735, p90 270 + 0.9 × 930 = 1107; resolution
// median (720 + 2400) / 2 = 1560, p90 720 + 0.9 × 1680 = 2232.

const C = CONSOLE_BASE;
const APRIL = "from=2026-04-01&to=2026-04-30";

describe.each(TEST_DATABASE_KINDS)("reports on %s", (kind) => {
  let testApp: TestApp;
  let supervisor: Awaited<ReturnType<typeof loggedInStaff>>;
  let agent1: Awaited<ReturnType<typeof loggedInStaff>>;
  let agent2: Awaited<ReturnType<typeof loggedInStaff>>;
  let member: number;
  const refs: Record<string, number> = {};

  const report = async (query: string) => {
    // What the server's background job does between a command and the report.
    await createSummaryJob({ db: testApp.database.db, timeZone: TIME_ZONE, log: silentLog }).runOnce();
    const answer = await supervisor.browser.request({ method: "GET", url: `${C}/reports?${query}` });
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };

  const start = (local: string, category: string, origin: "MEMBER_WEB" | "MED_XPRESS") =>
    startConversationAt(testApp.database.db, member, local, category, origin);
  const reply = (conversation: number, local: string, by: number, close = false) =>
    replyAt(testApp.database.db, conversation, local, by, close);

  beforeAll(async () => {
    testApp = await createTestApp(kind, { TIME_ZONE });
    testApp.clock.now = at("2026-06-30T10:00");
    supervisor = await loggedInStaff(testApp, "STAFF_SUPERVISOR");
    agent1 = await loggedInStaff(testApp, "STAFF_AGENT");
    agent2 = await loggedInStaff(testApp, "STAFF_AGENT");
    member = (await addMember(testApp.database)).entityNumber;
    const db = testApp.database.db;

    refs.A = await start("2026-04-02T15:00", "CLAIMS", "MEMBER_WEB");
    await reply(refs.A, "2026-04-07T10:30", agent1.entityNumber);
    await closeConversation(db, refs.A, at("2026-04-08T09:00"));

    refs.B = await start("2026-04-13T09:00", "CLAIMS", "MED_XPRESS");
    await assignConversation(db, refs.B, agent2.entityNumber, { at: at("2026-04-13T09:30"), by: null });

    refs.C = await start("2026-04-14T16:00", "MEMBERSHIP", "MEMBER_WEB");
    await addUpdateAt(db, member, refs.C, "2026-04-15T10:00", "MEMBERSHIP");
    await reply(refs.C, "2026-04-17T09:00", agent2.entityNumber, true);

    refs.D = await start("2026-06-29T10:00", "CLAIMS", "MEMBER_WEB");
    refs.E = await start("2026-06-26T10:00", "MEMBERSHIP", "MEMBER_WEB");

    // Documents: one a member sent, one staff recorded, on Thu 9 April.
    await db.insert(documentSubmissions).values([
      { memberEntityNumber: member, category: "CLAIMS", loggedAt: at("2026-04-09T11:00") },
      {
        memberEntityNumber: member,
        category: "CLAIMS",
        loggedAt: at("2026-04-09T12:00"),
        recordedByEntityNumber: agent1.entityNumber,
      },
    ]);
  });
  afterAll(async () => testApp.close());

  it("measures the first close, then a reopened conversation to its last close", async () => {
    const before = await report(APRIL);
    // C closed once, on 17 April: 1200 minutes, like its first reply.
    expect(before.resolution).toEqual({ count: 2, medianMinutes: 960, p90Minutes: 720 + 0.9 * 480 });

    await reopenConversation(testApp.database.db, refs.C as number, { at: at("2026-04-20T09:00"), by: null });
    const reopened = await report(APRIL);
    // Open again: no longer resolved; A alone.
    expect(reopened.resolution).toEqual({ count: 1, medianMinutes: 720, p90Minutes: 720 });

    await closeConversation(testApp.database.db, refs.C as number, at("2026-04-21T11:00"));
  });

  it("works out April's figures: a weekend and two holidays, one never answered, one reopened", async () => {
    const april = await report(APRIL);
    expect(april.businessHours).toEqual({ opens: "08:00", closes: "17:00", minutesPerDay: 540 });
    expect(april.firstResponse).toEqual({ count: 2, medianMinutes: 735, p90Minutes: 1107 });
    expect(april.resolution).toEqual({ count: 2, medianMinutes: 1560, p90Minutes: 2232 });

    const categoryRow = (rows: { key: string }[], key: string) => rows.find((row) => row.key === key);
    expect(categoryRow(april.promiseByCategory, "CLAIMS")).toMatchObject({
      onTime: 1,
      broken: 1,
      pending: 0,
      onTimeShare: 0.5,
    });
    expect(categoryRow(april.promiseByCategory, "MEMBERSHIP")).toMatchObject({
      onTime: 0,
      broken: 1,
      onTimeShare: 0,
    });
    expect(april.promiseByChannel).toEqual([
      { key: "MED_XPRESS", label: "MedXpress", onTime: 0, broken: 1, pending: 0, onTimeShare: 0 },
      { key: "MEMBER_WEB", label: "Member portal", onTime: 1, broken: 1, pending: 0, onTimeShare: 0.5 },
    ]);
    const [first] = await testApp.database.db
      .select({ firstName: members.firstName, lastName: members.lastName })
      .from(members)
      .where(eq(members.entityNumber, agent1.entityNumber));
    expect(categoryRow(april.promiseByAgent, String(agent1.entityNumber))).toEqual({
      key: String(agent1.entityNumber),
      label: `${first?.firstName} ${first?.lastName}`,
      onTime: 1,
      broken: 0,
      pending: 0,
      onTimeShare: 1,
    });
    // Agent 2 held B, never answered, and answered C late.
    expect(categoryRow(april.promiseByAgent, String(agent2.entityNumber))).toMatchObject({
      onTime: 0,
      broken: 2,
      onTimeShare: 0,
    });

    const day = (date: string) => april.volumes.find((row: { day: string }) => row.day === date);
    expect(april.volumes).toHaveLength(30);
    expect(day("2026-04-02")).toEqual({
      day: "2026-04-02",
      newQueries: 1,
      updates: 0,
      replies: 0,
      closed: 0,
    });
    expect(day("2026-04-07")).toMatchObject({ replies: 1 });
    expect(day("2026-04-08")).toMatchObject({ closed: 1 });
    expect(day("2026-04-15")).toMatchObject({ updates: 1 });
    // C's first close on the 17th gave way to its last, on the 21st.
    expect(day("2026-04-17")).toEqual({
      day: "2026-04-17",
      newQueries: 0,
      updates: 0,
      replies: 1,
      closed: 0,
    });
    expect(day("2026-04-21")).toMatchObject({ closed: 1 });
    const total = (key: string) =>
      april.volumes.reduce((sum: number, row: Record<string, number>) => sum + (row[key] ?? 0), 0);
    expect([total("newQueries"), total("updates"), total("replies"), total("closed")]).toEqual([3, 1, 2, 2]);

    // Now (30 June): B overdue, E due today, D pending; C and A closed.
    expect(april.today).toBe("2026-06-30");
    expect(april.openNow).toEqual({ open: 3, overdue: 1, dueToday: 1 });
    expect(april.backlog).toEqual([
      { label: "0–1 days", conversations: 1 },
      { label: "2–3 days", conversations: 0 },
      { label: "4–7 days", conversations: 1 },
      { label: "8–14 days", conversations: 0 },
      { label: "15–30 days", conversations: 0 },
      { label: "Over 30 days", conversations: 1 },
    ]);
    const documents = april.documents.find((row: { day: string }) => row.day === "2026-04-09");
    expect(documents).toEqual({ day: "2026-04-09", fromMembers: 1, recordedByStaff: 1 });
  });

  it("filters by channel and category, and counts a pending promise apart", async () => {
    const medXpress = await report(`${APRIL}&channel=MED_XPRESS`);
    expect(medXpress.promiseByCategory).toEqual([
      { key: "CLAIMS", label: expect.any(String), onTime: 0, broken: 1, pending: 0, onTimeShare: 0 },
    ]);
    expect(medXpress.firstResponse).toEqual({ count: 0, medianMinutes: null, p90Minutes: null });
    expect(medXpress.openNow).toEqual({ open: 1, overdue: 1, dueToday: 0 });

    const claims = await report(`${APRIL}&category=CLAIMS`);
    expect(claims.volumes.reduce((sum: number, row: { replies: number }) => sum + row.replies, 0)).toBe(1);
    expect(claims.firstResponse).toEqual({ count: 1, medianMinutes: 270, p90Minutes: 270 });

    const june = await report("from=2026-06-01&to=2026-06-30");
    expect(june.promiseByCategory).toEqual([
      expect.objectContaining({ key: "CLAIMS", onTime: 0, broken: 0, pending: 1, onTimeShare: null }),
      expect.objectContaining({ key: "MEMBERSHIP", onTime: 0, broken: 0, pending: 1, onTimeShare: null }),
    ]);
  });

  it("gives each view as CSV whose cells cannot run as formulas", async () => {
    await start("2026-04-20T09:00", '=HYPERLINK("http://evil.example")', "MEMBER_WEB");
    await testApp.database.db
      .update(members)
      .set({ firstName: "@Agent", lastName: "-Two" })
      .where(eq(members.entityNumber, agent2.entityNumber));
    const csv = async (view: string) => {
      const answer = await supervisor.browser.request({
        method: "GET",
        url: `${C}/reports/csv/${view}?${APRIL}`,
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(answer.headers["content-disposition"]).toBe(
        `attachment; filename="report-${view}-2026-04-01-2026-04-30.csv"`,
      );
      // A UTF-8 byte-order mark first, so that Excel reads the en dashes and names as UTF-8.
      expect([...answer.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      return answer.body
        .replace(/^\uFEFF/, "")
        .split("\n")
        .filter(Boolean);
    };
    const byCategory = await csv("promise-by-category");
    expect(byCategory[0]).toBe("category,label,on_time,broken,pending,on_time_share");
    expect(byCategory).toContain(
      `"'=HYPERLINK(""http://evil.example"")","'=HYPERLINK(""http://evil.example"")",0,1,0,0`,
    );
    expect(byCategory.some((line) => /(^|,)"?[=+\-@]/.test(line))).toBe(false);
    const byAgent = await csv("promise-by-agent");
    expect(byAgent).toContain(`${agent2.entityNumber},'@Agent -Two,0,2,0,0`);
    expect(await csv("response-times")).toEqual([
      "measure,conversations,median_business_minutes,median_business_hours,median_business_days,p90_business_minutes,p90_business_hours,p90_business_days",
      "first_response,2,735,12.25,1.36,1107,18.45,2.05",
      "resolution,2,1560,26,2.89,2232,37.2,4.13",
    ]);
    for (const view of ["volumes", "promise-by-channel", "open-now", "backlog", "documents"]) {
      expect((await csv(view)).length).toBeGreaterThan(1);
    }
  });

  it("is for supervisors only, and refuses a range that is not one", async () => {
    for (const url of [`${C}/reports?${APRIL}`, `${C}/reports/csv/volumes?${APRIL}`]) {
      expect((await agent1.browser.request({ method: "GET", url })).statusCode).toBe(403);
      expect((await new TestBrowser(testApp.app).request({ method: "GET", url })).statusCode).toBe(401);
    }
    const bad = async (query: string) =>
      (await supervisor.browser.request({ method: "GET", url: `${C}/reports?${query}` })).statusCode;
    expect(await bad("from=2026-04-30&to=2026-04-01")).toBe(400);
    expect(await bad("from=2026-02-30&to=2026-04-01")).toBe(400);
    expect(await bad("from=2024-01-01&to=2026-04-01")).toBe(400);
    expect(await bad(`${APRIL}&channel=FAX`)).toBe(400);
    expect(
      (await supervisor.browser.request({ method: "GET", url: `${C}/reports/csv/everything?${APRIL}` }))
        .statusCode,
    ).toBe(400);
  });
});
