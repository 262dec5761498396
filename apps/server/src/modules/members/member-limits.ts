import { EXCEPTION_CODES, MEMBER_MESSAGE_KINDS } from "@portal/domain";
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { AppContext } from "../../app-context.js";
import { reserveAttempt } from "../../db/attempt-counter.js";
import { attachments, queries, threadEntries } from "../../db/schema/conversations.js";
import { hmac } from "../../lib/crypto.js";
import { AppError } from "../../lib/errors.js";

// What one member may send: so that one account (or whoever holds its session) cannot flood the
// scheme's queue or fill the disk. Counted in PostgreSQL like log-in attempts, so every app
// process sees the same count. Limits are settings (docs/configuration.md).

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

export type MemberAction = "query-or-update" | "profile-picture" | "card-order";

const ACTION_WORDING: Record<MemberAction, string> = {
  "query-or-update": "queries and updates",
  "profile-picture": "profile pictures",
  "card-order": "card orders",
};

function limitFor(context: AppContext, action: MemberAction): number {
  const { config } = context;
  if (action === "query-or-update") return config.MEMBER_QUERIES_PER_HOUR;
  if (action === "profile-picture") return config.MEMBER_PICTURES_PER_HOUR;
  return config.MEMBER_CARD_ORDERS_PER_HOUR;
}

/** "14:35" in the scheme's time zone: when the member may try again. */
function clockTime(context: AppContext, at: Date): string {
  return new Intl.DateTimeFormat("en-ZA", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: context.config.TIME_ZONE,
  }).format(at);
}

function tooMany(context: AppContext, sentence: string, retryAfterSeconds: number): AppError {
  const at = new Date(context.now().getTime() + retryAfterSeconds * 1000);
  return new AppError(
    429,
    EXCEPTION_CODES.RATE_LIMITED,
    `${sentence} Please try again after ${clockTime(context, at)}.`,
    { "retry-after": String(retryAfterSeconds) },
  );
}

/** Counts one action of the member in the hour; refuses with 429 past the limit. */
export async function reserveMemberAction(
  context: AppContext,
  entityNumber: number,
  action: MemberAction,
): Promise<void> {
  const limit = limitFor(context, action);
  const key = hmac(context.secret, `member-action:${action}:${entityNumber}`);
  const reserved = await reserveAttempt(context.db, key, limit, context.now(), HOUR_MS);
  if (!reserved.allowed) {
    throw tooMany(
      context,
      `You have sent ${limit} ${ACTION_WORDING[action]} in the last hour, the most we accept.`,
      reserved.retryAfterSeconds,
    );
  }
}

/** Bytes of attachments the member's queries and updates stored in the last 24 hours, and the oldest's time. */
async function uploadsInLastDay(context: AppContext, entityNumber: number) {
  const since = new Date(context.now().getTime() - DAY_MS);
  const [row] = await context.db
    .select({
      bytes: sql<string>`coalesce(sum(${attachments.sizeBytes}), 0)`,
      oldestAt: sql<Date | null>`min(${queries.loggedAt})`.mapWith(queries.loggedAt),
    })
    .from(attachments)
    .innerJoin(threadEntries, eq(threadEntries.id, attachments.threadEntryId))
    .innerJoin(queries, eq(queries.referenceNumber, threadEntries.queryReferenceNumber))
    // The member's own files only: those staff sent with replies are not theirs to count.
    .where(
      and(
        eq(queries.memberEntityNumber, entityNumber),
        gte(queries.loggedAt, since),
        inArray(threadEntries.kind, [...MEMBER_MESSAGE_KINDS]),
      ),
    );
  return { bytes: Number(row?.bytes ?? 0), oldestAt: row?.oldestAt ?? null };
}

/** Refuses a new upload once the member's volume of the last 24 hours is used up. */
export async function checkDailyUploadVolume(context: AppContext, entityNumber: number): Promise<void> {
  const limitBytes = context.config.MEMBER_UPLOAD_MB_PER_DAY * 1024 * 1024;
  const used = await uploadsInLastDay(context, entityNumber);
  if (used.bytes < limitBytes || !used.oldestAt) return;
  // The oldest upload of the window leaves it first: then there is room again.
  const freesAt = used.oldestAt.getTime() + DAY_MS;
  throw tooMany(
    context,
    `You have uploaded ${context.config.MEMBER_UPLOAD_MB_PER_DAY} MB of attachments in the last 24 hours, the most we accept in a day.`,
    Math.max(60, Math.ceil((freesAt - context.now().getTime()) / 1000)),
  );
}

/** How many uploads each member has running in this process, so one member cannot hold them all. */
export interface InFlightCounter {
  /** Runs `work` as one of the member's uploads, or refuses with 429 when they have `limit` running. */
  run<T>(entityNumber: number, work: () => Promise<T>): Promise<T>;
  /** Uploads running now, every member's together (a metric). */
  total(): number;
}

export function createInFlightCounter(limit: number): InFlightCounter {
  const running = new Map<number, number>();
  let total = 0;
  return {
    total: () => total,
    async run(entityNumber, work) {
      const now = running.get(entityNumber) ?? 0;
      if (now >= limit) {
        throw new AppError(
          429,
          EXCEPTION_CODES.RATE_LIMITED,
          "Your earlier submission is still being sent. Please wait until it has finished, then try again.",
          { "retry-after": "10" },
        );
      }
      running.set(entityNumber, now + 1);
      total += 1;
      try {
        return await work();
      } finally {
        total -= 1;
        const left = (running.get(entityNumber) ?? 1) - 1;
        if (left <= 0) running.delete(entityNumber);
        else running.set(entityNumber, left);
      }
    },
  };
}
