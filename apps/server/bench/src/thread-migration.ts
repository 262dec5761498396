import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { migrationsFolder } from "../../dist/db/migrations.js";

// The migration to one typed thread (0033) at a scheme's size: a database migrated to the release
// before it, filled as that release stored a desk of BENCH_THREAD_QUERIES queries (ten million by
// default: four in five start a conversation, one in five is an update; three in five
// conversations answered, one in twenty with a note; a file on three queries in ten and on one
// reply in twenty; a document submission for one conversation in ten, with its file), then the
// migration's statements one by one, each timed, as an upgrade runs them (in one transaction).
// PostgreSQL only (DATABASE_URL): run alone with
//   npx tsc -b packages/domain apps/server apps/server/bench && \
//     DATABASE_URL=postgres://… node apps/server/bench/dist/run-thread-migration.js

const BEFORE = "0032_search_lexemes_for_word_starts";
const MIGRATION = "0033_one_thread";

function statementsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(migrationsFolder, `${file}.sql`), "utf8");
  return text
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter(Boolean);
}

/** The statement's first line without its comments, for the table of times. */
function shortName(statement: string): string {
  const line = statement
    .split("\n")
    .map((each) => each.trim())
    .find((each) => each && !each.startsWith("--"));
  return (line ?? "").slice(0, 90);
}

async function fill(client: pg.Client, queries: number, say: (line: string) => void) {
  const step = async (what: string, text: string) => {
    const started = performance.now();
    await client.query(text);
    say(`  fill: ${what} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  // As a restore would: no trigger and no foreign-key check row by row while filling.
  await client.query("set session_replication_role = replica");
  await step(
    "members",
    `insert into members (entity_number, first_name, last_name)
     select g, 'Member', 'Bench ' || g from generate_series(1, 200000) as g`,
  );
  const conversations = `select g, 1 + g % 199990 as member, now() - (g % 1500) * interval '1 day' as logged,
    abs(hashint4(g * 3 + 1)) % 20 = 0 as open from generate_series(1, ${queries}) as g where g % 5 <> 0`;
  await step(
    "conversations",
    `insert into conversations (reference_number, member_entity_number, origin, category, email, status,
       waiting_on, due_key, logged_at, last_message_at, latest_reference_number, message_count, closed_at,
       report_backfill_pending)
     select 300000 + g, member, 'MEMBER_WEB', 'CATEGORY_' || g % 10, 'member@example.com',
       case when open then 'OPEN' else 'CLOSED' end, 'AGENT', 'infinity', logged, logged, 300000 + g, 1,
       case when not open then logged + interval '3 days' end, false
     from (${conversations}) c`,
  );
  await step(
    "queries",
    `insert into queries (reference_number, member_entity_number, origin, category, query_text, email, status,
       parent_reference_number, logged_at, conversation_reference_number, closed_at)
     overriding system value
     select 300000 + g, c.member_entity_number, 'MEMBER_WEB', c.category, 'Message of query ' || g,
       c.email, c.status, case when g % 5 = 0 then c.reference_number end,
       c.logged_at + case when g % 5 = 0 then interval '1 day' else interval '0' end,
       c.reference_number, c.closed_at
     from generate_series(1, ${queries}) as g
     join conversations c on c.reference_number = 300000 + g - case when g % 5 = 0 then 1 else 0 end`,
  );
  await step(
    "replies",
    `insert into agent_responses (reference_number, html, sent_at, sent_by_entity_number, idempotency_key)
     select reference_number, '<p>Our answer to query ' || reference_number || '.</p>', logged_at + interval '2 days',
       1 + reference_number % 10, md5(reference_number::text)
     from conversations where reference_number % 5 < 3`,
  );
  await step(
    "notes",
    `insert into query_notes (reference_number, author_entity_number, text, created_at)
     select reference_number, 1 + reference_number % 10, 'Called the practice', logged_at + interval '1 day'
     from conversations where reference_number % 20 = 7`,
  );
  await step(
    "the members' files",
    `insert into query_attachments (reference_number, file_name, content_type, size_bytes, blob_key, position)
     select reference_number, 'claim.pdf', 'application/pdf', 123456, 'attachments/bench/q' || reference_number, 0
     from queries where reference_number % 10 < 3`,
  );
  await step(
    "the replies' files",
    `insert into reply_attachments (reply_id, file_name, content_type, size_bytes, blob_key, position)
     select id, 'statement.pdf', 'application/pdf', 54321, 'attachments/bench/r' || id, 0
     from agent_responses where id % 20 = 3`,
  );
  await step(
    "document submissions and their files",
    `with submitted as (
       insert into document_submissions (member_entity_number, category, logged_at)
       select member_entity_number, 'ID_DOCUMENT', logged_at from conversations where reference_number % 10 = 1
       returning reference_number
     )
     insert into document_submission_attachments (reference_number, file_name, content_type, size_bytes, blob_key, position)
     select reference_number, 'id.pdf', 'application/pdf', 99999, 'attachments/bench/d' || reference_number, 0
     from submitted`,
  );
  await client.query("set session_replication_role = origin");
  await step("analyze", "analyze");
}

export async function benchThreadMigration(say: (line: string) => void): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error("the thread migration's bench needs a PostgreSQL server (DATABASE_URL)");
  const queries = Number(process.env.BENCH_THREAD_QUERIES ?? 10_000_000);
  const name = `portal_thread_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const settings = await client.query<{ name: string; setting: string; unit: string | null }>(
      "select name, setting, unit from pg_settings where name in ('maintenance_work_mem', 'work_mem', 'shared_buffers')",
    );
    say(
      `Thread migration (${MIGRATION}) over ${queries.toLocaleString("en-US")} queries; ` +
        settings.rows.map((row) => `${row.name} ${row.setting}${row.unit ?? ""}`).join(", "),
    );
    const files = fs
      .readdirSync(migrationsFolder)
      .filter((file) => file.endsWith(".sql") && file <= `${BEFORE}.sql`)
      .sort();
    for (const file of files) {
      for (const statement of statementsOf(file.replace(/\.sql$/, ""))) await client.query(statement);
    }
    await fill(client, queries, say);
    const counts = await client.query<{ rows: string }>(
      `select (select count(*) from queries) + (select count(*) from agent_responses) + (select count(*) from query_notes)
         + (select count(*) from conversations where status = 'CLOSED') as rows`,
    );
    say(`  rows to become thread entries: ${Number(counts.rows[0]?.rows ?? 0).toLocaleString("en-US")}`);
    const started = performance.now();
    await client.query("begin");
    for (const statement of statementsOf(MIGRATION)) {
      const at = performance.now();
      await client.query(statement);
      const seconds = (performance.now() - at) / 1000;
      if (seconds >= 0.5) say(`  ${seconds.toFixed(1).padStart(7)} s  ${shortName(statement)}`);
    }
    await client.query("commit");
    say(`  the whole migration: ${((performance.now() - started) / 1000).toFixed(1)} s, in one transaction`);
    const sizes = await client.query<{ table: string; size: string }>(
      `select relname as table, pg_size_pretty(pg_total_relation_size(oid)) as size from pg_class
       where relname in ('thread_entries', 'attachments') order by relname`,
    );
    say(`  sizes after: ${sizes.rows.map((row) => `${row.table} ${row.size}`).join(", ")}`);
  } finally {
    await client.end();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
