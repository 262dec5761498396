import { z } from "zod";
import { SERVER_ORIGINS } from "../origins.js";
import { calendarDateParameter, calendarDateSchema } from "./common.js";

// The supervisors' reports (docs/decisions 0025): how the desk keeps the scheme's reply promise,
// over a range of days in TIME_ZONE, for one channel and one category or all. Mounted under
// CONSOLE_BASE; supervisors only. Every view has its CSV.

export const REPORTS_LIMITS = {
  /** The longest range one report covers, in days: a year and a bit. */
  maxRangeDays: 400,
  categoryMaxLength: 100,
  /** Conversations still pending are counted this far (after an upgrade there are millions). */
  pendingCountedTo: 10_000,
} as const;

/** The views a report has, each with its CSV (GET …/reports/csv/{view}). */
export const REPORT_VIEWS = [
  "volumes",
  "response-times",
  "promise-by-category",
  "promise-by-channel",
  "promise-by-agent",
  "open-now",
  "backlog",
  "documents",
] as const;
export type ReportView = (typeof REPORT_VIEWS)[number];

/** The backlog's age bands, in calendar days since the conversation began: [from, to] (null: no end). */
export const BACKLOG_AGE_BANDS = [
  { label: "0–1 days", from: 0, to: 1 },
  { label: "2–3 days", from: 2, to: 3 },
  { label: "4–7 days", from: 4, to: 7 },
  { label: "8–14 days", from: 8, to: 14 },
  { label: "15–30 days", from: 15, to: 30 },
  { label: "Over 30 days", from: 31, to: null },
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** GET {CONSOLE_BASE}/reports: the first and last day (inclusive), and the optional filters. */
export const reportQuerySchema = z
  .object({
    from: calendarDateParameter,
    to: calendarDateParameter,
    channel: z.enum(SERVER_ORIGINS).optional(),
    category: z.string().trim().min(1).max(REPORTS_LIMITS.categoryMaxLength).optional(),
  })
  .refine((query) => query.from <= query.to, {
    message: "The first day must not be after the last day.",
    path: ["to"],
  })
  .refine(
    (query) =>
      (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / DAY_MS <
      REPORTS_LIMITS.maxRangeDays,
    { message: `A report covers at most ${REPORTS_LIMITS.maxRangeDays} days.`, path: ["to"] },
  );
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const reportViewParamsSchema = z.object({ view: z.enum(REPORT_VIEWS) });

/** Messages in and out on one day: new queries, updates to them, the desk's replies, closed. */
export const reportVolumeDaySchema = z.object({
  day: calendarDateSchema,
  newQueries: z.number().int(),
  updates: z.number().int(),
  replies: z.number().int(),
  closed: z.number().int(),
});

/** A duration's spread in business minutes (null when nothing was measured). */
export const businessDurationSchema = z.object({
  count: z.number().int(),
  medianMinutes: z.number().nullable(),
  p90Minutes: z.number().nullable(),
});

/**
 * The promise for one group: answered by the last day promised (onTime), answered after it or
 * still unanswered after it (broken), and not yet decided (unanswered, still in time).
 */
export const promiseRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  onTime: z.number().int(),
  broken: z.number().int(),
  pending: z.number().int(),
  /** onTime ÷ (onTime + broken), 0 to 1; null when nothing was decided. */
  onTimeShare: z.number().nullable(),
});

export const reportResponseSchema = z.object({
  query: z.object({
    from: calendarDateSchema,
    to: calendarDateSchema,
    channel: z.enum(SERVER_ORIGINS).nullable(),
    category: z.string().nullable(),
  }),
  /** The day the figures of "now" (overdue, due today, backlog) were counted on, in TIME_ZONE. */
  today: calendarDateSchema,
  timeZone: z.string(),
  businessHours: z.object({ opens: z.string(), closes: z.string(), minutesPerDay: z.number().int() }),
  volumes: z.array(reportVolumeDaySchema),
  firstResponse: businessDurationSchema,
  resolution: businessDurationSchema,
  promiseByCategory: z.array(promiseRowSchema),
  promiseByChannel: z.array(promiseRowSchema),
  promiseByAgent: z.array(promiseRowSchema),
  openNow: z.object({ open: z.number().int(), overdue: z.number().int(), dueToday: z.number().int() }),
  backlog: z.array(z.object({ label: z.string(), conversations: z.number().int() })),
  documents: z.array(
    z.object({ day: calendarDateSchema, fromMembers: z.number().int(), recordedByStaff: z.number().int() }),
  ),
  /**
   * Conversations whose figures are still being worked out in the background (after an upgrade,
   * or answered or closed seconds ago): left out of the figures that need them until done.
   * Counted to REPORTS_LIMITS.pendingCountedTo; `more`: there are more than that.
   */
  stillPending: z.object({ conversations: z.number().int(), more: z.boolean() }),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;
export type PromiseRow = z.infer<typeof promiseRowSchema>;
