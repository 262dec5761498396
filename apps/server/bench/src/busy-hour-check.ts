import fs from "node:fs";
import pg from "pg";
import type { Write } from "./busy-hour-load.js";
import { BUSY_PDF_BYTES } from "./busy-hour-load.js";

// Every write of a run looked up in the database by the marker its text carries: a submission
// answered 200 must be one row under the reference number it was answered, with its one 200 KB
// file in the store; a reply answered 200 one row under its reply id, in its conversation (closed
// when it closed it). A write that failed or got no answer may have been stored (its answer lost)
// or not, but never twice.

export interface KindCheck {
  kind: Write["kind"];
  acknowledged: number;
  /** Acknowledged and found exactly as answered. */
  storedOnce: number;
  /** What was wrong with the others, one line each (the first few are printed). */
  problems: string[];
  unanswered: number;
  /** Failed or unanswered, and stored all the same (once). */
  unansweredStored: number;
  /** Any write, acknowledged or not, found more than once. */
  twice: number;
}

interface QueryRow {
  reference_number: number;
  query_text: string;
  files: number;
  bytes: number;
  keys: (string | null)[];
}
interface ReplyRow {
  id: number;
  reference_number: number;
  html: string;
}

function byMarker<Row>(rows: Row[], markerOf: (row: Row) => string | undefined): Map<string, Row[]> {
  const found = new Map<string, Row[]>();
  for (const row of rows) {
    const marker = markerOf(row);
    if (marker) found.set(marker, [...(found.get(marker) ?? []), row]);
  }
  return found;
}

function checkKind<Row>(
  kind: Write["kind"],
  writes: readonly Write[],
  found: Map<string, Row[]>,
  problemOf: (write: Write, row: Row) => string | undefined,
): KindCheck {
  const check: KindCheck = {
    kind,
    acknowledged: 0,
    storedOnce: 0,
    problems: [],
    unanswered: 0,
    unansweredStored: 0,
    twice: 0,
  };
  for (const write of writes.filter((each) => each.kind === kind)) {
    const rows = found.get(write.marker) ?? [];
    if (rows.length > 1) check.twice += 1;
    if (write.status !== 200) {
      check.unanswered += 1;
      if (rows.length === 1) check.unansweredStored += 1;
      if (rows.length > 1)
        check.problems.push(`${write.marker} (answered ${write.status}): ${rows.length} rows`);
      continue;
    }
    check.acknowledged += 1;
    const [row] = rows;
    const problem = rows.length !== 1 || !row ? `${rows.length} rows` : problemOf(write, row);
    if (problem) check.problems.push(`${write.marker} (answered ${write.id}): ${problem}`);
    else check.storedOnce += 1;
  }
  return check;
}

export async function checkStored(
  databaseUrl: string,
  tag: string,
  writes: readonly Write[],
  objectPath: (key: string) => string,
): Promise<KindCheck[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const queries = await client.query<QueryRow>(
      `select q.reference_number, q.query_text, count(a.attachment_id)::int as files,
         coalesce(sum(a.size_bytes), 0)::int as bytes, array_agg(a.blob_key) as keys
       from queries q
         left join thread_entries e on e.query_reference_number = q.reference_number
           and e.kind in ('MEMBER_MESSAGE', 'EMAIL_RECEIVED')
         left join attachments a on a.thread_entry_id = e.id
       where q.query_text like $1 group by q.reference_number, q.query_text`,
      [`BH-${tag}-%`],
    );
    const replies = await client.query<ReplyRow>(
      "select id, query_reference_number as reference_number, body as html from thread_entries where kind = 'REPLY' and body like $1",
      [`%BHR-${tag}-%`],
    );
    const closing = writes.filter((write) => write.kind === "close" && write.status === 200);
    const statuses = await client.query<{ reference_number: number; status: string }>(
      "select reference_number, status from conversations where reference_number = any($1::int[])",
      [closing.map((write) => write.conversation ?? 0)],
    );
    const statusOf = new Map(statuses.rows.map((row) => [row.reference_number, row.status]));
    const submissions = byMarker(queries.rows, (row) => row.query_text.split(":")[0]);
    const replyMarker = new RegExp(`BHR-${tag}-\\d+-\\d+`);
    const sent = byMarker(replies.rows, (row) => replyMarker.exec(row.html)?.[0]);
    const fileProblem = (row: QueryRow) => {
      if (row.files !== 1 || row.bytes !== BUSY_PDF_BYTES) return `${row.files} files of ${row.bytes} bytes`;
      const key = row.keys[0];
      const size = key ? fs.statSync(objectPath(key), { throwIfNoEntry: false })?.size : undefined;
      return size === BUSY_PDF_BYTES
        ? undefined
        : `its file ${key} is not in the store (${size ?? "no"} bytes)`;
    };
    const replyProblem = (write: Write, row: ReplyRow) => {
      if (row.id !== write.id) return `stored as reply ${row.id}`;
      if (row.reference_number !== write.conversation) return `stored on ${row.reference_number}`;
      if (write.kind === "close" && statusOf.get(write.conversation ?? 0) !== "CLOSED")
        return `conversation ${write.conversation} is ${statusOf.get(write.conversation ?? 0)}`;
      return undefined;
    };
    return [
      checkKind("submit", writes, submissions, (write, row) =>
        row.reference_number !== write.id ? `stored as ${row.reference_number}` : fileProblem(row),
      ),
      checkKind("reply", writes, sent, replyProblem),
      checkKind("close", writes, sent, replyProblem),
    ];
  } finally {
    await client.end();
  }
}
