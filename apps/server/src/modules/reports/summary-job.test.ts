import { CONSOLE_BASE } from "@portal/domain";
import { sql } from "drizzle-orm";
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
import { addMember, createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { rowsOf } from "../../db/raw-rows.js";
import { closeConversation, reopenConversation } from "../conversations/index.js";
import { countPendingConversations, summarisePendingConversations } from "./summarise.js";
import { createSummaryJob } from "./summary-job.js";

// The upgrade that brings the reports at a scheme with conversations: migration 0019 marks every
// conversation it finds (report_backfill_pending, its summary columns empty) and report_volumes
// starts empty; the background job adds their history and business minutes in small batches.
// The oracle is what the triggers keep for conversations written after the upgrade: the same
// desk, written once with the triggers, then put back to the state the migration leaves.

describe.each(TEST_DATABASE_KINDS)("the reports' summary job on %s", (kind) => {
  let testApp: TestApp;
  let supervisor: Awaited<ReturnType<typeof loggedInStaff>>;
  let agent: number;
  let member: number;
  const conversations: number[] = [];
  let truth: { volumes: unknown[]; summaries: unknown[] };

  const db = () => testApp.database.db;

  async function start(local: string, category: string) {
    const reference = await startConversationAt(db(), member, local, category);
    conversations.push(reference);
    return reference;
  }
  const reply = (conversation: number, local: string, close = false) =>
    replyAt(db(), conversation, local, agent, close);
  const update = (conversation: number, local: string) =>
    addUpdateAt(db(), member, conversation, local, "CLAIMS");

  /** The volumes and every conversation's summary, in a fixed order, to compare. */
  async function state() {
    return {
      volumes: await rowsOf(
        db(),
        sql`select hour::text, origin, category, sum(new_queries)::int as new_queries, sum(updates)::int as updates,
              sum(replies)::int as replies, sum(closed)::int as closed
            from (select * from report_volumes union all select * from report_volume_changes) v
            group by 1, 2, 3
            having sum(new_queries) <> 0 or sum(updates) <> 0 or sum(replies) <> 0 or sum(closed) <> 0
            order by 1, 2, 3`,
      ),
      summaries: await rowsOf(
        db(),
        sql`select reference_number, first_due_on::text, first_reply_at::text, first_reply_by_entity_number,
              first_reply_business_minutes, resolution_business_minutes, report_backfill_pending
            from conversations order by reference_number`,
      ),
    };
  }

  /** What migration 0019 leaves on the conversations it finds, and 0021's empty volumes. */
  async function asTheUpgradeLeavesThem() {
    await db().execute(sql`update conversations set report_backfill_pending = true, first_due_on = null,
      first_reply_at = null, first_reply_by_entity_number = null, first_reply_business_minutes = null,
      resolution_business_minutes = null`);
    await db().execute(sql`delete from report_volumes`);
    await db().execute(sql`delete from report_volume_changes`);
  }

  const report = async () => {
    const answer = await supervisor.browser.request({
      method: "GET",
      url: `${CONSOLE_BASE}/reports?from=2026-04-01&to=2026-04-30`,
    });
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };

  beforeAll(async () => {
    testApp = await createTestApp(kind, { TIME_ZONE });
    testApp.clock.now = at("2026-06-30T10:00");
    supervisor = await loggedInStaff(testApp, "STAFF_SUPERVISOR");
    agent = (await loggedInStaff(testApp, "STAFF_AGENT")).entityNumber;
    member = (await addMember(testApp.database)).entityNumber;

    // Seven conversations over April: answered, updated, closed, reopened and closed again, or not.
    const a = await start("2026-04-02T15:00", "CLAIMS");
    await reply(a, "2026-04-07T10:30");
    await closeConversation(db(), a, at("2026-04-08T09:00"));
    const b = await start("2026-04-13T09:00", "CLAIMS");
    await update(b, "2026-04-14T11:00");
    await reply(b, "2026-04-15T09:00");
    await reply(b, "2026-04-16T09:00", true);
    const c = await start("2026-04-14T16:00", "MEMBERSHIP");
    await reply(c, "2026-04-17T09:00", true);
    await reopenConversation(db(), c, { at: at("2026-04-20T10:00"), by: null });
    await closeConversation(db(), c, at("2026-04-21T11:00"));
    await start("2026-04-20T09:00", "MEMBERSHIP");
    const e = await start("2026-04-22T08:30", "CLAIMS");
    await update(e, "2026-04-22T12:00");
    const f = await start("2026-04-23T10:00", "MEMBERSHIP");
    await reply(f, "2026-04-23T10:05");
    const g = await start("2026-04-24T14:00", "CLAIMS");
    await reply(g, "2026-04-27T09:00", true);

    await summarisePendingConversations(db(), TIME_ZONE);
    truth = await state();
  });
  afterAll(async () => testApp.close());

  it("knows the oracle: the triggers kept every conversation's summary and volumes", () => {
    expect(truth.volumes.length).toBeGreaterThan(10);
    expect(truth.summaries).toHaveLength(7);
    expect(truth.summaries.filter((row) => (row as { first_reply_at: unknown }).first_reply_at).length).toBe(
      5,
    );
  });

  it("summarises what an upgrade found in small batches, and the report says how many are left", async () => {
    await asTheUpgradeLeavesThem();
    expect(await countPendingConversations(db())).toBe(7);

    // The report answers at once with what it has, and says what is still being worked out.
    const before = await report();
    expect(before.stillPending).toEqual({ conversations: 7, more: false });
    expect(before.firstResponse.count).toBe(0);
    expect(before.volumes.reduce((sum: number, day: { newQueries: number }) => sum + day.newQueries, 0)).toBe(
      0,
    );
    // An operator sees it too.
    expect(
      await testApp.app.metrics.registry.getSingleMetricAsString("portal_report_summaries_pending"),
    ).toMatch(/^portal_report_summaries_pending 7$/m);

    const batches: number[] = [];
    const summarised = await summarisePendingConversations(db(), TIME_ZONE, {
      batchSize: 2,
      onBatch: (progress) => batches.push(progress.summarised),
    });
    expect(summarised).toBe(7);
    expect(batches).toEqual([2, 4, 6, 7]);
    expect(await state()).toEqual(truth);

    const after = await report();
    expect(after.stillPending).toEqual({ conversations: 0, more: false });
    expect(after.firstResponse.count).toBe(5);
    expect(
      await testApp.app.metrics.registry.getSingleMetricAsString("portal_report_summaries_pending"),
    ).toMatch(/^portal_report_summaries_pending 0$/m);
  });

  it("counts each conversation's history once when two rounds run at once", async () => {
    await asTheUpgradeLeavesThem();
    const job = () => createSummaryJob({ db: db(), timeZone: TIME_ZONE, log: silentLog, batchSize: 1 });
    const [first, second] = await Promise.all([job().runOnce(), job().runOnce()]);
    expect(first + second).toBe(7);
    expect(await state()).toEqual(truth);
  });

  it("keeps a conversation written while the job runs right, before or after its batch", async () => {
    await asTheUpgradeLeavesThem();
    const [, , c, d, e, f] = conversations as number[] as [number, number, number, number, number, number];
    // One batch: the two newest conversations (f, g) are done, the others as the upgrade left them.
    const job = createSummaryJob({ db: db(), timeZone: TIME_ZONE, log: silentLog, batchSize: 2 });
    await summarisePendingConversations(db(), TIME_ZONE, { batchSize: 2, keepGoing: oneBatch() });
    expect(await countPendingConversations(db())).toBe(5);

    // Written meanwhile: to conversations not yet done (their history is counted by the job, with
    // these in it) and to one done (counted by the triggers, as any new event).
    await reply(d, "2026-04-28T09:00");
    await update(e, "2026-04-28T10:00");
    await reopenConversation(db(), c, { at: at("2026-04-29T11:00"), by: null });
    await closeConversation(db(), c, at("2026-04-29T12:00"));
    await reply(f, "2026-04-28T11:00", true);
    // And written while batches run (real concurrency on PostgreSQL: each write takes its
    // conversation's row lock first, so it waits for a batch holding it, or the batch skips it).
    await Promise.all([job.runOnce(), reply(e, "2026-04-29T09:00"), update(d, "2026-04-29T10:00")]);
    await job.runOnce();
    expect(await countPendingConversations(db())).toBe(0);
    const incremental = await state();

    // The same desk summarised from nothing, all at once, gives the same figures.
    await asTheUpgradeLeavesThem();
    await summarisePendingConversations(db(), TIME_ZONE);
    expect(incremental).toEqual(await state());
    // And the writes are in them: three more replies, two more updates, one more close (c's moved).
    const total = (rows: unknown[], key: string) =>
      rows.reduce((sum: number, row) => sum + Number((row as Record<string, unknown>)[key]), 0);
    expect(total(incremental.volumes, "replies")).toBe(total(truth.volumes, "replies") + 3);
    expect(total(incremental.volumes, "updates")).toBe(total(truth.volumes, "updates") + 2);
    expect(total(incremental.volumes, "closed")).toBe(total(truth.volumes, "closed") + 1);
  });
});

/** keepGoing for exactly one batch. */
function oneBatch() {
  let asked = 0;
  return () => {
    asked += 1;
    return asked === 1;
  };
}
