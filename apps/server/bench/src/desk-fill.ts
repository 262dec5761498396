import { sql } from "drizzle-orm";
import type { Db } from "../../dist/db/database.js";
import { rowsOf } from "../../dist/db/raw-rows.js";

// A desk's worth of conversations, written by SQL in bulk (the commands would take hours): every
// fifth query is an update to the one before it, so 80 % of queries start a conversation. Each
// attribute is drawn from its own hash of the row's number, so none follows another (a category
// that happened to be all closed would mislead the planner in ways no scheme's data would). Of the
// conversations 5 % are open (half of those overdue, a third waiting on the member), assigned
// among ten agents or to nobody, over ten categories and two channels, logged over four years.
// The queue counts' trigger is off while filling and the buckets are counted once at the end; the
// reports' triggers are off too (reports-plans.ts fills what they keep, in bulk). The query's phrase
// is the exception to the hashes: it follows the row's number modulo 10 and so repeats with the day
// (modulo 1500): the newest conversations all share one phrase ("benefit" is in it), and
// "physiotherapy", in a tenth of all, is in none of the newest, the word search's hard case.

export interface DeskFill {
  firstMember: number;
  agents: number[];
  members: number;
  queries: number;
}

const FIRST_NAMES = [
  "Thandi",
  "Sipho",
  "Lerato",
  "Johan",
  "Ayesha",
  "Pieter",
  "Nomsa",
  "Kagiso",
  "Zanele",
  "Ruan",
];
const PHRASES = [
  "My claim for the specialist visit was only paid in part",
  "How much of my optometry benefit is left for this year",
  "My chronic medicine delivery has not arrived yet",
  "Please update my bank details for refunds",
  "The hospital account was sent to me instead of the scheme",
  "I need a tax certificate for last year",
  "Why was my physiotherapy claim rejected",
  "Please add my newborn daughter as a dependant",
  "The pharmacy says my medicine is not covered",
  "I was charged a co-payment for the MRI scan",
];

export async function fillDesk(db: Db, size: { members: number; queries: number }): Promise<DeskFill> {
  const firstNames = `{${FIRST_NAMES.join(",")}}`;
  const phrases = `{${PHRASES.map((phrase) => `"${phrase}"`).join(",")}}`;
  await db.execute(sql`
    insert into members (first_name, last_name)
    select (${firstNames}::text[])[1 + g % 10],
      -- One in a hundred a compound surname, for the search by any word of a name (0.1 % "van der Merwe").
      case when g % 100 = 50 then (case when g % 1000 = 50 then 'van der Merwe ' else 'van Wyk ' end) else '' end || 'Desk' || g
    from generate_series(1, ${size.members}) as g`);
  const [range] = await rowsOf<{ first: number }>(
    db,
    sql`select min(entity_number)::int as first from members where last_name = 'Desk1'`,
  );
  const first = range?.first ?? 0;
  await db.execute(sql`
    insert into member_profiles (entity_number, membership_number)
    select ${first}::int + g - 1, 'M' || lpad(g::text, 8, '0') from generate_series(1, ${size.members}) as g`);
  await db.execute(sql`
    insert into members (first_name, last_name) select 'Agent', 'Bench ' || g from generate_series(1, 10) as g`);
  const agents = (
    await rowsOf<{ entity: number }>(
      db,
      sql`select entity_number::int as entity from members where first_name = 'Agent' and last_name like 'Bench %' order by 1`,
    )
  ).map((row) => row.entity);
  // An array as one parameter (drizzle would spread a JavaScript array into a row).
  const agentArray = `{${agents.join(",")}}`;
  await db.execute(
    sql`insert into member_roles (entity_number, role) select unnest(${agentArray}::int[]), 'STAFF_AGENT'`,
  );
  const [sequence] = await rowsOf<{ base: number }>(
    db,
    sql`select nextval(pg_get_serial_sequence('queries', 'reference_number'))::int as base`,
  );
  const base = sequence?.base ?? 0;
  await db.execute(sql`alter table conversations disable trigger conversations_queue_counts`);
  await db.execute(sql`alter table conversations disable trigger conversations_report_summary`);
  await db.execute(sql`alter table conversations disable trigger conversations_report_volumes`);
  await db.execute(sql`alter table queries disable trigger queries_report_volumes`);
  // Each query's thread entry is written below in one statement, not row by row at commit.
  await db.execute(sql`alter table queries disable trigger compat_queries_entry`);
  // g: the query's number; a conversation starts at each g not divisible by 5.
  await db.execute(sql`
    insert into conversations (reference_number, member_entity_number, origin, category, email, status,
      waiting_on, reply_due_on, due_key, assigned_to_entity_number, logged_at, last_message_at,
      latest_reference_number, message_count, closed_at, search_document)
    select ${base}::int + g, member, case when abs(hashint4(g * 13 + 5)) % 7 = 0 then 'MED_XPRESS' else 'MEMBER_WEB' end,
      'CATEGORY_' || abs(hashint4(g)) % 10, 'member' || member || '@example.com',
      case when open then 'OPEN' else 'CLOSED' end,
      case when waiting then 'MEMBER' else 'AGENT' end,
      case when not waiting then current_date - 30 + abs(hashint4(g * 7 + 3)) % 60 end,
      case when waiting then 'infinity'::date else current_date - 30 + abs(hashint4(g * 7 + 3)) % 60 end,
      case when abs(hashint4(g * 11 + 4)) % 11 = 0 then null else (${agentArray}::int[])[1 + g % 10] end,
      logged, logged + case when updated then interval '1 day' else interval '0' end,
      ${base}::int + g + case when updated then 1 else 0 end, case when updated then 2 else 1 end,
      case when not open then logged + interval '3 days' end,
      to_tsvector('english', text || case when g % 10007 = 3 then ' acupuncture' else '' end)
    from (
      select g, ${first}::int + (g % ${size.members}) as member, abs(hashint4(g * 3 + 1)) % 20 = 0 as open,
        abs(hashint4(g * 3 + 1)) % 20 = 0 and abs(hashint4(g * 5 + 2)) % 3 = 0 as waiting, (g + 1) % 5 = 0 as updated,
        now() - (g % 1500) * interval '1 day' - (g % 86400) * interval '1 second' as logged,
        (${phrases}::text[])[1 + g % 10] as text
      from generate_series(1, ${size.queries}) as g where g % 5 <> 0
    ) s`);
  await db.execute(sql`
    insert into queries (reference_number, conversation_reference_number,
      parent_reference_number, member_entity_number, origin, category, query_text, email, status,
      logged_at, reply_due_on, closed_at) overriding system value
    select ${base}::int + g, c.reference_number, case when g % 5 = 0 then c.reference_number end,
      c.member_entity_number, c.origin, c.category,
      (${phrases}::text[])[1 + (g - case when g % 5 = 0 then 1 else 0 end) % 10]
        || case when (g - case when g % 5 = 0 then 1 else 0 end) % 10007 = 3 then ' acupuncture' else '' end,
      c.email, c.status, case when g % 5 = 0 then c.last_message_at else c.logged_at end,
      c.reply_due_on, c.closed_at
    from generate_series(1, ${size.queries}) as g
    join conversations c on c.reference_number = ${base}::int + g - case when g % 5 = 0 then 1 else 0 end`);
  await db.execute(
    sql`select setval(pg_get_serial_sequence('queries', 'reference_number'), ${base}::int + ${size.queries})`,
  );
  await db.execute(sql`
    insert into thread_entries (conversation_reference_number, kind, at, query_reference_number)
    select conversation_reference_number, 'MEMBER_MESSAGE', logged_at, reference_number from queries
    where reference_number > ${base}::int order by conversation_reference_number, logged_at`);
  await db.execute(sql`alter table queries enable trigger compat_queries_entry`);
  await db.execute(sql`alter table conversations enable trigger conversations_queue_counts`);
  await db.execute(sql`alter table conversations enable trigger conversations_report_summary`);
  await db.execute(sql`alter table conversations enable trigger conversations_report_volumes`);
  await db.execute(sql`alter table queries enable trigger queries_report_volumes`);
  // The folded counts made again from every conversation: no change left over is counted twice.
  await db.execute(sql`delete from queue_count_changes`);
  await db.execute(sql`
    insert into queue_counts (bucket, conversations)
    select bucket, count(*)::int from conversations,
      unnest(queue_count_buckets(status, waiting_on, due_key, assigned_to_entity_number)) as bucket
    group by bucket
    on conflict (bucket) do update set conversations = excluded.conversations`);
  await db.execute(sql`analyze`);
  return { firstMember: first, agents, members: size.members, queries: size.queries };
}

/** What fillDesk made, read back from a database it filled earlier (BENCH_DESK_FILLED_URL). */
export async function describeFilledDesk(db: Db): Promise<DeskFill> {
  const [sizes] = await rowsOf<{ first: number; members: number; queries: number }>(
    db,
    sql`select (select min(entity_number) from members where last_name = 'Desk1')::int as first,
      (select count(*) from member_profiles)::int as members, (select count(*) from queries)::int as queries`,
  );
  const agents = await rowsOf<{ entity: number }>(
    db,
    sql`select entity_number::int as entity from members where first_name = 'Agent' and last_name like 'Bench %' order by 1`,
  );
  if (!sizes?.first || agents.length === 0)
    throw new Error("That database holds no desk filled by the bench");
  return {
    firstMember: sizes.first,
    agents: agents.map((row) => row.entity),
    members: sizes.members,
    queries: sizes.queries,
  };
}
