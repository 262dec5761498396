import { describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../test-support/databases.js";
import { migrateUpTo, runMigrationFile, withEmptyDatabase } from "../../test-support/migration-steps.js";

// The migration that made conversations of the parent links (0014), run over rows as the portal
// wrote them before: a chain of five (an update of an update …), a chain whose original the desk
// had closed while an update stayed open, an orphan (an update linked to another member's query,
// which no member's page ever followed) and a query with no update, answered.

const BEFORE = "0013_data_rights";
const BACKFILL = "0014_conversations";

describe.each(TEST_DATABASE_KINDS)("the conversations' backfill on %s", (kind) => {
  it("makes one conversation of each chain, open while any query is, and counts the tabs", async () => {
    await withEmptyDatabase(kind, async (query) => {
      await migrateUpTo(query, BEFORE);
      await query(`insert into members (entity_number, first_name, last_name) values
        (1, 'Thandi', 'One'), (2, 'Sipho', 'Two'), (9, 'Agent', 'Desk')`);
      const insert = (
        reference: number,
        member: number,
        parent: number | null,
        status: string,
        due: string | null,
        loggedDaysAgo: number,
        assignee: number | null = null,
      ) =>
        query(`insert into queries (reference_number, member_entity_number, origin, category, query_text, email,
            status, parent_reference_number, logged_at, reply_due_on, assigned_to_entity_number)
          overriding system value values (${reference}, ${member}, 'MEMBER_WEB', 'MEDICAL_CLAIMS',
            'Physiotherapy message ${reference}', 'm${member}@example.com', '${status}', ${parent ?? "null"},
            now() - interval '${loggedDaysAgo} days', ${due ? `'${due}'` : "null"}, ${assignee ?? "null"})`);
      // A chain of five, the desk's assignee on the original; the newest update owed by 2026-11-27.
      await insert(100, 1, null, "OPEN", "2026-11-20", 10, 9);
      await insert(101, 1, 100, "OPEN", "2026-11-23", 8);
      await insert(102, 1, 101, "OPEN", "2026-11-24", 6);
      await insert(103, 1, 102, "OPEN", "2026-11-25", 4);
      await insert(104, 1, 103, "OPEN", "2026-11-27", 2);
      await query(`insert into agent_responses (reference_number, html, sent_at) values
        (100, '<p>Answered up to 102</p>', now() - interval '5 days')`);
      // The original closed by the desk, its update still open: the conversation is open.
      await insert(200, 1, null, "CLOSED", "2026-11-10", 20);
      await insert(201, 1, 200, "OPEN", "2026-11-26", 3);
      // An orphan: linked to another member's query, never followed by the member's pages.
      await insert(300, 2, 100, "OPEN", null, 1);
      // Answered and closed, no update.
      await insert(400, 2, null, "CLOSED", "2026-11-01", 30);
      await query(`insert into agent_responses (reference_number, html, sent_at) values
        (400, '<p>Done</p>', now() - interval '29 days')`);

      await runMigrationFile(query, `${BACKFILL}.sql`);

      const keys = await query(`select reference_number, conversation_reference_number as c, status
        from queries order by reference_number`);
      // The orphan's link to another member's query is gone: it is a first query now.
      expect(
        await query("select parent_reference_number as parent from queries where reference_number = 300"),
      ).toEqual([{ parent: null }]);
      expect(keys).toEqual([
        ...[100, 101, 102, 103, 104].map((reference) => ({
          reference_number: reference,
          c: 100,
          status: "OPEN",
        })),
        { reference_number: 200, c: 200, status: "OPEN" },
        { reference_number: 201, c: 200, status: "OPEN" },
        { reference_number: 300, c: 300, status: "OPEN" },
        { reference_number: 400, c: 400, status: "CLOSED" },
      ]);
      const conversations =
        await query(`select reference_number, status, waiting_on, reply_due_on::text as due,
          due_key::text as due_key, assigned_to_entity_number as assignee, message_count, latest_reference_number as latest,
          search_document @@ to_tsquery('english', 'physiotherapy') as found
        from conversations order by reference_number`);
      expect(conversations).toEqual([
        // The reply came after 102: owed the earliest promise since, 103's.
        {
          reference_number: 100,
          status: "OPEN",
          waiting_on: "AGENT",
          due: "2026-11-25",
          due_key: "2026-11-25",
          assignee: 9,
          message_count: 5,
          latest: 104,
          found: true,
        },
        {
          reference_number: 200,
          status: "OPEN",
          waiting_on: "AGENT",
          due: "2026-11-10",
          due_key: "2026-11-10",
          assignee: null,
          message_count: 2,
          latest: 201,
          found: true,
        },
        // No promise recorded: overdue, first in the due order.
        {
          reference_number: 300,
          status: "OPEN",
          waiting_on: "AGENT",
          due: null,
          due_key: "-infinity",
          assignee: null,
          message_count: 1,
          latest: 300,
          found: true,
        },
        {
          reference_number: 400,
          status: "CLOSED",
          waiting_on: "MEMBER",
          due: null,
          due_key: "infinity",
          assignee: null,
          message_count: 1,
          latest: 400,
          found: true,
        },
      ]);
      const counts = await query(
        `select bucket, conversations from queue_counts where conversations <> 0 order by bucket collate "C"`,
      );
      expect(counts).toEqual([
        { bucket: "assignee:9", conversations: 1 },
        { bucket: "assignee:none", conversations: 2 },
        { bucket: "due:-infinity", conversations: 1 },
        { bucket: "due:2026-11-10", conversations: 1 },
        { bucket: "due:2026-11-25", conversations: 1 },
        { bucket: "status:CLOSED", conversations: 1 },
        { bucket: "status:OPEN", conversations: 3 },
      ]);
    });
  }, 60_000);
});
