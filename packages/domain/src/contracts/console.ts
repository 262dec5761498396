import { z } from "zod";
import { QUERY_STATUSES } from "../limits.js";
import { SERVER_ORIGINS } from "../origins.js";
import { calendarDateSchema, entityNumberSchema } from "./common.js";
import { attachmentRefSchema } from "./smart-inquiry.js";

// The staff console (requirements §10, staff desk): the scheme's agents and supervisors read every
// member's queries, reply, close and reopen them, keep internal notes and record documents
// received. Mounted at CONSOLE_BASE. Internal notes appear in these answers only: never in a
// member's call, screen, mail or export.

export const CONSOLE_BASE = "/api/console";

/** The longest reply and note the console accepts (the reply is an HTML e-mail). */
export const CONSOLE_LIMITS = {
  replyHtmlMaxLength: 100_000,
  noteMaxLength: 5_000,
  queuePageSize: 25,
  staffAccountsPageSize: 50,
} as const;

export const QUEUE_STATUS_FILTERS = ["OPEN", "CLOSED", "ALL"] as const;
export const QUEUE_ASSIGNEE_FILTERS = ["ANYONE", "ME", "UNASSIGNED"] as const;

const flag = z
  .enum(["true", "false"])
  .optional()
  .transform((value) => value === "true");

/** GET {CONSOLE_BASE}/queries: the queue's filters, search and page. */
export const queueQuerySchema = z.object({
  status: z.enum(QUEUE_STATUS_FILTERS).default("OPEN"),
  origin: z.enum(SERVER_ORIGINS).optional(),
  category: z.string().trim().min(1).max(64).optional(),
  assigned: z.enum(QUEUE_ASSIGNEE_FILTERS).default("ANYONE"),
  overdue: flag,
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe("A reference number, a membership number or a surname."),
  after: z.string().max(200).optional().describe("The cursor of the previous page's last row."),
});
export type QueueQuery = z.input<typeof queueQuerySchema>;

export const personNameSchema = z.object({
  entityNumber: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
});

export const queueRowSchema = z
  .object({
    referenceNumber: z.number().int(),
    /** The query this one updates; null for an original query. */
    parentReferenceNumber: z.number().int().nullable(),
    member: personNameSchema.extend({ membershipNumber: z.string().nullable() }),
    category: z.string(),
    subCategory: z.string().nullable(),
    origin: z.enum(SERVER_ORIGINS),
    dateLogged: z.string(),
    replyDueOn: calendarDateSchema.nullable(),
    overdue: z.boolean(),
    assignedTo: personNameSchema.nullable(),
    status: z.enum(QUERY_STATUSES),
  })
  .meta({ id: "QueueRow" });
export type QueueRow = z.infer<typeof queueRowSchema>;

export const queueCountsSchema = z.object({
  open: z.number().int(),
  closed: z.number().int(),
  overdue: z.number().int(),
  unassigned: z.number().int(),
  mine: z.number().int(),
});
export type QueueCounts = z.infer<typeof queueCountsSchema>;

export const queueResponseSchema = z.object({
  queries: z.array(queueRowSchema).describe("The soonest due first."),
  counts: queueCountsSchema.describe("For the search, origin and category chosen, across statuses."),
  nextCursor: z.string().nullable(),
});
export type QueueResponse = z.infer<typeof queueResponseSchema>;

export const threadMessageSchema = z.object({
  referenceNumber: z.number().int(),
  text: z.string(),
  dateLogged: z.string(),
  attachments: z.array(attachmentRefSchema),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

export const consoleReplySchema = z.object({
  id: z.number().int(),
  html: z.string(),
  sentAt: z.string(),
  sentBy: personNameSchema.nullable(),
});
export type ConsoleReply = z.infer<typeof consoleReplySchema>;

export const internalNoteSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  author: personNameSchema,
});
export type InternalNote = z.infer<typeof internalNoteSchema>;

export const consoleMemberSummarySchema = z
  .object({
    entityNumber: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    membershipNumber: z.string().nullable(),
    planName: z.string().nullable(),
    dependentCount: z.number().int(),
    otherOpenQueries: z.array(z.object({ referenceNumber: z.number().int(), category: z.string() })),
  })
  .meta({ id: "ConsoleMemberSummary" });
export type ConsoleMemberSummary = z.infer<typeof consoleMemberSummarySchema>;

export const consoleQueryResponseSchema = z.object({
  query: z.object({
    referenceNumber: z.number().int().describe("The original query of the thread."),
    origin: z.enum(SERVER_ORIGINS),
    category: z.string(),
    subCategory: z.string().nullable(),
    status: z.enum(QUERY_STATUSES),
    replyDueOn: calendarDateSchema.nullable(),
    overdue: z.boolean(),
    assignedTo: personNameSchema.nullable(),
    email: z.string(),
    emailInRegister: z
      .boolean()
      .describe(
        "Whether email is one of the addresses the register holds for the query's member, read when the query is opened. False: the page warns the agent before replying.",
      ),
    ccEmail: z.string().nullable(),
    legacy: z.boolean(),
    /** The original first, then each update, oldest first. */
    thread: z.array(threadMessageSchema),
    replies: z.array(consoleReplySchema),
    notes: z.array(internalNoteSchema),
  }),
  member: consoleMemberSummarySchema,
});
export type ConsoleQueryResponse = z.infer<typeof consoleQueryResponseSchema>;

export const noteBodySchema = z.object({
  text: z.string().trim().min(1, "Please write the note.").max(CONSOLE_LIMITS.noteMaxLength),
});
export const replyBodySchema = z.object({
  html: z.string().trim().min(1, "Please write the reply.").max(CONSOLE_LIMITS.replyHtmlMaxLength),
  close: z.boolean().default(false),
});
export type ReplyBody = z.input<typeof replyBodySchema>;
/** The answer of POST {CONSOLE_BASE}/queries/{ref}/replies: the stored reply's id. */
export const replySentResponseSchema = z.object({ replyId: z.number().int() });
export type ReplySentResponse = z.infer<typeof replySentResponseSchema>;
export const assigneeBodySchema = z.object({ assigneeEntityNumber: z.number().int().positive().nullable() });

export const consoleReferenceParamsSchema = z.object({ referenceNumber: entityNumberSchema });
export const consoleAttachmentParamsSchema = z.object({
  referenceNumber: entityNumberSchema,
  attachmentId: entityNumberSchema,
});
export const consoleMemberParamsSchema = z.object({ entityNumber: entityNumberSchema });
export const mailParamsSchema = z.object({ mailId: entityNumberSchema });

export const staffMemberSchema = personNameSchema.extend({
  role: z.enum(["STAFF_AGENT", "STAFF_SUPERVISOR"]),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListResponseSchema = z.object({ staff: z.array(staffMemberSchema) });

/** GET {CONSOLE_BASE}/staff-accounts (supervisors): a page of staff log-ins, by entity number. */
export const staffAccountsQuerySchema = z.object({
  after: entityNumberSchema
    .optional()
    .describe("The entity number of the previous page's last account (its nextCursor)."),
});
export type StaffAccountsQuery = z.input<typeof staffAccountsQuerySchema>;

export const STAFF_SIGN_IN_METHODS = ["password", "oidc"] as const;

export const staffAccountSchema = personNameSchema.extend({
  /** The local log-in's username; null for someone who signs in only through the identity provider. */
  username: z.string().nullable(),
  /** A supervisor holding both desk roles is a supervisor. Disabling keeps the role. */
  role: z.enum(["STAFF_AGENT", "STAFF_SUPERVISOR", "STAFF_INFORMATION_OFFICER"]),
  /** When the log-in was disabled; null while it works. */
  disabledAt: z.string().nullable(),
  lastSignIn: z.object({ at: z.string(), method: z.enum(STAFF_SIGN_IN_METHODS) }).nullable(),
  /** How they sign in: a password (with an authenticator app once confirmed), the identity provider, or both. */
  signIn: z.object({
    password: z.boolean(),
    authenticatorApp: z.boolean(),
    identityProvider: z.boolean(),
  }),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;
export const staffAccountsResponseSchema = z.object({
  accounts: z.array(staffAccountSchema),
  /** The `after` of the next page; null on the last. */
  nextCursor: z.number().int().nullable(),
});
export type StaffAccountsResponse = z.infer<typeof staffAccountsResponseSchema>;
export const staffAccountParamsSchema = z.object({ entityNumber: entityNumberSchema });
export const staffRoleBodySchema = z.object({ role: staffAccountSchema.shape.role });
export type StaffRoleBody = z.infer<typeof staffRoleBodySchema>;

export const failedMailSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  referenceNumber: z.number().int().nullable(),
  member: personNameSchema.nullable(),
  attempts: z.number().int(),
  lastErrorCode: z.string().nullable(),
  createdAt: z.string(),
});
export const failedMailsResponseSchema = z.object({ mails: z.array(failedMailSchema) });

/** The answer of a document intake: the new submission's reference number. */
export const documentIntakeResponseSchema = z.object({ referenceNumber: z.number().int() });
