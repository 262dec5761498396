import { z } from "zod";
import { QUERY_STATUSES } from "../limits.js";
import { SERVER_ORIGINS } from "../origins.js";
import { calendarDateSchema, entityNumberSchema, errorBodySchema } from "./common.js";

// The smart-inquiry service (requirements §7): queries, updates, agent replies and document
// submissions. The multipart fields of the POSTs are parsed with the payload schemas beside the
// forms they come from (schemas/queries.ts), so a form and its payload keep one rule set.

export const originQuerySchema = z.object({ origin: z.enum(SERVER_ORIGINS) });
export const referenceParamsSchema = z.object({ referenceNumber: entityNumberSchema });
export const attachmentParamsSchema = z.object({
  referenceNumber: entityNumberSchema,
  attachmentId: entityNumberSchema,
});

/** GET …/member-queries query string (values arrive as text, hence the coercion). */
export const openQueriesParamsSchema = z.object({
  daysAgo: z.coerce.number().int().min(1).max(365),
  status: z.enum(QUERY_STATUSES),
  origin: z.enum(SERVER_ORIGINS),
});
export type OpenQueriesParams = z.output<typeof openQueriesParamsSchema>;

export const attachmentRefSchema = z
  .object({ attachmentId: z.number().int(), fileName: z.string() })
  .meta({ id: "AttachmentRef" });
export type AttachmentRef = z.infer<typeof attachmentRefSchema>;

export const queryListItemSchema = z
  .object({
    referenceNumber: z.number().int(),
    category: z.string().describe("The category value (MEDICAL_CLAIMS); screens show its label."),
    queryDetail: z.string(),
    dateLogged: z.string().describe("ISO 8601 date-time; screens show it with formatDate."),
    replyExpectedBy: calendarDateSchema
      .nullable()
      .describe(
        "The last day of the reply promise (business days); null for queries from before it was kept.",
      ),
    parentReferenceNumber: z
      .number()
      .int()
      .nullable()
      .optional()
      .describe(
        "The query this one is an update to (the one it was added to); null for an original. Not part of the original list answer, so clients must accept it missing.",
      ),
    legacy: z
      .boolean()
      .optional()
      .describe(
        "Logged in another channel (by phone): listed, but never opened or updated here. Clients must accept it missing (false).",
      ),
    repliedAt: z
      .string()
      .nullable()
      .optional()
      .describe(
        "ISO 8601 date-time of the newest reply in this query's thread sent after it was logged; null while none was. Clients must accept it missing.",
      ),
  })
  .meta({ id: "QueryListItem" });
export type QueryListItem = z.infer<typeof queryListItemSchema>;

export const queryListResponseSchema = z.object({
  queries: z.array(queryListItemSchema).describe("Newest first."),
});
export type QueryListResponse = z.infer<typeof queryListResponseSchema>;

/** One step of a query's thread as the member sees it: a query (the original or an update) or a reply. */
export const queryThreadEntrySchema = z
  .discriminatedUnion("type", [
    z.object({
      type: z.literal("QUERY"),
      referenceNumber: z.number().int(),
      parentReferenceNumber: z
        .number()
        .int()
        .nullable()
        .describe("The query this update was added to; null for the original."),
      queryDetail: z.string(),
      dateLogged: z.string().describe("ISO 8601 date-time"),
    }),
    z.object({
      type: z.literal("REPLY"),
      referenceNumber: z.number().int().describe("The query of the thread this reply answered."),
      sentAt: z.string().describe("ISO 8601 date-time"),
    }),
  ])
  .meta({ id: "QueryThreadEntry" });
export type QueryThreadEntry = z.infer<typeof queryThreadEntrySchema>;

/** A file staff sent with a reply, as the member's view lists it: never where it is stored. */
export const replyAttachmentRefSchema = z
  .object({
    attachmentId: z.number().int().describe("Names the file in …/reply-attachments/{attachmentId} only."),
    fileName: z.string(),
    contentType: z.string().describe("The checked type the file is downloaded as."),
    sizeBytes: z.number().int().nonnegative(),
  })
  .meta({ id: "ReplyAttachmentRef" });
export type ReplyAttachmentRef = z.infer<typeof replyAttachmentRefSchema>;

export const queryViewSchema = queryListItemSchema
  .extend({
    status: z
      .enum(QUERY_STATUSES)
      .optional()
      .describe(
        "OPEN or CLOSED: a closed query promises no reply date any more. Not part of the original view answer, so clients must accept it missing (open).",
      ),
    attachments: z.array(attachmentRefSchema),
    canUpdate: z
      .boolean()
      .describe("Whether an update may be added now; the screen hides the update option when false."),
    thread: z
      .array(queryThreadEntrySchema)
      .optional()
      .describe(
        "The whole thread this query belongs to, oldest first: the original, every update added to it and each reply sent, this query among them. Only the member's own queries.",
      ),
    replyAttachments: z
      .array(replyAttachmentRefSchema)
      .optional()
      .describe(
        "The files sent with the reply that …/agent-response answers (the newest), in the order they were attached; empty while none. Clients must accept it missing.",
      ),
  })
  .meta({ id: "QueryView" });
export type QueryView = z.infer<typeof queryViewSchema>;

export const queryViewResponseSchema = z.object({ query: queryViewSchema });
export type QueryViewResponse = z.infer<typeof queryViewResponseSchema>;

export const agentResponseSchema = z.object({
  encodedResponse: z
    .string()
    .nullable()
    .describe("Base64 of the UTF-8 HTML e-mail; null while no reply has been sent."),
});
export type AgentResponseResponse = z.infer<typeof agentResponseSchema>;

/** The agent's reply as its own HTML document (text/html), for the member's sandboxed frame. */
export const agentReplyDocumentSchema = z
  .string()
  .describe(
    "The cleaned e-mail as an HTML document, under its own Content-Security-Policy (inline styles only, sandboxed, no scripts).",
  );

/** Answer to creating a query and to adding an update (the update's own new reference number). */
export const createQueryResponseSchema = z.object({ referenceNumber: z.number().int() });
export type CreateQueryResponse = z.infer<typeof createQueryResponseSchema>;

export const documentSubmissionSchema = z
  .object({
    referenceNumber: z.number().int(),
    category: z.string(),
    dateLogged: z.string().describe("ISO 8601 date-time"),
    attachments: z.array(attachmentRefSchema),
  })
  .meta({ id: "DocumentSubmission" });
export type DocumentSubmission = z.infer<typeof documentSubmissionSchema>;

export const documentSubmissionResponseSchema = z.object({ documentSubmission: documentSubmissionSchema });
export type DocumentSubmissionResponse = z.infer<typeof documentSubmissionResponseSchema>;

/** An attachment download: the stored bytes, sent inline with their own content type. */
export const fileResponseSchema = z.string().describe("the attachment's bytes");

/** The error answers every smart-inquiry route may give. */
export const smartInquiryErrorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
  422: errorBodySchema,
} as const;
