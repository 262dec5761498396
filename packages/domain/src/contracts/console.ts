import { z } from "zod";
import { MEMBER_MESSAGE_KINDS, THREAD_EVENT_KINDS, WAITING_ON } from "../conversations.js";
import { emailSchema } from "../email.js";
import { QUERY_STATUSES } from "../limits.js";
import { MEMBER_LANGUAGE_CODES } from "../member-languages.js";
import { SERVER_ORIGINS } from "../origins.js";
import { usernameProblem } from "../password.js";
import { calendarDateSchema, entityNumberSchema } from "./common.js";
import { HELP_SEARCH_MAX_RESULTS } from "./help.js";
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
/**
 * The queue's orders, each served by an index: by the day a reply is owed (soonest first, "-due"
 * latest first) or by the newest message from the member ("-latest" newest first, the default of
 * the closed and all tabs).
 */
export const QUEUE_SORTS = ["due", "-due", "latest", "-latest"] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];
export const QUEUE_SEARCH_MAX_LENGTH = 100;

const flag = z
  .enum(["true", "false"])
  .optional()
  .transform((value) => value === "true");

/** GET {CONSOLE_BASE}/queries: the queue of conversations, its filters, search, order and page. */
export const queueQuerySchema = z.object({
  status: z.enum(QUEUE_STATUS_FILTERS).default("OPEN"),
  origin: z.enum(SERVER_ORIGINS).optional(),
  category: z.string().trim().min(1).max(64).optional(),
  assigned: z.enum(QUEUE_ASSIGNEE_FILTERS).default("ANYONE"),
  overdue: flag.describe("Only open conversations past the reply they are owed."),
  waiting: flag.describe("Only open conversations waiting on the member (answered, not closed)."),
  sort: z.enum(QUEUE_SORTS).optional().describe('Default: "due" for the open tab, "-latest" otherwise.'),
  search: z
    .string()
    .trim()
    .max(QUEUE_SEARCH_MAX_LENGTH)
    .optional()
    .describe(
      "Words in the conversation (its queries and replies), a reference number of any of its queries, or the member's membership number, first name, surname or the e-mail address a query came from.",
    ),
  after: z.string().max(200).optional().describe("The cursor of the previous page's last row."),
});
export type QueueQuery = z.input<typeof queueQuerySchema>;

export const personNameSchema = z.object({
  entityNumber: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
});

/** A piece of a search result's excerpt; `match` marks the words the search found. */
export const searchExcerptPartSchema = z.object({ text: z.string(), match: z.boolean() });
export type SearchExcerptPart = z.infer<typeof searchExcerptPartSchema>;

export const queueRowSchema = z
  .object({
    referenceNumber: z
      .number()
      .int()
      .describe("The conversation's: the reference number of its first query."),
    latestReferenceNumber: z.number().int().describe("The reference number of the member's newest message."),
    member: personNameSchema.extend({ membershipNumber: z.string().nullable() }),
    category: z.string(),
    subCategory: z.string().nullable(),
    origin: z.enum(SERVER_ORIGINS),
    dateLogged: z.string().describe("When the first query was logged."),
    lastMessageAt: z.string().describe("When the member's newest message was logged."),
    messageCount: z.number().int().describe("The member's messages: the first query and its updates."),
    replyDueOn: calendarDateSchema.nullable().describe("The last day of the reply owed; null when none is."),
    overdue: z.boolean(),
    waitingOn: z.enum(WAITING_ON),
    assignedTo: personNameSchema.nullable(),
    status: z.enum(QUERY_STATUSES),
    excerpt: z
      .array(searchExcerptPartSchema)
      .nullable()
      .describe("With a search for words: where they were found, the words marked. Null otherwise."),
  })
  .meta({ id: "QueueRow" });
export type QueueRow = z.infer<typeof queueRowSchema>;

export const queueCountsSchema = z.object({
  open: z.number().int(),
  closed: z.number().int(),
  overdue: z.number().int(),
  unassigned: z.number().int().describe("Open and assigned to nobody."),
  mine: z.number().int().describe("Open and assigned to the member of staff asking."),
  waiting: z.number().int().describe("Open and waiting on the member."),
});
export type QueueCounts = z.infer<typeof queueCountsSchema>;

export const queueResponseSchema = z.object({
  queries: z.array(queueRowSchema).describe("One row per conversation, in the order asked for."),
  counts: queueCountsSchema.describe("The whole desk's conversations, whatever the filters and search."),
  nextCursor: z.string().nullable(),
});
export type QueueResponse = z.infer<typeof queueResponseSchema>;

export const threadMessageSchema = z.object({
  referenceNumber: z.number().int(),
  kind: z
    .enum(MEMBER_MESSAGE_KINDS)
    .describe("MEMBER_MESSAGE: sent through the portal; EMAIL_RECEIVED: the member's e-mail."),
  text: z.string(),
  dateLogged: z.string(),
  attachments: z.array(attachmentRefSchema),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

/**
 * Where a reply's e-mail is: PENDING (queued, or being tried again after a failure: failureCode says
 * why the last try failed), SENT (the mail server took it) or FAILED (given up on: a supervisor can
 * send it again). failureCode is the outbox's code (SMTP_550, ETIMEDOUT…), never the server's words.
 */
export const replyMailSchema = z
  .object({
    status: z.enum(["PENDING", "SENT", "FAILED"]),
    failureCode: z.string().nullable().describe("Why the last try failed; null when none has."),
  })
  .meta({ id: "ReplyMail" });
export type ReplyMail = z.infer<typeof replyMailSchema>;

export const consoleReplySchema = z.object({
  id: z.number().int(),
  html: z.string(),
  sentAt: z.string(),
  sentBy: personNameSchema.nullable(),
  attachments: z.array(attachmentRefSchema).describe("Files sent with the reply (they went with its mail)."),
  mail: replyMailSchema
    .nullable()
    .describe(
      "The reply's e-mail to the member as the outbox has it now; null when there is none to tell of (a reply from before the desk, or its mail's record gone after the retention period).",
    ),
});
export type ConsoleReply = z.infer<typeof consoleReplySchema>;

/**
 * What happened to the conversation, in its thread: assigned (to whom; null: to nobody), closed,
 * reopened, escalated, or documents received for it (the submission's reference). `by` is the
 * member of staff who did it; null for what the portal did and for history from before the thread.
 */
export const threadEventSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum([...THREAD_EVENT_KINDS, "DOCUMENT_RECEIVED"]),
    at: z.string(),
    by: personNameSchema.nullable(),
    assignee: personNameSchema.nullable(),
    documentSubmissionReferenceNumber: z.number().int().nullable(),
  })
  .meta({ id: "ThreadEvent" });
export type ThreadEvent = z.infer<typeof threadEventSchema>;

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
    language: z
      .enum(MEMBER_LANGUAGE_CODES)
      .nullable()
      .describe(
        "The language the member chose to read the portal and its mails in; null: none chosen, so English. The desk replies in it where it can.",
      ),
    principal: z
      .object({
        entityNumber: z.number().int(),
        firstName: z.string(),
        lastName: z.string(),
        membershipNumber: z.string().nullable(),
      })
      .nullable()
      .describe(
        "For a dependent: the principal member of their policy, under whose membership their documents are recorded; null for a principal member or a person on no policy.",
      ),
    otherConversations: z
      .array(
        z.object({
          referenceNumber: z.number().int(),
          category: z.string(),
          status: z.enum(QUERY_STATUSES),
          lastMessageAt: z.string(),
        }),
      )
      .describe("The member's other conversations, open ones first, then the newest; at most 20."),
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
    waitingOn: z.enum(WAITING_ON),
    replyDueOn: calendarDateSchema.nullable().describe("The last day of the reply owed; null when none is."),
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
    events: z.array(threadEventSchema).describe("The conversation's events, oldest first."),
  }),
  member: consoleMemberSummarySchema,
});
export type ConsoleQueryResponse = z.infer<typeof consoleQueryResponseSchema>;

/**
 * GET …/queries/:referenceNumber/help-suggestions: the published help that may answer the query, by
 * its category and the member's words, among its channel's fragments only; each with a summary
 * written for a mail (none of the form's "log your query below"), which the reply gets with the link.
 */
export const helpSuggestionSchema = z
  .object({
    path: z.string().min(1).describe("Content path of the fragment, read by members at /site{path}."),
    title: z.string().min(1),
    summary: z
      .string()
      .describe("The fragment's sentences that read right in a mail, plain text; may be empty."),
  })
  .meta({ id: "HelpSuggestion" });
export type HelpSuggestion = z.infer<typeof helpSuggestionSchema>;
export const helpSuggestionsResponseSchema = z
  .object({
    suggestions: z.array(helpSuggestionSchema).max(HELP_SEARCH_MAX_RESULTS).describe("Best first."),
  })
  .meta({ id: "HelpSuggestionsResponse" });
export type HelpSuggestionsResponse = z.infer<typeof helpSuggestionsResponseSchema>;

export const noteBodySchema = z.object({
  text: z.string().trim().min(1, "Please write the note.").max(CONSOLE_LIMITS.noteMaxLength),
});
/** The composer's key for one reply, made when it opens: a repeat of the send gets the first answer. */
export const replyIdempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,128}$/, "The reply's idempotency key must be 1 to 128 visible characters.");
export const replyBodySchema = z.object({
  html: z.string().trim().min(1, "Please write the reply.").max(CONSOLE_LIMITS.replyHtmlMaxLength),
  close: z.boolean().default(false),
  idempotencyKey: replyIdempotencyKeySchema
    .optional()
    .describe(
      "Made when the composer opens; the same key again answers the first send's reply and sends nothing.",
    ),
  seenReplyId: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe(
      "The newest reply the agent saw when writing (null: none). With seenMessageReference, a reply or member's message newer than these is answered 409 CONVERSATION_CHANGED; absent: not checked.",
    ),
  seenMessageReference: z
    .number()
    .int()
    .optional()
    .describe("The newest of the member's messages (its reference) the agent saw when writing."),
});
export type ReplyBody = z.input<typeof replyBodySchema>;
/** A multipart field holding a whole number, or "" for none. */
const numberField = z
  .string()
  .regex(/^\d{0,10}$/, "Expected a whole number.")
  .transform((value) => (value === "" ? null : Number(value)));
/**
 * The same reply with files: multipart/form-data with the fields `html` and `close` ("true" or
 * "false"), optionally `idempotencyKey`, `seenReplyId` ("" for none) and `seenMessageReference`, then
 * the files (ATTACHMENTS_FIELD), under the member's attachment rules. The mail carries the files;
 * the console lists them under the reply.
 */
export const replyFieldsSchema = z.object({
  html: replyBodySchema.shape.html,
  close: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
  idempotencyKey: replyIdempotencyKeySchema.optional(),
  seenReplyId: numberField.optional(),
  seenMessageReference: numberField.optional(),
});

/** A half-written reply (HTML) or internal note (text) of the member of staff asking, kept server-side. */
export const DRAFT_KINDS = ["REPLY", "NOTE"] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];
export const draftSchema = z.object({ text: z.string(), savedAt: z.string() });
export const draftsResponseSchema = z.object({
  reply: draftSchema.nullable(),
  note: draftSchema.nullable(),
});
export type DraftsResponse = z.infer<typeof draftsResponseSchema>;
/** PUT {CONSOLE_BASE}/queries/{ref}/drafts: keeps the draft; an empty text removes it. */
export const draftBodySchema = z
  .object({
    kind: z.enum(DRAFT_KINDS),
    text: z.string().max(CONSOLE_LIMITS.replyHtmlMaxLength),
  })
  .refine((body) => body.kind === "REPLY" || body.text.length <= CONSOLE_LIMITS.noteMaxLength, {
    message: "The note is too long.",
    path: ["text"],
  });
export type DraftBody = z.infer<typeof draftBodySchema>;
export const consoleReplyAttachmentParamsSchema = z.object({
  referenceNumber: entityNumberSchema,
  attachmentId: entityNumberSchema,
});
/** The answer of POST {CONSOLE_BASE}/queries/{ref}/replies: the stored reply's id. */
export const replySentResponseSchema = z.object({ replyId: z.number().int() });
export type ReplySentResponse = z.infer<typeof replySentResponseSchema>;
export const assigneeBodySchema = z.object({ assigneeEntityNumber: z.number().int().positive().nullable() });

/** POST {CONSOLE_BASE}/conversations/bulk (supervisors): assign or close several conversations at once. */
export const BULK_ACTION_MAX = 50;
export const bulkActionBodySchema = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("ASSIGN"),
    referenceNumbers: z.array(entityNumberSchema).min(1).max(BULK_ACTION_MAX),
    assigneeEntityNumber: z.number().int().positive().nullable(),
  }),
  z.object({
    action: z.literal("CLOSE"),
    referenceNumbers: z.array(entityNumberSchema).min(1).max(BULK_ACTION_MAX),
  }),
]);
export type BulkActionBody = z.infer<typeof bulkActionBodySchema>;
export const bulkActionResponseSchema = z.object({
  changed: z.array(z.number().int()).describe("The conversations changed."),
  unchanged: z.array(z.number().int()).describe("Already so (closed, or with that assignee), or not found."),
});
export type BulkActionResponse = z.infer<typeof bulkActionResponseSchema>;

/**
 * Canned replies: texts supervisors keep for agents to insert into a reply and then edit. The
 * placeholders are filled in when inserted, from the conversation open on the page.
 */
export const CANNED_REPLY_PLACEHOLDERS = {
  firstName: "{{firstName}}",
  referenceNumber: "{{referenceNumber}}",
  dueDate: "{{dueDate}}",
} as const;
export const CANNED_REPLY_LIMITS = { titleMaxLength: 80, maxCount: 200 } as const;
export const cannedReplySchema = z
  .object({ id: z.number().int(), title: z.string(), html: z.string(), updatedAt: z.string() })
  .meta({ id: "CannedReply" });
export type CannedReply = z.infer<typeof cannedReplySchema>;
export const cannedRepliesResponseSchema = z.object({
  cannedReplies: z.array(cannedReplySchema).describe("By title."),
});
export const cannedReplyBodySchema = z.object({
  title: z.string().trim().min(1, "Please give the reply a title.").max(CANNED_REPLY_LIMITS.titleMaxLength),
  html: z.string().trim().min(1, "Please write the reply.").max(CONSOLE_LIMITS.replyHtmlMaxLength),
});
export type CannedReplyBody = z.infer<typeof cannedReplyBodySchema>;
export const cannedReplyParamsSchema = z.object({ id: entityNumberSchema });

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

/**
 * POST {CONSOLE_BASE}/staff-accounts (supervisors): a new staff log-in, as `cli staff:create` makes
 * one, with one address. No password: a link to set one is mailed to that address (a password is
 * never shown, nor put in a URL or a log). The console's form checks the same schema.
 */
export const staffCreateBodySchema = z.object({
  username: z
    .string()
    .max(64)
    .transform((value) => value.trim().toLowerCase())
    .superRefine((value, context) => {
      const problem = usernameProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
  firstName: z.string().trim().min(1, "Enter the first name.").max(100),
  lastName: z.string().trim().min(1, "Enter the last name.").max(100),
  email: z.string().max(254).pipe(emailSchema),
  role: staffAccountSchema.shape.role,
});
export type StaffCreateBody = z.input<typeof staffCreateBodySchema>;
export const staffCreatedSchema = z.object({ entityNumber: z.number().int() });
export type StaffCreated = z.infer<typeof staffCreatedSchema>;

export const failedMailSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  referenceNumber: z.number().int().nullable(),
  member: personNameSchema.nullable(),
  recipient: z.string().nullable().describe("The first recipient, masked as m•••@example.com."),
  otherRecipients: z.number().int().describe("How many more addresses it was to."),
  attempts: z.number().int(),
  lastErrorCode: z
    .string()
    .nullable()
    .describe("The SMTP reply (SMTP_550) or the transport's code (ESOCKET); screens say it in words."),
  createdAt: z.string(),
  parkedAt: z.string().describe("When the last attempt failed: no attempt follows unless it is sent again."),
});
export const failedMailsResponseSchema = z.object({ mails: z.array(failedMailSchema) });

/** The answer of a document intake: the new submission's reference number. */
export const documentIntakeResponseSchema = z.object({
  referenceNumber: z.number().int(),
  memberMailed: z
    .boolean()
    .describe("Whether a mail tells the member; false when the register holds no address for them."),
});
export type DocumentIntakeResponse = z.infer<typeof documentIntakeResponseSchema>;
