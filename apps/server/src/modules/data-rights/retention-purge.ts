import { sql } from "drizzle-orm";
import type { Config } from "../../config/env.js";
import type { BatchedPurge } from "../../db/batched-purge.js";
import type { Db, Tx } from "../../db/database.js";
import { intList, rowsOf } from "../../db/raw-rows.js";
import { AUDIT_RESOURCES, OPERATOR_ENTITY_NUMBER, purgeAuditEvents, recordChange } from "../access/index.js";
import { purgeAccountTokens } from "../accounts/index.js";
import { conversationRows, countConversationContent } from "../conversations/index.js";
import { purgeInboundMails as purgeInboundMailsOf } from "../inbound-mail/index.js";
import { countQueryMails, purgeSentMails } from "../mail/index.js";
import { purgeLoginThrottle } from "../members/index.js";
import { purgeExpiredSessions } from "../session/index.js";
import { purgeIdempotencyKeys } from "../smart-inquiry/index.js";
import type { BlobStore } from "../storage/index.js";
import { deleteRemovedFiles, removeQueryContent, removeSubmissionContent } from "./remove-content.js";

// The retention purge (docs/decisions/0022): every kind of record the portal keeps about people is
// removed once past its period (RETENTION_* settings). It runs daily in the server and on demand
// (`cli retention:purge [--dry-run]`). Work is done in small batches, each its own transaction
// holding one advisory lock: while one process purges, another's run stops at its first batch.
// Members under a legal hold are skipped. A run is audited with its counts.

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;
const CONVERSATION_BATCH = 100;
/** The advisory lock of a purge batch (any number unique to this purpose). */
const PURGE_LOCK = 7302022;

export interface RetentionPolicy {
  closedQueriesDays: number;
  documentSubmissionsDays: number;
  sentMailDays: number;
  inboundMailDays: number;
  expiredSessionsDays: number;
  throttleDays: number;
  accountTokensDays: number;
  idempotencyKeysDays: number;
  auditDays: number;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
}

export function retentionPolicy(config: Config): RetentionPolicy {
  return {
    closedQueriesDays: config.RETENTION_CLOSED_QUERIES_DAYS,
    documentSubmissionsDays: config.RETENTION_DOCUMENT_SUBMISSIONS_DAYS,
    sentMailDays: config.RETENTION_SENT_MAIL_DAYS,
    inboundMailDays: config.RETENTION_INBOUND_MAIL_DAYS,
    expiredSessionsDays: config.RETENTION_EXPIRED_SESSIONS_DAYS,
    throttleDays: config.RETENTION_THROTTLE_DAYS,
    accountTokensDays: config.RETENTION_ACCOUNT_TOKENS_DAYS,
    idempotencyKeysDays: config.RETENTION_IDEMPOTENCY_KEYS_DAYS,
    auditDays: config.RETENTION_AUDIT_DAYS,
    sessionIdleMinutes: config.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: config.SESSION_ABSOLUTE_HOURS,
  };
}

/** What a run removed (or, dry, would remove), by kind: figures only. */
export interface PurgeCounts {
  /** Closed conversations tombstoned, and within them: */
  conversations: number;
  queries: number;
  replies: number;
  queryAttachments: number;
  documentSubmissions: number;
  documentFiles: number;
  sentMails: number;
  /** Mails read from the support mailbox: the record of each, and unmatched ones with their raw mail. */
  inboundMails: number;
  expiredSessions: number;
  throttleRows: number;
  accountTokens: number;
  idempotencyKeys: number;
  auditEvents: number;
  expiredDataExports: number;
  /** Closed conversations past their period but kept: their member is under a legal hold. */
  heldConversations: number;
}

/** How the CLI prints each count: a person's words. */
export const PURGE_COUNT_LABELS: Record<keyof PurgeCounts, string> = {
  conversations: "closed conversations",
  queries: "queries in them (first queries and updates)",
  replies: "replies in them",
  queryAttachments: "query attachment files",
  documentSubmissions: "document submissions",
  documentFiles: "document files",
  sentMails: "mails (sent or failed)",
  inboundMails: "mails read from the support mailbox (records, and unmatched mails)",
  expiredSessions: "expired sessions",
  throttleRows: "throttle rows",
  accountTokens: "account link tokens",
  idempotencyKeys: "idempotency keys",
  auditEvents: "audit trail rows",
  expiredDataExports: "data archives past their seven days",
  heldConversations: "closed conversations kept under a legal hold",
};

const zeroCounts = (): PurgeCounts => ({
  conversations: 0,
  queries: 0,
  replies: 0,
  queryAttachments: 0,
  documentSubmissions: 0,
  documentFiles: 0,
  sentMails: 0,
  inboundMails: 0,
  expiredSessions: 0,
  throttleRows: 0,
  accountTokens: 0,
  idempotencyKeys: 0,
  auditEvents: 0,
  expiredDataExports: 0,
  heldConversations: 0,
});

export interface PurgeRun {
  db: Db;
  blobStore: BlobStore;
  policy: RetentionPolicy;
  now: Date;
  dryRun: boolean;
  /** The audit row's request id: `cli:<user>:<uuid>`, or the server's `retention:<uuid>`. */
  requestId: string;
}

export type PurgeOutcome = { ran: true; counts: PurgeCounts } | { ran: false; reason: "another-process" };

class PurgeBusy extends Error {}

const ago = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** Runs the purge (or counts what it would do). Safe to run again: a second run finds nothing. */
export async function runRetentionPurge(run: PurgeRun): Promise<PurgeOutcome> {
  const counts = zeroCounts();
  try {
    await purgeConversations(run, counts);
    await purgeSubmissions(run, counts);
    await purgeSimpleKinds(run, counts);
    await expireDataExports(run, counts);
    await purgeInboundMails(run, counts);
  } catch (error) {
    if (!(error instanceof PurgeBusy)) throw error;
    // Stopped by another process's run: what this one did before is still on record.
    if (Object.values(counts).some((count) => count > 0)) await auditRun(run, counts);
    return { ran: false, reason: "another-process" };
  }
  await auditRun(run, counts);
  return { ran: true, counts };
}

async function auditRun(run: PurgeRun, counts: PurgeCounts): Promise<void> {
  if (!run.dryRun) {
    await recordChange(run.db, {
      actorEntityNumber: OPERATOR_ENTITY_NUMBER,
      subjectEntityNumber: OPERATOR_ENTITY_NUMBER,
      resource: AUDIT_RESOURCES.retentionPurge,
      requestId: run.requestId,
      at: run.now,
      detail: { ...counts },
    });
  }
}

/** One batch: its own transaction, under the purge lock, or PurgeBusy when another process holds it. */
async function inBatch<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ taken: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${PURGE_LOCK}) as taken`,
    );
    if (!lock?.taken) throw new PurgeBusy();
    return work(tx);
  });
}

/**
 * Where a batched pass has got to. `at` is PostgreSQL's own text of the timestamp: a JavaScript
 * Date keeps milliseconds only, and a cursor cut short of a row's microseconds would find it again.
 */
interface Cursor {
  at: string;
  reference: number;
}

/** Closed conversations whose every query was closed before the cut-off; held members' left out. */
async function closedConversationsDue(tx: Tx, cutoff: Date, after: Cursor | null): Promise<Cursor[]> {
  const from = after
    ? sql`and (q.closed_at, q.reference_number) > (${after.at}::timestamptz, ${after.reference})`
    : sql``;
  const rows = await rowsOf<{ reference_number: number; closed_at: string }>(
    tx,
    sql`
      select q.reference_number, q.closed_at::text as closed_at from queries q
      where q.status = 'CLOSED' and q.purged_at is null and q.parent_reference_number is null
        and q.closed_at < ${cutoff.toISOString()}::timestamptz ${from}
        and q.member_entity_number not in (select member_entity_number from legal_holds)
        and not exists (
          with recursive later as (
            select reference_number, status, closed_at from queries where parent_reference_number = q.reference_number
            union all
            select u.reference_number, u.status, u.closed_at from queries u join later l on u.parent_reference_number = l.reference_number
          )
          select 1 from later
          where later.status <> 'CLOSED' or later.closed_at is null or later.closed_at >= ${cutoff.toISOString()}::timestamptz
        )
      order by q.closed_at, q.reference_number
      limit ${CONVERSATION_BATCH}`,
  );
  return rows.map((row) => ({ at: row.closed_at, reference: Number(row.reference_number) }));
}

async function purgeConversations(run: PurgeRun, counts: PurgeCounts): Promise<void> {
  const cutoff = ago(run.now, run.policy.closedQueriesDays);
  let after: Cursor | null = null;
  for (;;) {
    const { due, blobKeys } = await inBatch(run.db, async (tx) => {
      const due = await closedConversationsDue(tx, cutoff, after);
      const refs = await conversationRows(
        tx,
        due.map((row) => row.reference),
      );
      counts.conversations += due.length;
      if (run.dryRun) {
        const figures = await conversationFigures(tx, refs);
        counts.queries += refs.length;
        counts.replies += figures.replies;
        counts.queryAttachments += figures.attachments;
        counts.sentMails += figures.mails;
        return { due, blobKeys: [] as string[] };
      }
      const removed = await removeQueryContent(tx, refs, "RETENTION", run.now);
      counts.queries += removed.queries;
      counts.replies += removed.replies;
      counts.queryAttachments += removed.attachments;
      counts.sentMails += removed.sentMails;
      return { due, blobKeys: removed.blobKeys };
    });
    await deleteRemovedFiles(run.db, run.blobStore, blobKeys);
    const last = due.at(-1);
    if (!last || due.length < CONVERSATION_BATCH) break;
    after = last;
  }
  const [held] = await rowsOf<{ n: number | string }>(
    run.db,
    sql`
      select count(*) as n from queries q join legal_holds h on h.member_entity_number = q.member_entity_number
      where q.status = 'CLOSED' and q.purged_at is null and q.parent_reference_number is null
        and q.closed_at < ${cutoff.toISOString()}::timestamptz`,
  );
  counts.heldConversations = Number(held?.n ?? 0);
}

async function conversationFigures(tx: Tx, refs: readonly number[]) {
  const { replies, attachments } = await countConversationContent(tx, refs);
  return { replies, attachments, mails: await countQueryMails(tx, refs) };
}

async function purgeSubmissions(run: PurgeRun, counts: PurgeCounts): Promise<void> {
  const cutoff = ago(run.now, run.policy.documentSubmissionsDays);
  let after: Cursor | null = null;
  for (;;) {
    const { due, blobKeys } = await inBatch(run.db, async (tx) => {
      const from = after
        ? sql`and (s.logged_at, s.reference_number) > (${after.at}::timestamptz, ${after.reference})`
        : sql``;
      const due = (
        await rowsOf<{ reference_number: number; logged_at: string }>(
          tx,
          sql`
          select s.reference_number, s.logged_at::text as logged_at from document_submissions s
          where s.purged_at is null and s.logged_at < ${cutoff.toISOString()}::timestamptz ${from}
            and s.member_entity_number not in (select member_entity_number from legal_holds)
          order by s.logged_at, s.reference_number
          limit ${BATCH}`,
        )
      ).map((row) => ({ at: row.logged_at, reference: Number(row.reference_number) }));
      const refs = due.map((row) => row.reference);
      if (run.dryRun) {
        counts.documentSubmissions += refs.length;
        if (refs.length > 0) {
          const [files] = await rowsOf<{ n: string | number }>(
            tx,
            sql`select count(*) as n from attachments where document_submission_reference_number in (${intList(refs)})`,
          );
          counts.documentFiles += Number(files?.n ?? 0);
        }
        return { due, blobKeys: [] as string[] };
      }
      const removed = await removeSubmissionContent(tx, refs, "RETENTION", run.now);
      counts.documentSubmissions += removed.submissions;
      counts.documentFiles += removed.files;
      return { due, blobKeys: removed.blobKeys };
    });
    await deleteRemovedFiles(run.db, run.blobStore, blobKeys);
    const last = due.at(-1);
    if (!last || due.length < BATCH) break;
    after = last;
  }
}

/** The people under a legal hold, as a subquery each owner's step leaves alone. */
const HELD_MEMBERS = sql`select member_entity_number from legal_holds`;

/** The run as the owners' steps take it: its database, dry or not, and its batches' lock. */
function batchedPurge(run: PurgeRun): BatchedPurge {
  return { db: run.db, dryRun: run.dryRun, inBatch: (work) => inBatch(run.db, work) };
}

/** The kinds whose owners remove them whole, each by its own step. */
async function purgeSimpleKinds(run: PurgeRun, counts: PurgeCounts): Promise<void> {
  const { policy, now } = run;
  const batched = batchedPurge(run);
  counts.sentMails += await purgeSentMails(batched, ago(now, policy.sentMailDays), HELD_MEMBERS);
  const sessionSlack = policy.expiredSessionsDays * DAY_MS;
  const idleCutoff = new Date(now.getTime() - policy.sessionIdleMinutes * 60_000 - sessionSlack);
  const ageCutoff = new Date(now.getTime() - policy.sessionAbsoluteHours * 3_600_000 - sessionSlack);
  counts.expiredSessions = await purgeExpiredSessions(batched, idleCutoff, ageCutoff);
  counts.throttleRows = await purgeLoginThrottle(batched, ago(now, policy.throttleDays));
  counts.accountTokens = await purgeAccountTokens(batched, ago(now, policy.accountTokensDays));
  counts.idempotencyKeys = await purgeIdempotencyKeys(batched, ago(now, policy.idempotencyKeysDays));
  counts.auditEvents = await purgeAuditEvents(batched, ago(now, policy.auditDays), HELD_MEMBERS);
}

/** Mails read from the support mailbox, by the day they were read: inbound-mail's own step. */
async function purgeInboundMails(run: PurgeRun, counts: PurgeCounts): Promise<void> {
  const before = ago(run.now, run.policy.inboundMailDays);
  counts.inboundMails = await purgeInboundMailsOf(batchedPurge(run), run.blobStore, before, HELD_MEMBERS);
}

/** Archives past their seven days: the file goes, the row says EXPIRED (the daily limit reads it). */
async function expireDataExports(run: PurgeRun, counts: PurgeCounts): Promise<void> {
  const nowAt = sql`${run.now.toISOString()}::timestamptz`;
  if (run.dryRun) {
    const [row] = await rowsOf<{ n: string | number }>(
      run.db,
      sql`select count(*) as n from data_exports where status = 'READY' and expires_at < ${nowAt}`,
    );
    counts.expiredDataExports = Number(row?.n ?? 0);
    return;
  }
  for (;;) {
    // The file first, then the row: a run cut off in between deletes the (missing) file again.
    const keys = await inBatch(run.db, async (tx) => {
      const due = await rowsOf<{ export_id: number; blob_key: string }>(
        tx,
        sql`
          select export_id, blob_key from data_exports
          where status = 'READY' and expires_at < ${nowAt}
          order by expires_at limit ${BATCH} for update`,
      );
      for (const row of due) await run.blobStore.delete(row.blob_key);
      if (due.length > 0) {
        await tx.execute(
          sql`update data_exports set status = 'EXPIRED' where export_id in (${intList(due.map((row) => Number(row.export_id)))})`,
        );
      }
      return due.map((row) => row.blob_key);
    });
    counts.expiredDataExports += keys.length;
    if (keys.length < BATCH) return;
  }
}
