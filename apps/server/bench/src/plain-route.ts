import { createHash } from "node:crypto";
import { canUpdateQuery, type MemberRole, STAFF_ROLES } from "@portal/domain";
import Fastify from "fastify";
import pg from "pg";

// The bench's yardstick for the portal's own cost: the same answers given the plainest way. A bare
// Fastify with no plugins and no checks, node-postgres with a pool of the portal's size, the fewest
// statements each answer needs, written by hand rather than copied from the portal (a copy could not
// show a round trip the portal has and the answer does not need): the open list is the session and
// the list; a query's view the session, the member's query, its files, its thread and the thread's
// replies; the session probe one statement, the session joined to its member and roles. The session
// cookie is read by hand, the same JSON goes out, and the statements are named, as the portal
// prepares its own. What the portal spends beyond this (access, audit, anti-forgery, security
// headers, the response check, its decoding) is what `npm run bench` prints as its share. Not a
// server to copy: it checks nothing.

// A date column stays the "YYYY-MM-DD" the portal sends, not a Date at local midnight.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

/** A named statement, as the portal prepares these reads: PostgreSQL parses and plans each once per connection. */
const named = (name: string, text: string, values: unknown[]) => pool.query({ name, text, values });
const UPDATE_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

const SESSION = `select member_entity_number from sessions where token_hash = $1`;
const SESSION_WITH_MEMBER = `select m.entity_number, m.first_name, m.last_name,
  array(select role from member_roles r where r.entity_number = m.entity_number order by role) as roles
from sessions s join members m on m.entity_number = s.member_entity_number
where s.token_hash = $1`;
const OPEN_LIST = `select reference_number, category, query_text, logged_at, reply_due_on, parent_reference_number, legacy, (
  select max(reply.at) from thread_entries reply
  where reply.conversation_reference_number = q.conversation_reference_number
    and reply.kind = 'REPLY' and reply.at >= q.logged_at
) as replied_at from queries q where member_entity_number = $1 and origin = $2 and status = $3 and logged_at >= $4
order by logged_at desc, reference_number desc limit 500`;
// The member's own query, or nothing: the member in the where clause is the whole check of whose it is.
const QUERY_ROW = `select reference_number, origin, category, query_text, status, logged_at, legacy, reply_due_on,
  parent_reference_number, conversation_reference_number
from queries where reference_number = $1 and member_entity_number = $2 and origin = $3`;
const ATTACHMENTS = `select a.attachment_id, a.file_name from attachments a join thread_entries e on e.id = a.thread_entry_id
where e.query_reference_number = $1 and e.kind in ('MEMBER_MESSAGE', 'EMAIL_RECEIVED') order by a.position`;
const THREAD = `select reference_number, parent_reference_number, query_text, logged_at from queries
where conversation_reference_number = $1 and member_entity_number = $2 and origin = $3`;
const REPLIES = `select query_reference_number as reference_number, at as sent_at from thread_entries
where query_reference_number = any($1) and kind = 'REPLY' order by at, id`;

function sessionToken(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === "portal_session" && value) return value;
  }
  return null;
}

/** The session cookie's token hash, as the portal keeps it; null without the cookie. */
function tokenHashOf(cookieHeader: string | undefined): string | null {
  const token = sessionToken(cookieHeader);
  return token && createHash("sha256").update(token).digest("base64url");
}

async function sessionMember(cookieHeader: string | undefined): Promise<number | null> {
  const tokenHash = tokenHashOf(cookieHeader);
  if (!tokenHash) return null;
  const { rows } = await named("session", SESSION, [tokenHash]);
  return rows[0]?.member_entity_number ?? null;
}

interface QueryRow {
  reference_number: number;
  category: string;
  query_text: string;
  logged_at: Date;
  reply_due_on: string | null;
  parent_reference_number: number | null;
  legacy: boolean;
}

const listItem = (row: QueryRow, repliedAt: Date | null) => ({
  referenceNumber: row.reference_number,
  category: row.category,
  queryDetail: row.query_text,
  dateLogged: row.logged_at.toISOString(),
  replyExpectedBy: row.reply_due_on,
  parentReferenceNumber: row.parent_reference_number,
  legacy: row.legacy,
  repliedAt: repliedAt?.toISOString() ?? null,
});

const app = Fastify();

app.get("/api/smart-inquiry/member-queries", async (request, reply) => {
  const member = await sessionMember(request.headers.cookie);
  if (member === null) return reply.code(401).send({ error: "unauthenticated" });
  const query = request.query as Record<string, string>;
  const loggedSince = new Date(Date.now() - Number(query.daysAgo) * DAY_MS);
  const { rows } = await named("open_list", OPEN_LIST, [member, query.origin, query.status, loggedSince]);
  return { queries: rows.map((row) => listItem(row, row.replied_at)) };
});

app.get("/api/smart-inquiry/member-queries/:referenceNumber", async (request, reply) => {
  const member = await sessionMember(request.headers.cookie);
  if (member === null) return reply.code(401).send({ error: "unauthenticated" });
  const referenceNumber = Number((request.params as Record<string, string>).referenceNumber);
  const origin = (request.query as Record<string, string>).origin;
  const [row] = (await named("query_row", QUERY_ROW, [referenceNumber, member, origin])).rows;
  if (!row) return reply.code(404).send({ error: "not found" });
  const [attachments, threadRows] = await Promise.all([
    named("attachments", ATTACHMENTS, [referenceNumber]),
    named("thread", THREAD, [row.conversation_reference_number, member, origin]),
  ]);
  const replies =
    threadRows.rows.length === 0
      ? []
      : (await named("replies", REPLIES, [threadRows.rows.map((thread) => thread.reference_number)])).rows;
  const thread = [
    ...threadRows.rows.map((thread) => ({
      at: thread.logged_at.getTime(),
      kind: 0,
      entry: {
        type: "QUERY",
        referenceNumber: thread.reference_number,
        parentReferenceNumber: thread.parent_reference_number,
        queryDetail: thread.query_text,
        dateLogged: thread.logged_at.toISOString(),
      },
    })),
    ...replies.map((sent) => ({
      at: sent.sent_at.getTime(),
      kind: 1,
      entry: { type: "REPLY", referenceNumber: sent.reference_number, sentAt: sent.sent_at.toISOString() },
    })),
  ].sort((a, b) => a.at - b.at || a.kind - b.kind || a.entry.referenceNumber - b.entry.referenceNumber);
  const repliedAt = replies
    .map((sent) => sent.sent_at as Date)
    .filter((sentAt) => sentAt >= row.logged_at)
    .reduce<Date | null>((newest, sentAt) => (newest && newest > sentAt ? newest : sentAt), null);
  return {
    query: {
      ...listItem(row, repliedAt),
      attachments: attachments.rows.map((file) => ({
        attachmentId: file.attachment_id,
        fileName: file.file_name,
      })),
      canUpdate: canUpdateQuery(
        { status: row.status, origin: row.origin, loggedAt: row.logged_at, legacy: row.legacy },
        { now: new Date(), updateWindowDays: UPDATE_WINDOW_DAYS },
      ),
      thread: thread.map((item) => item.entry),
    },
  };
});

app.get("/wsg/session", async (request, reply) => {
  reply.header("cache-control", "no-store");
  const tokenHash = tokenHashOf(request.headers.cookie);
  if (!tokenHash) return { authenticated: false };
  const [row] = (await named("session_with_member", SESSION_WITH_MEMBER, [tokenHash])).rows;
  if (!row) return { authenticated: false };
  return {
    authenticated: true,
    member: { entityNumber: row.entity_number, firstName: row.first_name, lastName: row.last_name },
    workspace: row.roles.some((role: MemberRole) => STAFF_ROLES.includes(role)) ? "console" : "member",
  };
});

// An orderly exit on SIGTERM, so a --cpu-prof run writes its profile (bench:profile -- --plain).
process.on("SIGTERM", () => {
  void app
    .close()
    .then(() => pool.end())
    .finally(() => process.exit(0));
});

await app.listen({ port: Number(process.env.PLAIN_PORT), host: "127.0.0.1" });
