import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import {
  ageSubmission,
  attachmentKeys,
  auditRowDaysAgo,
  closeConversationDaysAgo,
  DAY_MS,
  memberWithData,
} from "../../../test-support/modules/data-rights.js";
import { SI } from "../../../test-support/modules/smart-inquiry.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { repliesTo } from "../../../test-support/thread-rows.js";
import { loadConfig } from "../../config/env.js";
import {
  attachments,
  auditEvents,
  documentSubmissions,
  legalHolds,
  queries,
  sessions,
} from "../../db/schema.js";
import { BlobNotFoundError } from "../storage/blob-store.js";
import { retentionPolicy, runRetentionPurge } from "./retention-purge.js";

// The purge removes what is past its period, and only that: younger data, members under a legal
// hold and open conversations are left whole; files go with their rows; a second run finds nothing.

// The defaults of the configuration, as a scheme that changed nothing has them.
const POLICY = retentionPolicy(loadConfig({ NODE_ENV: "test" }));

describe.each(TEST_DATABASE_KINDS)("the retention purge, on %s", (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => testApp.close());

  const purge = (dryRun = false) =>
    runRetentionPurge({
      db: testApp.database.db,
      blobStore: testApp.blobStore,
      policy: POLICY,
      now: testApp.clock.now,
      dryRun,
      requestId: `test:${Math.random()}`,
    });
  const blobGone = async (key: string) =>
    testApp.blobStore.read(key).then(
      (stream) => {
        stream.destroy();
        return false;
      },
      (error: unknown) => error instanceof BlobNotFoundError,
    );

  it("tombstones old closed conversations and files, keeps young, open and held ones, and runs again to nothing", async () => {
    const { db } = testApp.database;
    const old = await memberWithData(testApp, "old");
    const young = await memberWithData(testApp, "young");
    const held = await memberWithData(testApp, "held");
    const stillOpen = await memberWithData(testApp, "open");
    const oldRefs = [old.original, old.updateRef];
    const oldKeys = await attachmentKeys(testApp, oldRefs);
    expect(oldKeys).toHaveLength(2);
    await closeConversationDaysAgo(testApp, oldRefs, 1200);
    await closeConversationDaysAgo(testApp, [young.original, young.updateRef], 1000);
    await closeConversationDaysAgo(testApp, [held.original, held.updateRef], 1200);
    // The first query closed long ago, but an update of it is still open: the conversation is alive.
    await closeConversationDaysAgo(testApp, [stillOpen.original], 1200);
    await ageSubmission(testApp, old.submission.referenceNumber, 1200);
    await ageSubmission(testApp, held.submission.referenceNumber, 1200);
    await db.insert(legalHolds).values({
      memberEntityNumber: held.entityNumber,
      reason: "Complaint before the regulator",
      setAt: testApp.clock.now,
      setByEntityNumber: 1,
    });

    const dry = await purge(true);
    expect(dry).toMatchObject({
      ran: true,
      counts: { conversations: 1, queries: 2, replies: 1, queryAttachments: 2 },
    });
    expect(dry.ran && dry.counts.heldConversations).toBe(1);
    // A dry run changes nothing.
    expect(await attachmentKeys(testApp, oldRefs)).toHaveLength(2);

    const first = await purge();
    expect(first).toMatchObject({
      ran: true,
      counts: {
        conversations: 1,
        queries: 2,
        replies: 1,
        queryAttachments: 2,
        documentSubmissions: 1,
        documentFiles: 1,
        heldConversations: 1,
      },
    });

    const tombstones = await db.select().from(queries).where(inArray(queries.referenceNumber, oldRefs));
    for (const row of tombstones) {
      expect(row).toMatchObject({
        queryText: "",
        email: "",
        ccEmail: null,
        purgeReason: "RETENTION",
        status: "CLOSED",
      });
      expect(row.purgedAt).not.toBeNull();
      expect(row.category).toBe("MEDICAL_CLAIMS");
    }
    expect(await attachmentKeys(testApp, oldRefs)).toEqual([]);
    expect(await repliesTo(db, old.original)).toEqual([]);
    for (const key of [...oldKeys, old.submission.blobKey]) expect(await blobGone(key)).toBe(true);
    const [oldSubmission] = await db
      .select()
      .from(documentSubmissions)
      .where(eq(documentSubmissions.referenceNumber, old.submission.referenceNumber));
    expect(oldSubmission?.purgeReason).toBe("RETENTION");

    // Nothing of the young, the held or the open conversation was touched.
    for (const member of [young, held, stillOpen]) {
      const refs = [member.original, member.updateRef];
      expect(await attachmentKeys(testApp, refs)).toHaveLength(2);
      const rows = await db.select().from(queries).where(inArray(queries.referenceNumber, refs));
      for (const row of rows) expect(row.purgedAt).toBeNull();
      expect(
        await db.$count(
          attachments,
          eq(attachments.documentSubmissionReferenceNumber, member.submission.referenceNumber),
        ),
      ).toBe(1);
    }

    // The member's timeline shows the tombstone with its date.
    const timeline = await old.browser.request({ method: "GET", url: `${SI}/interaction-timeline` });
    expect(timeline.statusCode).toBe(200);
    const item = timeline
      .json()
      .items.find((entry: { referenceNumber: number }) => entry.referenceNumber === old.original);
    expect(item.removed).toEqual({ at: testApp.clock.now.toISOString(), reason: "RETENTION" });

    // Audited, with its counts.
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.resource, "retention-purge"))
      .orderBy(sql`${auditEvents.id} desc`)
      .limit(1);
    expect(audit?.detail).toMatchObject({ conversations: 1, documentFiles: 1 });

    const second = await purge();
    expect(second).toMatchObject({
      ran: true,
      counts: { conversations: 0, queries: 0, documentSubmissions: 0 },
    });
  });

  it("removes expired sessions and old audit rows, never a young audit row, and none of a held member's", async () => {
    const { db } = testApp.database;
    const member = await memberWithData(testApp, "sessions");
    const held = await memberWithData(testApp, "held audit");
    await db.insert(legalHolds).values({
      memberEntityNumber: held.entityNumber,
      reason: "Litigation",
      setAt: testApp.clock.now,
      setByEntityNumber: 1,
    });
    // A session idle for two days.
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(testApp.clock.now.getTime() - 2 * DAY_MS) })
      .where(eq(sessions.memberEntityNumber, member.entityNumber));
    await auditRowDaysAgo(testApp, member.entityNumber, 2200);
    await auditRowDaysAgo(testApp, member.entityNumber, 2000);
    await auditRowDaysAgo(testApp, held.entityNumber, 2200);

    const result = await purge();
    expect(result.ran && result.counts.expiredSessions).toBeGreaterThanOrEqual(1);
    expect(result.ran && result.counts.auditEvents).toBe(1);
    expect(await db.$count(sessions, eq(sessions.memberEntityNumber, member.entityNumber))).toBe(0);
    expect(await db.$count(sessions, eq(sessions.memberEntityNumber, held.entityNumber))).toBe(1);
    const aged = await db
      .select({ subject: auditEvents.subjectEntityNumber })
      .from(auditEvents)
      .where(eq(auditEvents.requestId, "aged"));
    expect(aged.map((row) => row.subject).sort()).toEqual([member.entityNumber, held.entityNumber].sort());
  });

  it("pages through more conversations than a batch, closed at one and the same microsecond", async () => {
    const { db } = testApp.database;
    const member = await memberWithData(testApp, "batches");
    // Written by SQL, not by the portal: microseconds a JavaScript Date cannot hold.
    await db.execute(sql`
      with numbered as (
        select nextval(pg_get_serial_sequence('queries', 'reference_number'))::int as reference, g
        from generate_series(1, 250) as g
      ), started as (
        insert into conversations (reference_number, member_entity_number, origin, category, email, status,
          due_key, logged_at, last_message_at, latest_reference_number, closed_at)
        select reference, ${member.entityNumber}, 'MEMBER_WEB', 'MEDICAL_CLAIMS', 'old@example.com', 'CLOSED',
          '-infinity', '2020-01-01 10:00:00.123456+00', '2020-01-01 10:00:00.123456+00', reference,
          '2020-01-01 10:00:00.123456+00'
        from numbered
      )
      insert into queries (reference_number, conversation_reference_number,
        member_entity_number, origin, category, query_text, email, status, logged_at, closed_at) overriding system value
      select reference, reference, ${member.entityNumber}, 'MEMBER_WEB', 'MEDICAL_CLAIMS', 'Old query ' || g,
        'old@example.com', 'CLOSED', '2020-01-01 10:00:00.123456+00', '2020-01-01 10:00:00.123456+00'
      from numbered`);
    const result = await purge();
    expect(result.ran && result.counts.conversations).toBe(250);
    expect(
      await db.$count(
        queries,
        sql`${queries.memberEntityNumber} = ${member.entityNumber} and ${queries.purgedAt} is not null`,
      ),
    ).toBe(250);
  });

  it("the audit trail refuses every other delete, update and truncate", async () => {
    const { db } = testApp.database;
    const member = await memberWithData(testApp, "append only");
    await auditRowDaysAgo(testApp, member.entityNumber, 4000);
    await expect(db.execute(sql`delete from audit_events where request_id = 'aged'`)).rejects.toThrow();
    await expect(
      db.execute(sql`update audit_events set resource = 'x' where request_id = 'aged'`),
    ).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_events`)).rejects.toThrow();
    // A cut-off declared by anyone still cannot reach a row younger than a year.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('portal.audit_purge_before', '9999-01-01', true)`);
        await tx.execute(sql`delete from audit_events where resource <> 'aged-only'`);
      }),
    ).rejects.toThrow();
  });
});
