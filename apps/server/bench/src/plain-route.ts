import { createHash } from "node:crypto";
import { canUpdateQuery, type MemberRole, STAFF_ROLES } from "@portal/domain";
import Fastify from "fastify";
import pg from "pg";

// The bench's yardstick for the portal's own cost: the same reads done the plainest way. A bare
// Fastify with no plugins and no checks, node-postgres with a pool of the portal's size, the same
// statements on the same tables (as the portal sends them, read from PostgreSQL's statement log),
// the session cookie read by hand and the same JSON out; named statements, as the portal prepares them. What the portal spends beyond this
// (access, audit, anti-forgery, security headers, the response check, Drizzle's mapping) is what
// `npm run bench` prints as its share. Not a server to copy: it checks nothing.

// A date column stays the "YYYY-MM-DD" the portal sends, not a Date at local midnight.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

/** A named statement, as the portal prepares these reads: PostgreSQL parses and plans each once per connection. */
const named = (name: string, text: string, values: unknown[]) => pool.query({ name, text, values });
const UPDATE_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

const SESSION = `select "created_at", "last_seen_at", "member_entity_number" from "sessions" where "sessions"."token_hash" = $1 limit $2`;
const OPEN_LIST = `select "reference_number", "category", "query_text", "logged_at", "reply_due_on", "parent_reference_number", "legacy", (
  select max(reply.sent_at) from queries thread_query
  join agent_responses reply on reply.reference_number = thread_query.reference_number
  where thread_query.conversation_reference_number = "queries"."conversation_reference_number"
    and reply.sent_at >= "queries"."logged_at"
) from "queries" where ("queries"."member_entity_number" = $1 and "queries"."origin" = $2 and "queries"."status" = $3 and "queries"."logged_at" >= $4) order by "queries"."logged_at" desc, "queries"."reference_number" desc limit $5`;
const QUERY_OWNER = `select "member_entity_number" from "queries" where "queries"."reference_number" = $1 limit $2`;
const QUERY_ROW = `select "reference_number", "origin", "category", "sub_category", "product", "query_text", "email", "cc_email", "status", "logged_at", "legacy", "reply_due_on", "parent_reference_number" from "queries" where ("queries"."reference_number" = $1 and "queries"."member_entity_number" = $2 and "queries"."origin" = $3) limit $4`;
const THREAD = `select "reference_number", "parent_reference_number", "query_text", "logged_at" from "queries" where ("queries"."conversation_reference_number" = ((select "conversation_reference_number" from "queries" "named" where ("named"."reference_number" = $1 and "named"."member_entity_number" = $2 and "named"."origin" = $3))) and ("queries"."member_entity_number" = $4 and "queries"."origin" = $5))`;
const ATTACHMENTS = `select "attachment_id", "file_name", "content_type", "size_bytes", "blob_key" from "query_attachments" where "query_attachments"."reference_number" = $1 order by "query_attachments"."position" asc`;
const REPLIES = `select "reference_number", "sent_at" from "agent_responses" where "agent_responses"."reference_number" = any($1) order by "agent_responses"."sent_at" asc, "agent_responses"."id" asc`;
const SESSION_MEMBER = `select "entity_number", "first_name", "last_name", array(select role from member_roles where member_roles.entity_number = "members"."entity_number" order by role) from "members" where "members"."entity_number" = $1 limit $2`;

function sessionToken(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === "portal_session" && value) return value;
  }
  return null;
}

async function sessionMember(cookieHeader: string | undefined): Promise<number | null> {
  const token = sessionToken(cookieHeader);
  if (!token) return null;
  const tokenHash = createHash("sha256").update(token).digest("base64url");
  const { rows } = await named("session", SESSION, [tokenHash, 1]);
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
  const { rows } = await named("open_list", OPEN_LIST, [
    member,
    query.origin,
    query.status,
    loggedSince,
    500,
  ]);
  return { queries: rows.map((row) => listItem(row, row.max)) };
});

app.get("/api/smart-inquiry/member-queries/:referenceNumber", async (request, reply) => {
  const member = await sessionMember(request.headers.cookie);
  if (member === null) return reply.code(401).send({ error: "unauthenticated" });
  const referenceNumber = Number((request.params as Record<string, string>).referenceNumber);
  const origin = (request.query as Record<string, string>).origin;
  const owner = await named("query_owner", QUERY_OWNER, [referenceNumber, 1]);
  if (owner.rows[0]?.member_entity_number !== member) return reply.code(404).send({ error: "not found" });
  const [row] = (await named("query_row", QUERY_ROW, [referenceNumber, member, origin, 1])).rows;
  if (!row) return reply.code(404).send({ error: "not found" });
  const [attachments, threadRows] = await Promise.all([
    named("attachments", ATTACHMENTS, [referenceNumber]),
    named("thread", THREAD, [referenceNumber, member, origin, member, origin]),
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
  const member = await sessionMember(request.headers.cookie);
  if (member === null) return { authenticated: false };
  const [row] = (await named("session_member", SESSION_MEMBER, [member, 1])).rows;
  if (!row) return { authenticated: false };
  return {
    authenticated: true,
    member: { entityNumber: row.entity_number, firstName: row.first_name, lastName: row.last_name },
    workspace: row.array.some((role: MemberRole) => STAFF_ROLES.includes(role)) ? "console" : "member",
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
