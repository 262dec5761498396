import { SERVER_ORIGINS } from "@portal/domain";
import { z } from "zod";
import { errorBodySchema } from "../../lib/error-body-schema.js";

const MAX_INT = 2_147_483_647;
export const referenceNumberSchema = z.coerce.number().int().positive().max(MAX_INT);
export const originQuerySchema = z.object({ origin: z.enum(SERVER_ORIGINS) });
export const referenceParamsSchema = z.object({ referenceNumber: referenceNumberSchema });
export const attachmentParamsSchema = z.object({
  referenceNumber: referenceNumberSchema,
  attachmentId: referenceNumberSchema,
});

const attachmentRefSchema = z.object({ attachmentId: z.number().int(), fileName: z.string() });
export const queryListItemSchema = z.object({
  referenceNumber: z.number().int(),
  category: z.string(),
  queryDetail: z.string(),
  dateLogged: z.string(),
});
export const queryListResponseSchema = z.object({ queries: z.array(queryListItemSchema) });
export const queryViewResponseSchema = z.object({
  query: queryListItemSchema.extend({ attachments: z.array(attachmentRefSchema), canUpdate: z.boolean() }),
});
export const agentResponseSchema = z.object({ encodedResponse: z.string().nullable() });
export const createQueryResponseSchema = z.object({ referenceNumber: z.number().int() });
export const documentSubmissionResponseSchema = z.object({
  documentSubmission: z.object({
    referenceNumber: z.number().int(),
    category: z.string(),
    dateLogged: z.string(),
    attachments: z.array(attachmentRefSchema),
  }),
});
export const fileResponseSchema = z.string().describe("the attachment's bytes");

/** The error answers every smart-inquiry route may give. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
  422: errorBodySchema,
} as const;
