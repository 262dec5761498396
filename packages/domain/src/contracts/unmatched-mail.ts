import { z } from "zod";
import { entityNumberSchema } from "./common.js";
import { personNameSchema } from "./console.js";

// The console's "Unmatched mail": mails read from the support mailbox that matched no
// conversation (an unknown sender, no token, an automatic reply, a bounce), or that were refused
// (over one of the member's limits, or too large to read), for staff to link to a member or a
// conversation, or to discard.

export const UNMATCHED_REASONS = [
  "AUTO_REPLY",
  "BOUNCE",
  "NOT_VERIFIED",
  "UNKNOWN_SENDER",
  "NO_MATCH",
  "UNREADABLE",
  "QUERY_LIMIT",
  "UPLOAD_LIMIT",
  "ATTACHMENT_LIMIT",
  "TOO_LARGE",
] as const;
export type UnmatchedReason = (typeof UNMATCHED_REASONS)[number];

/** What each reason means to the member of staff reading the list. */
export const UNMATCHED_REASON_LABELS: Record<UnmatchedReason, string> = {
  AUTO_REPLY: "Automatic reply",
  BOUNCE: "Delivery failure",
  NOT_VERIFIED: "Sender not verified",
  UNKNOWN_SENDER: "Sender not known for the query",
  NO_MATCH: "No query found",
  UNREADABLE: "Could not be read",
  QUERY_LIMIT: "Over the member's hourly limit of queries and updates",
  UPLOAD_LIMIT: "Over the member's daily upload volume",
  ATTACHMENT_LIMIT: "Too many files",
  TOO_LARGE: "Too large to read (only its sender, subject and size kept)",
};

/** Refused before it was read: nothing of it but the list's fields is kept, so it can only be discarded. */
export const UNMATCHED_REASONS_WITHOUT_BODY: readonly UnmatchedReason[] = ["TOO_LARGE"];

export const UNMATCHED_MAIL_PAGE_SIZE = 25;

/** GET {CONSOLE_BASE}/unmatched-mails: the newest first, a page by key. */
export const unmatchedMailsQuerySchema = z.object({
  before: entityNumberSchema.optional().describe("The id of the previous page's last mail (its nextCursor)."),
});

export const unmatchedMailSummarySchema = z.object({
  id: z.number().int(),
  receivedAt: z.string(),
  sentAt: z.string().nullable(),
  from: z.string().nullable(),
  subject: z.string().nullable(),
  reason: z.enum(UNMATCHED_REASONS),
  /** The conversation it seems to answer (a token or a thread of a sender the conversation does not know). */
  conversationReferenceNumber: z.number().int().nullable(),
  member: personNameSchema.nullable(),
  /** The mail's size in bytes as the mail server gave it; null for mails read before it was kept. */
  sizeBytes: z.number().int().nullable(),
});
export type UnmatchedMailSummary = z.infer<typeof unmatchedMailSummarySchema>;

export const unmatchedMailsResponseSchema = z.object({
  mails: z.array(unmatchedMailSummarySchema),
  nextCursor: z.number().int().nullable(),
});
export type UnmatchedMailsResponse = z.infer<typeof unmatchedMailsResponseSchema>;

export const unmatchedMailParamsSchema = z.object({ mailId: entityNumberSchema });

/** One mail opened: its text as plain text (never its HTML), the names of the files it carries. */
export const unmatchedMailResponseSchema = unmatchedMailSummarySchema.extend({
  to: z.array(z.string()),
  text: z.string(),
  files: z.array(z.string()),
});
export type UnmatchedMail = z.infer<typeof unmatchedMailResponseSchema>;

/** POST …/link: to a conversation (an update, or a new query when it takes none) or to a member (a new query). */
export const linkUnmatchedMailSchema = z.union([
  z.object({ conversationReferenceNumber: entityNumberSchema }).strict(),
  z.object({ memberEntityNumber: entityNumberSchema }).strict(),
]);
export type LinkUnmatchedMail = z.infer<typeof linkUnmatchedMailSchema>;

export const linkUnmatchedMailResponseSchema = z.object({
  outcome: z.enum(["UPDATE", "NEW_QUERY"]),
  referenceNumber: z.number().int(),
});
export type LinkUnmatchedMailResponse = z.infer<typeof linkUnmatchedMailResponseSchema>;
