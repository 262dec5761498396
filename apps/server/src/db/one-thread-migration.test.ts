import { describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../test-support/databases.js";
import {
  migrateUpTo,
  type RunStatement,
  runMigrationFile,
  withEmptyDatabase,
} from "../../test-support/migration-steps.js";

// The migration to one typed thread (0033), over every kind of row the release before it wrote: a
// conversation of a query and an update received by e-mail, each with a file, a reply with a
// file and an idempotency key, a reply from before the desk to the update, an internal note, a
// close, and a document submission with a file. Then the previous release's own statements,
// through the views that keep its tables' names, while an upgrade rolls.

const BEFORE = "0032_search_lexemes_for_word_starts";
const MIGRATION = "0033_one_thread";

async function seedPreviousRelease(query: RunStatement) {
  await query(`insert into members (entity_number, first_name, last_name) values
    (1, 'Thandi', 'Member'), (9, 'Agent', 'Desk')`);
  await query(`insert into conversations (reference_number, member_entity_number, origin, category, email, status,
      waiting_on, due_key, logged_at, last_message_at, latest_reference_number, message_count, closed_at,
      report_backfill_pending)
    values (300001, 1, 'MEMBER_WEB', 'MEDICAL_CLAIMS', 'm@example.com', 'CLOSED', 'MEMBER', 'infinity',
      '2026-11-01T08:00:00Z', '2026-11-02T08:00:00Z', 300002, 2, '2026-11-04T08:00:00Z', false)`);
  await query(`insert into queries (reference_number, member_entity_number, origin, category, query_text, email,
      status, parent_reference_number, logged_at, conversation_reference_number, closed_at)
    overriding system value values
    (300001, 1, 'MEMBER_WEB', 'MEDICAL_CLAIMS', 'My claim for physiotherapy', 'm@example.com', 'CLOSED', null,
      '2026-11-01T08:00:00Z', 300001, '2026-11-04T08:00:00Z'),
    (300002, 1, 'MEMBER_WEB', 'MEDICAL_CLAIMS', 'The invoice, by e-mail', 'm@example.com', 'CLOSED', 300001,
      '2026-11-02T08:00:00Z', 300001, '2026-11-04T08:00:00Z')`);
  await query(`insert into inbound_mails (folder, uid_validity, uid, received_at, outcome, conversation_reference_number,
      reference_number, member_entity_number)
    values ('INBOX', 1, 7, '2026-11-02T08:00:00Z', 'UPDATE', 300001, 300002, 1)`);
  await query(`insert into query_attachments (attachment_id, reference_number, file_name, content_type, size_bytes,
      blob_key, position)
    overriding system value values
    (500001, 300001, 'claim.pdf', 'application/pdf', 10, 'blob-claim', 0),
    (500002, 300002, 'invoice.png', 'image/png', 20, 'blob-invoice', 0)`);
  await query(`insert into agent_responses (id, reference_number, html, sent_at, sent_by_entity_number, idempotency_key)
    overriding system value values
    (41, 300001, '<p>Paid on Friday</p>', '2026-11-03T08:00:00Z', 9, 'composer-key'),
    (42, 300002, '<p>From before the desk</p>', '2026-11-03T09:00:00Z', null, null)`);
  await query(`insert into reply_attachments (attachment_id, reply_id, file_name, content_type, size_bytes, blob_key, position)
    overriding system value values (900001, 41, 'statement.pdf', 'application/pdf', 30, 'blob-statement', 0)`);
  await query(`insert into query_notes (reference_number, author_entity_number, text, created_at)
    values (300001, 9, 'Called the practice', '2026-11-03T10:00:00Z')`);
  await query(`insert into document_submissions (reference_number, member_entity_number, category, logged_at)
    overriding system value values (800001, 1, 'ID_DOCUMENT', '2026-11-05T08:00:00Z')`);
  await query(`insert into document_submission_attachments (attachment_id, reference_number, file_name, content_type,
      size_bytes, blob_key, position)
    overriding system value values (900001, 800001, 'id.pdf', 'application/pdf', 40, 'blob-id', 0)`);
}

/** The previous release's tables as it reads them, in a fixed order. */
const OLD_TABLES: Record<string, string> = {
  agent_responses: "select * from agent_responses order by id",
  reply_attachments: "select * from reply_attachments order by attachment_id",
  query_attachments: "select * from query_attachments order by attachment_id",
  query_notes:
    "select reference_number, author_entity_number, text, created_at from query_notes order by created_at",
  document_submission_attachments: "select * from document_submission_attachments order by attachment_id",
};

async function readOldTables(query: RunStatement) {
  const read: Record<string, unknown[]> = {};
  for (const [name, statement] of Object.entries(OLD_TABLES)) read[name] = await query(statement);
  return read;
}

describe.each(TEST_DATABASE_KINDS)("the migration to one thread on %s", (kind) => {
  it("makes an entry of every message, reply, note and close, and one table of every file", async () => {
    await withEmptyDatabase(kind, async (query) => {
      await migrateUpTo(query, BEFORE);
      await seedPreviousRelease(query);
      const before = await readOldTables(query);

      await runMigrationFile(query, `${MIGRATION}.sql`);

      expect(
        await query(`select kind, at, query_reference_number as query, author_entity_number as author, body,
            idempotency_key as key
          from thread_entries where conversation_reference_number = 300001 order by at, id`),
      ).toEqual([
        {
          kind: "MEMBER_MESSAGE",
          at: new Date("2026-11-01T08:00:00Z"),
          query: 300001,
          author: null,
          body: null,
          key: null,
        },
        {
          kind: "EMAIL_RECEIVED",
          at: new Date("2026-11-02T08:00:00Z"),
          query: 300002,
          author: null,
          body: null,
          key: null,
        },
        {
          kind: "REPLY",
          at: new Date("2026-11-03T08:00:00Z"),
          query: 300001,
          author: 9,
          body: "<p>Paid on Friday</p>",
          key: "composer-key",
        },
        {
          kind: "REPLY",
          at: new Date("2026-11-03T09:00:00Z"),
          query: 300002,
          author: null,
          body: "<p>From before the desk</p>",
          key: null,
        },
        {
          kind: "NOTE",
          at: new Date("2026-11-03T10:00:00Z"),
          query: null,
          author: 9,
          body: "Called the practice",
          key: null,
        },
        {
          kind: "CLOSED",
          at: new Date("2026-11-04T08:00:00Z"),
          query: null,
          author: null,
          body: null,
          key: null,
        },
      ]);
      // Replies keep their ids; every file keeps its number, beside its own entry or submission.
      expect(await query("select id from thread_entries where kind = 'REPLY' order by id")).toEqual([
        { id: 41 },
        { id: 42 },
      ]);
      expect(
        await query(`select a.attachment_id, e.kind, e.query_reference_number as query,
            a.document_submission_reference_number as submission, a.blob_key
          from attachments a left join thread_entries e on e.id = a.thread_entry_id order by a.blob_key`),
      ).toEqual([
        {
          attachment_id: 500001,
          kind: "MEMBER_MESSAGE",
          query: 300001,
          submission: null,
          blob_key: "blob-claim",
        },
        { attachment_id: 900001, kind: null, query: null, submission: 800001, blob_key: "blob-id" },
        {
          attachment_id: 500002,
          kind: "EMAIL_RECEIVED",
          query: 300002,
          submission: null,
          blob_key: "blob-invoice",
        },
        { attachment_id: 900001, kind: "REPLY", query: 300001, submission: null, blob_key: "blob-statement" },
      ]);
      // The previous release reads exactly what it wrote, under its tables' names.
      expect(await readOldTables(query)).toEqual(before);

      // New files take numbers none of the old ones had; new entries ids after the replies'.
      await query(`insert into attachments (thread_entry_id, file_name, content_type, size_bytes, blob_key, position)
        values (41, 'more.pdf', 'application/pdf', 5, 'blob-more', 1)`);
      expect(await query("select attachment_id from attachments where blob_key = 'blob-more'")).toEqual([
        { attachment_id: 1000001 },
      ]);
    });
  });

  it("lets the previous release write and remove through its tables' names while an upgrade rolls", async () => {
    await withEmptyDatabase(kind, async (query) => {
      await migrateUpTo(query, BEFORE);
      await seedPreviousRelease(query);
      await runMigrationFile(query, `${MIGRATION}.sql`);

      // A new query of that release (it writes no entry itself), with a file.
      await query(`insert into conversations (reference_number, member_entity_number, origin, category, email, status,
          waiting_on, due_key, logged_at, last_message_at, latest_reference_number, report_backfill_pending)
        values (300003, 1, 'MEMBER_WEB', 'MEDICAL_CLAIMS', 'm@example.com', 'OPEN', 'AGENT', '2026-11-20',
          '2026-11-10T08:00:00Z', '2026-11-10T08:00:00Z', 300003, false)`);
      await query(`insert into queries (reference_number, member_entity_number, origin, category, query_text, email,
          status, logged_at, conversation_reference_number)
        overriding system value values (300003, 1, 'MEMBER_WEB', 'MEDICAL_CLAIMS', 'A new question', 'm@example.com',
          'OPEN', '2026-11-10T08:00:00Z', 300003)`);
      await query(`insert into query_attachments (reference_number, file_name, content_type, size_bytes, blob_key, position)
        values (300003, 'letter.pdf', 'application/pdf', 7, 'blob-letter', 0)`);
      // Its reply, the reply's file, a note.
      const [reply] =
        (await query(`insert into agent_responses (reference_number, html, sent_at, sent_by_entity_number)
        values (300003, '<p>Answered</p>', '2026-11-11T08:00:00Z', 9) returning id`)) as { id: number }[];
      await query(`insert into reply_attachments (reply_id, file_name, content_type, size_bytes, blob_key, position)
        values (${reply?.id}, 'form.pdf', 'application/pdf', 8, 'blob-form', 0)`);
      await query(`insert into query_notes (reference_number, author_entity_number, text, created_at)
        values (300003, 9, 'Checked', '2026-11-11T09:00:00Z')`);

      expect(
        await query(`select kind, query_reference_number as query, body,
            (select count(*)::int from attachments a where a.thread_entry_id = e.id) as files
          from thread_entries e where conversation_reference_number = 300003 order by at, id`),
      ).toEqual([
        { kind: "MEMBER_MESSAGE", query: 300003, body: null, files: 1 },
        { kind: "REPLY", query: 300003, body: "<p>Answered</p>", files: 1 },
        { kind: "NOTE", query: null, body: "Checked", files: 0 },
      ]);
      // The reports' first reply follows a reply written either way.
      expect(
        await query(`select first_reply_at, first_reply_by_entity_number as by from conversations
          where reference_number = 300003`),
      ).toEqual([{ first_reply_at: new Date("2026-11-11T08:00:00Z"), by: 9 }]);

      // That release's erasure: the files' keys come back, the rows go.
      expect(
        await query(
          "delete from query_attachments where reference_number in (300001, 300002) returning blob_key",
        ),
      ).toEqual([{ blob_key: "blob-claim" }, { blob_key: "blob-invoice" }]);
      await query("delete from agent_responses where reference_number in (300001, 300002)");
      await query("delete from query_notes where reference_number = 300001");
      expect(
        await query(
          `select kind from thread_entries where conversation_reference_number = 300001 order by at, id`,
        ),
      ).toEqual([{ kind: "MEMBER_MESSAGE" }, { kind: "EMAIL_RECEIVED" }, { kind: "CLOSED" }]);
      expect(await query("select blob_key from attachments order by blob_key")).toEqual([
        { blob_key: "blob-form" },
        { blob_key: "blob-id" },
        { blob_key: "blob-letter" },
      ]);
      expect(
        await query(
          "delete from document_submission_attachments where reference_number = 800001 returning blob_key",
        ),
      ).toEqual([{ blob_key: "blob-id" }]);
    });
  });
});
