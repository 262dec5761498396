import { replyDueWindow } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { addMember } from "../../../test-support/test-app.js";
import type { Database, Db } from "../../db/database.js";
import { rowsOf } from "../../db/raw-rows.js";
import { AppError } from "../../lib/errors.js";
import { foldReportVolumes } from "../reports/volume-fold.js";
import {
  addMemberMessage,
  assignConversation,
  closeConversation,
  reopenConversation,
  sendReply,
  startConversation,
} from "./index.js";
import { countQueue } from "./queue.js";
import { foldQueueCounts } from "./queue-count-fold.js";

// Members and agents writing at once, as at a scheme's busy hour: new queries, updates, replies
// (some closing), closes, reopens and assignments on many connections, with the counters' folds
// running meanwhile. No write may fail for a lock (a deadlock was 40P01: a new query took the
// queue's buckets, then the hour's volumes; a reply the other way round), and the queue's tab
// counts and the reports' volumes must be what the rows say, before and after the last fold.

const TIME_ZONE = "Africa/Johannesburg";
const WRITERS = 12;
const WRITES_EACH = 25;

interface Desk {
  members: number[];
  agents: number[];
  conversations: { reference: number; member: number }[];
}

function pick<T>(items: readonly T[]): T {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error("nothing to pick from");
  return item;
}

const message = (member: number, loggedAt: Date, kind: "QUERY" | "UPDATE") => ({
  memberEntityNumber: member,
  origin: "MEMBER_WEB" as const,
  category: pick(["MEDICAL_CLAIMS", "MEMBERSHIP", "BENEFITS"]),
  subCategory: null,
  product: null,
  queryText: "A question at the busy hour.",
  email: "member@example.com",
  ccEmail: null,
  loggedAt,
  replyDueOn: replyDueWindow(loggedAt, kind, TIME_ZONE).latest,
});

/** One write of a member or an agent, in its own transaction as a route runs it. */
async function oneWrite(db: Db, desk: Desk): Promise<void> {
  const now = new Date();
  const roll = Math.random();
  if (roll < 0.3 || desk.conversations.length === 0) {
    const member = pick(desk.members);
    const reference = await db.transaction((tx) => startConversation(tx, message(member, now, "QUERY"), []));
    desk.conversations.push({ reference, member });
    return;
  }
  const { reference, member } = pick(desk.conversations);
  await db.transaction(async (tx) => {
    if (roll < 0.5) {
      await addMemberMessage(tx, { ...message(member, now, "UPDATE"), parentReferenceNumber: reference }, []);
    } else if (roll < 0.8) {
      const close = Math.random() < 0.4;
      await sendReply(tx, reference, {
        html: "<p>An answer.</p>",
        sentByEntityNumber: pick(desk.agents),
        sentAt: now,
        close,
        mail: null,
      });
    } else if (roll < 0.88) {
      await closeConversation(tx, reference, now);
    } else if (roll < 0.94) {
      await reopenConversation(tx, reference, { at: now, by: null });
    } else {
      await assignConversation(tx, reference, Math.random() < 0.3 ? null : pick(desk.agents), {
        at: now,
        by: null,
      });
    }
  });
}

/** The tab counts as the conversations' rows give them. */
async function countedFromRows(db: Db, agent: number, today: string) {
  const [row] = await rowsOf<Record<string, number>>(
    db,
    sql`select
      count(*) filter (where status = 'OPEN')::int as open,
      count(*) filter (where status = 'CLOSED')::int as closed,
      count(*) filter (where status = 'OPEN' and waiting_on = 'AGENT' and due_key < ${today}::date)::int as overdue,
      count(*) filter (where status = 'OPEN' and assigned_to_entity_number is null)::int as unassigned,
      count(*) filter (where status = 'OPEN' and assigned_to_entity_number = ${agent})::int as mine,
      count(*) filter (where status = 'OPEN' and waiting_on = 'MEMBER')::int as waiting
    from conversations`,
  );
  return row;
}

/** The reports' volumes as the rows give them, and as the two tables add up, per hour, channel and category. */
async function volumes(db: Db) {
  const hour = (column: string) => sql.raw(`date_bin('1 hour', ${column}, '2000-01-01 00:00:00+00')::text`);
  const fromRows = await rowsOf(
    db,
    sql`select hour, origin, category, sum(n)::int as new_queries, sum(u)::int as updates,
          sum(r)::int as replies, sum(c)::int as closed
        from (
          select ${hour("logged_at")} as hour, origin, category, 1 as n, 0 as u, 0 as r, 0 as c from conversations
          union all
          select ${hour("q.logged_at")}, c.origin, c.category, 0, 1, 0, 0
          from queries q join conversations c on c.reference_number = q.conversation_reference_number
          where q.parent_reference_number is not null
          union all
          select ${hour("a.at")}, c.origin, c.category, 0, 0, 1, 0
          from thread_entries a join conversations c on c.reference_number = a.conversation_reference_number
          where a.kind = 'REPLY'
          union all
          select ${hour("closed_at")}, origin, category, 0, 0, 0, 1 from conversations where closed_at is not null
        ) events group by 1, 2, 3 order by 1, 2, 3`,
  );
  const kept = await rowsOf(
    db,
    sql`select hour::text as hour, origin, category, sum(new_queries)::int as new_queries,
          sum(updates)::int as updates, sum(replies)::int as replies, sum(closed)::int as closed
        from (select * from report_volumes union all select * from report_volume_changes) v
        group by 1, 2, 3
        having sum(new_queries) <> 0 or sum(updates) <> 0 or sum(replies) <> 0 or sum(closed) <> 0
        order by 1, 2, 3`,
  );
  return { fromRows, kept };
}

describe.each(TEST_DATABASE_KINDS)(
  "the queue's counts and the reports' volumes with many writers on %s",
  (kind) => {
    let database: Database;
    const desk: Desk = { members: [], agents: [], conversations: [] };

    beforeAll(async () => {
      database = await openTestDatabase(kind, { poolSize: WRITERS + 2 });
      for (let i = 0; i < 8; i += 1) desk.members.push((await addMember(database)).entityNumber);
      for (let i = 0; i < 3; i += 1) desk.agents.push((await addMember(database)).entityNumber);
    });
    afterAll(() => database?.close());

    it("lets every write through and keeps every figure what the rows say", async () => {
      const db = database.db;
      const failures: unknown[] = [];
      let writing = true;
      // The folds run while the writers write, as every process's background round does.
      const folding = (async () => {
        while (writing) {
          await foldQueueCounts(db);
          await foldReportVolumes(db);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      await Promise.all(
        Array.from({ length: WRITERS }, async () => {
          for (let i = 0; i < WRITES_EACH; i += 1) {
            try {
              await oneWrite(db, desk);
            } catch (error) {
              // A member's update of a conversation closed meanwhile is refused, as it should be.
              if (!(error instanceof AppError && error.statusCode === 409)) failures.push(error);
            }
          }
        }),
      );
      writing = false;
      await folding;
      expect(failures.map((error) => String((error as { cause?: unknown }).cause ?? error))).toEqual([]);

      const agent = desk.agents[0] ?? 0;
      const today = new Date().toISOString().slice(0, 10);
      expect(await countQueue(db, agent, today)).toEqual(await countedFromRows(db, agent, today));
      const before = await volumes(db);
      expect(before.kept).toEqual(before.fromRows);

      await foldQueueCounts(db);
      await foldReportVolumes(db);
      expect(await countQueue(db, agent, today)).toEqual(await countedFromRows(db, agent, today));
      const after = await volumes(db);
      expect(after.kept).toEqual(after.fromRows);
      const [left] = await rowsOf<{ changes: number }>(
        db,
        sql`select (select count(*) from queue_count_changes) + (select count(*) from report_volume_changes) as changes`,
      );
      expect(Number(left?.changes)).toBe(0);
    }, 120_000);
  },
);
