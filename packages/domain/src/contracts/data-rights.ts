import { z } from "zod";
import { calendarDateParameter, calendarDateSchema, entityNumberSchema } from "./common.js";
import { personNameSchema } from "./console.js";

// A member's rights over their data (POPIA sections 23 and 24): what the scheme holds, who has
// seen it, a download of all of it; and the information officer's desk in the console that
// answers such requests, keeps legal holds and reads the audit trail. docs/data-protection.md.

/** The member's own calls, for the logged-in member only. */
export const MY_DATA_BASE = "/api/my-data";
export const MY_DATA_PATHS = {
  accessHistory: "/access-history",
  exports: "/exports",
  currentExport: "/exports/current",
  exportDownload: "/exports/:exportId/download",
} as const;

/**
 * POST {MY_DATA_BASE}/exports: the log-in's password, given again (decision 0017: a session alone
 * may not take all of a member's data away). Missing: 403 PASSWORD_REQUIRED; wrong: 403
 * PASSWORD_INCORRECT; too many wrong: 429. The body may be left out (then the password is missing).
 */
export const requestExportBodySchema = z
  .object({ currentPassword: z.string().max(1024).optional() })
  // No body at all (Fastify gives null) is a request without the password, not a malformed one.
  .nullish()
  .meta({ id: "DataExportRequest" });
export type RequestExportBody = z.input<typeof requestExportBodySchema>;

export const DATA_EXPORT_MESSAGES = {
  passwordNeeded: "Enter your password to prepare the download of your data.",
} as const;

export const DATA_RIGHTS_LIMITS = {
  accessHistoryPageSize: 25,
  auditTrailPageSize: 50,
  /** A ready archive is offered this long, then removed. */
  exportAvailableDays: 7,
  /** A member may ask for one archive a day (the information officer's on their behalf excepted). */
  exportsPerDay: 1,
  holdReasonMaxLength: 500,
  exportReasonMaxLength: 500,
  exportReasonMinWords: 3,
  requestNotesMaxLength: 2_000,
} as const;

/** Who acted, as the member is told: a staff member's role, never their name. */
export const ACCESS_ACTORS = [
  "YOU",
  "STAFF_AGENT",
  "STAFF_SUPERVISOR",
  "STAFF_INFORMATION_OFFICER",
  /** A member of staff whose log-in no longer holds a staff role. */
  "STAFF",
  /** The scheme's operator, at the command line (an account change, a purge). */
  "OPERATOR",
  /** Another person on the member's policy (a principal member reading a dependent's details). */
  "POLICY_MEMBER",
] as const;
export type AccessActor = (typeof ACCESS_ACTORS)[number];

/** What was seen or changed, in the member's words (the screen words each kind). */
export const ACCESS_SUBJECTS = [
  "QUERY",
  "QUERY_ATTACHMENT",
  "QUERY_LIST",
  "MEMBERSHIP_DETAILS",
  "DOCUMENTS",
  "MAIL",
  "MEMBER_SEARCH",
  "LOG_IN",
  "PASSWORD",
  "EMAIL_ADDRESS",
  "PHONE_NUMBER",
  "ACCOUNT",
  "DATA_EXPORT",
  "DATA_REQUEST",
  "LEGAL_HOLD",
  "AUDIT_TRAIL",
  "OTHER",
] as const;
export type AccessSubject = (typeof ACCESS_SUBJECTS)[number];

/** A page cursor: opaque to the caller, the previous page's nextCursor. */
const cursorParameter = z
  .string()
  .max(100)
  .regex(/^[0-9A-Za-z_-]+$/)
  .optional()
  .describe("The previous page's nextCursor.");

/** GET {MY_DATA_BASE}/access-history: newest first, a page at a time. */
export const accessHistoryQuerySchema = z.object({ after: cursorParameter });
export type AccessHistoryQuery = z.input<typeof accessHistoryQuerySchema>;

export const accessEventSchema = z.object({
  /** The audit row's id: a stable key for a list. */
  id: z.number().int(),
  at: z.string(),
  who: z.enum(ACCESS_ACTORS),
  action: z.enum(["READ", "UPDATE"]),
  what: z.enum(ACCESS_SUBJECTS),
  /** The query (or document submission) concerned, where there is one. */
  referenceNumber: z.number().int().nullable(),
  /**
   * How many times the same person did the same to the same thing that day (the scheme's time
   * zone); `at` is the last of them. A desk's list refreshing every 30 seconds is one row.
   */
  times: z.number().int().min(1),
});
export type AccessEvent = z.infer<typeof accessEventSchema>;
export const accessHistoryResponseSchema = z.object({
  events: z.array(accessEventSchema),
  nextCursor: z.string().nullable(),
});
export type AccessHistoryResponse = z.infer<typeof accessHistoryResponseSchema>;

export const DATA_EXPORT_STATUSES = ["QUEUED", "RUNNING", "READY", "FAILED", "EXPIRED"] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const dataExportSchema = z.object({
  exportId: z.number().int(),
  status: z.enum(DATA_EXPORT_STATUSES),
  /** Records and files written so far, of all there are: the page shows it as progress. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  /** Until when a ready archive is offered; null until ready. */
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** GET {MY_DATA_BASE}/exports/current: the newest archive (or none), and when another may be asked for. */
export const currentExportResponseSchema = z.object({
  export: dataExportSchema.nullable(),
  /** Null: one may be asked for now. Else the moment the daily limit allows the next. */
  nextAllowedAt: z.string().nullable(),
});
export type CurrentExportResponse = z.infer<typeof currentExportResponseSchema>;
export const exportParamsSchema = z.object({ exportId: entityNumberSchema });

// ---- The information officer's desk (console) ------------------------------------------------

/** Paths under CONSOLE_BASE; the information officer's role only. */
export const INFORMATION_OFFICER_PATHS = {
  auditTrail: "/audit-trail",
  auditTrailCsv: "/audit-trail.csv",
  dataRequests: "/data-requests",
  dataRequest: "/data-requests/:requestId",
  completeDataRequest: "/data-requests/:requestId/complete",
  erasure: "/data-requests/:requestId/erasure",
  legalHolds: "/legal-holds",
  legalHold: "/members/:entityNumber/legal-hold",
  memberExports: "/members/:entityNumber/data-exports",
  memberExportDownload: "/data-exports/:exportId/download",
  /** POST: the term is a member's number, so it travels in the body, never in a URL or a log. */
  memberLookup: "/member-lookup",
} as const;

export const MEMBER_LOOKUP_LIMITS = { minLength: 2, maxLength: 60, maxResults: 20 } as const;

/**
 * POST {CONSOLE_BASE}/member-lookup: a membership number or ID number as the member quotes it
 * (matched exactly), or the start of a first name or surname (in any case).
 */
export const memberLookupSchema = z.strictObject({
  query: z
    .string()
    .trim()
    .min(MEMBER_LOOKUP_LIMITS.minLength, "Enter at least two characters.")
    .max(MEMBER_LOOKUP_LIMITS.maxLength, "Enter at most 60 characters."),
});
export type MemberLookup = z.input<typeof memberLookupSchema>;
export const memberLookupResultSchema = z.object({
  entityNumber: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  membershipNumber: z.string().nullable(),
  dateOfBirth: calendarDateSchema.nullable(),
});
export type MemberLookupResult = z.infer<typeof memberLookupResultSchema>;
export const memberLookupResponseSchema = z.object({
  members: z.array(memberLookupResultSchema).max(MEMBER_LOOKUP_LIMITS.maxResults),
});
export type MemberLookupResponse = z.infer<typeof memberLookupResponseSchema>;

/** GET {CONSOLE_BASE}/audit-trail (and .csv): every filter optional, newest first. */
export const auditTrailQuerySchema = z
  .object({
    member: entityNumberSchema.optional().describe("Whose data: the subject's entity number."),
    staff: entityNumberSchema.optional().describe("Who acted: the actor's entity number."),
    kind: z
      .string()
      .trim()
      .max(64)
      .regex(/^[a-z-]+$/)
      .optional()
      .describe("The audit resource, e.g. console-query."),
    from: calendarDateParameter.optional().describe("The first day, in the scheme's time zone."),
    to: calendarDateParameter.optional().describe("The last day, in the scheme's time zone."),
    after: cursorParameter,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: "The first day must not be after the last.",
    path: ["to"],
  });
export type AuditTrailQuery = z.input<typeof auditTrailQuerySchema>;

const auditPersonSchema = z.object({
  entityNumber: z.number().int(),
  /** Null for the operator (0) and for a person no longer in the register. */
  name: z.string().nullable(),
});

export const auditTrailRowSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: auditPersonSchema,
  subject: auditPersonSchema,
  resource: z.string(),
  action: z.string(),
  referenceNumber: z.number().int().nullable(),
  requestId: z.string(),
});
export type AuditTrailRow = z.infer<typeof auditTrailRowSchema>;
export const auditTrailResponseSchema = z.object({
  rows: z.array(auditTrailRowSchema),
  nextCursor: z.string().nullable(),
});
export type AuditTrailResponse = z.infer<typeof auditTrailResponseSchema>;

export const DATA_REQUEST_KINDS = ["ACCESS", "CORRECTION", "DELETION"] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];
export const DATA_REQUEST_STATUSES = ["OPEN", "COMPLETED"] as const;

/** What an erasure removed, and what it kept and why. */
export const erasureReportSchema = z.object({
  ranAt: z.string(),
  removed: z.object({
    queries: z.number().int(),
    replies: z.number().int(),
    queryAttachments: z.number().int(),
    documentSubmissions: z.number().int(),
    documentFiles: z.number().int(),
    sentMails: z.number().int(),
  }),
  kept: z.array(z.object({ what: z.string(), reason: z.string() })),
  /** Nothing was removed (a legal hold): the request stays open to be erased once it is lifted. Absent on reports from before. */
  held: z.boolean().optional(),
});
export type ErasureReport = z.infer<typeof erasureReportSchema>;

export const dataRequestSchema = z.object({
  requestId: z.number().int(),
  member: personNameSchema,
  kind: z.enum(DATA_REQUEST_KINDS),
  receivedOn: calendarDateSchema,
  /** The statutory clock: the day by which the scheme must answer (DATA_REQUEST_DAYS after receipt). */
  dueOn: calendarDateSchema,
  status: z.enum(DATA_REQUEST_STATUSES),
  notes: z.string(),
  recordedAt: z.string(),
  completedAt: z.string().nullable(),
  outcome: z.string().nullable(),
  erasureReport: erasureReportSchema.nullable(),
});
export type DataRequest = z.infer<typeof dataRequestSchema>;

export const dataRequestsQuerySchema = z.object({
  status: z.enum(DATA_REQUEST_STATUSES).default("OPEN"),
  member: entityNumberSchema
    .optional()
    .describe("One member's requests only (all on one page, no cursor): their entity number."),
  after: entityNumberSchema.optional().describe("The previous page's nextCursor."),
});
export const dataRequestsResponseSchema = z.object({
  requests: z.array(dataRequestSchema),
  nextCursor: z.number().int().nullable(),
});
export type DataRequestsResponse = z.infer<typeof dataRequestsResponseSchema>;

/** POST {CONSOLE_BASE}/data-requests: one form for the console and the server. */
export const recordDataRequestSchema = z.object({
  entityNumber: entityNumberSchema,
  kind: z.enum(DATA_REQUEST_KINDS),
  receivedOn: calendarDateParameter,
  notes: z.string().trim().max(DATA_RIGHTS_LIMITS.requestNotesMaxLength).default(""),
});
export type RecordDataRequest = z.input<typeof recordDataRequestSchema>;
export const dataRequestParamsSchema = z.object({ requestId: entityNumberSchema });
export const completeDataRequestSchema = z.object({
  outcome: z
    .string()
    .trim()
    .min(1, "Say how the request was answered.")
    .max(DATA_RIGHTS_LIMITS.requestNotesMaxLength),
});

export const legalHoldSchema = z.object({
  member: personNameSchema,
  reason: z.string(),
  setAt: z.string(),
  setBy: auditPersonSchema,
});
export type LegalHold = z.infer<typeof legalHoldSchema>;
export const legalHoldsResponseSchema = z.object({
  holds: z.array(legalHoldSchema),
  nextCursor: z.number().int().nullable(),
});
export const legalHoldsQuerySchema = z.object({ after: entityNumberSchema.optional() });
export const memberParamsSchema = z.object({ entityNumber: entityNumberSchema });
export const setLegalHoldSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, "Give the reason for the hold.")
    .max(DATA_RIGHTS_LIMITS.holdReasonMaxLength),
});
export type SetLegalHold = z.input<typeof setLegalHoldSchema>;
export const memberLegalHoldResponseSchema = z.object({ hold: legalHoldSchema.nullable() });

/**
 * POST {CONSOLE_BASE}/members/{entityNumber}/data-exports: why the officer pulls everything about a
 * member, one of the two: an open access request of theirs recorded on the Requests page, or a
 * reason in words. Checked by the route (400 EXPORT_GROUNDS_REQUIRED with the sentence), so the
 * console can say exactly what is missing.
 */
export const prepareMemberExportSchema = z
  .object({
    dataRequestId: entityNumberSchema.optional(),
    reason: z.string().trim().max(DATA_RIGHTS_LIMITS.exportReasonMaxLength).optional(),
  })
  .nullish();
export type PrepareMemberExport = z.input<typeof prepareMemberExportSchema>;

export const EXPORT_GROUNDS_MESSAGES = {
  missing: "Choose the member's access request this archive answers, or give the reason for preparing it.",
  both: "Give either the access request or a reason, not both.",
  reasonTooShort: `Give the reason in a few words: at least ${DATA_RIGHTS_LIMITS.exportReasonMinWords} words.`,
  notAnOpenAccessRequest:
    "That is not an open access request of this member. Choose one of theirs, or give a reason.",
} as const;

/** A reason is a few words, not a letter or two: counted as the words it holds. */
export function exportReasonWords(reason: string): number {
  return reason.trim().split(/\s+/).filter(Boolean).length;
}

/** The archives made for a member (by them or on their behalf), newest first. */
export const memberExportsResponseSchema = z.object({ exports: z.array(dataExportSchema) });

/** GET {CONSOLE_BASE}/me: the signed-in staff member's roles, so the console shows their pages. */
export const CONSOLE_ME_PATH = "/me";
export const consoleMeResponseSchema = z.object({
  entityNumber: z.number().int(),
  roles: z.array(z.enum(["STAFF_AGENT", "STAFF_SUPERVISOR", "STAFF_INFORMATION_OFFICER"])),
});
export type ConsoleMe = z.infer<typeof consoleMeResponseSchema>;
