import { EXCEPTION_CODES, MAX_ATTACHMENT_FILES } from "@portal/domain";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../app-context.js";
import { reserveAttempt } from "../../db/attempt-counter.js";
import type { Tx } from "../../db/database.js";
import { queries } from "../../db/schema/conversations.js";
import { hmac } from "../../lib/crypto.js";
import { AppError } from "../../lib/errors.js";
import { enqueueMail, type MailBrand } from "../mail/index.js";
import { checkDailyUploadVolume, reserveMemberAction } from "../members/index.js";
import { refusalNotice } from "./acknowledgements.js";
import type { ReadMail } from "./mail-reading.js";

// A member's e-mails count against the limits of the portal's form, with the form's own functions
// (members/member-limits.ts): the queries and updates of an hour (one count for both ways in),
// the files one submission may carry, the upload volume of 24 hours. A mail over one of them is
// kept for staff as unmatched, the limit as its reason.
//
// The member is told once per limit and window, not once per refused mail: the first refusal of a
// limit sends a notice, and further refusals of the same limit within an hour of it (24 hours for
// the upload volume) send none. A member, or two mail programs answering each other, sending a
// hundred mails gets one notice. The notice is counted like the limits, in the database, in the
// transaction that records the refused mail: two processes never both send it.

export type LimitReason = "QUERY_LIMIT" | "UPLOAD_LIMIT" | "ATTACHMENT_LIMIT";

/** The mail is over one of the member's limits: kept for staff with `reason`, not recorded in the query. */
export class OverLimit extends Error {
  constructor(
    readonly reason: LimitReason,
    /** When the member may send again; null when the limit has no window (the files of one message). */
    readonly retryAt: Date | null,
  ) {
    super(reason);
  }
}

/** Before any file is written: more files than one submission may carry. */
export function checkFileCount(mail: ReadMail): void {
  if (mail.files.length > MAX_ATTACHMENT_FILES) throw new OverLimit("ATTACHMENT_LIMIT", null);
}

/** The form's refusal (429 RATE_LIMITED) as an OverLimit with when the member may send again. */
async function refusedAs(reason: LimitReason, context: AppContext, check: () => Promise<void>) {
  try {
    await check();
  } catch (error) {
    if (!(error instanceof AppError && error.exceptionCode === EXCEPTION_CODES.RATE_LIMITED)) throw error;
    const seconds = Number(error.headers["retry-after"]);
    const retryAt = Number.isFinite(seconds) ? new Date(context.now().getTime() + seconds * 1000) : null;
    throw new OverLimit(reason, retryAt);
  }
}

/**
 * Counts the mail as one of the member's queries and updates and, when it carries files, checks
 * their upload volume, as the form does. In the transaction that records the mail: a mail read by
 * two processes, or rolled back and read again, counts once.
 */
export async function countAgainstLimits(
  tx: Tx,
  context: AppContext,
  member: number,
  mail: ReadMail,
): Promise<void> {
  const inTransaction = { ...context, db: tx };
  await refusedAs("QUERY_LIMIT", context, () =>
    reserveMemberAction(inTransaction, member, "query-or-update"),
  );
  // The form checks the volume before it can know whether files follow; a mail's files are known.
  if (mail.files.length > 0) {
    await refusedAs("UPLOAD_LIMIT", context, () => checkDailyUploadVolume(inTransaction, member));
  }
}

const HOUR_MS = 60 * 60_000;
/** How long after a notice further refusals of the same limit go untold. */
const NOTICE_WINDOW_MS: Record<LimitReason, number> = {
  QUERY_LIMIT: HOUR_MS,
  UPLOAD_LIMIT: 24 * HOUR_MS,
  ATTACHMENT_LIMIT: HOUR_MS,
};

export interface RefusedMail {
  refusal: OverLimit;
  conversation: number;
  member: number;
  /** The member's mail's Message-ID (with brackets), which the notice answers. */
  answers: string | null;
}

/**
 * Queues the notice of a refused mail, unless the member was told of this limit within its
 * window. To the conversation's own addresses (as an acknowledgement goes), never to the sender.
 */
export async function noticeOnce(
  tx: Tx,
  context: AppContext & { brand: MailBrand },
  refused: RefusedMail,
): Promise<void> {
  const { refusal, conversation, member } = refused;
  const key = hmac(context.secret, `inbound-limit-notice:${refusal.reason}:${member}`);
  const first = await reserveAttempt(tx, key, 1, context.now(), NOTICE_WINDOW_MS[refusal.reason]);
  if (!first.allowed) return;
  const [query] = await tx
    .select({ email: queries.email, ccEmail: queries.ccEmail })
    .from(queries)
    .where(and(eq(queries.referenceNumber, conversation), eq(queries.memberEntityNumber, member)))
    .limit(1);
  if (!query) return;
  await enqueueMail(
    tx,
    refusalNotice(context.brand, {
      to: [query.email],
      cc: query.ccEmail ? [query.ccEmail] : [],
      memberEntityNumber: member,
      conversation,
      reason: refusal.reason,
      limits: {
        queriesPerHour: context.config.MEMBER_QUERIES_PER_HOUR,
        uploadMbPerDay: context.config.MEMBER_UPLOAD_MB_PER_DAY,
        filesPerMessage: MAX_ATTACHMENT_FILES,
      },
      retryAt: refusal.retryAt,
      timeZone: context.config.TIME_ZONE,
      answers: refused.answers,
    }),
    context.now(),
  );
}
