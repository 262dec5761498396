import { z } from "zod";
import { QUERY_STATUSES } from "../limits.js";
import { SERVER_ORIGINS } from "../origins.js";

// The member's interaction timeline: their queries (originals, with the updates added to them and
// the replies sent), and their document submissions, newest first, one page at a time.

export const TIMELINE_PAGE_SIZE = 20;

/**
 * What was removed of an item, and why: RETENTION (the retention policy's purge) or ERASURE (the
 * member's deletion request). Its reference, category and dates stay; null while it is whole.
 */
export const removedSchema = z
  .object({ at: z.string(), reason: z.enum(["RETENTION", "ERASURE"]) })
  .nullable();

export const timelineQuerySchema = z.object({
  before: z.string().max(200).optional().describe("The cursor of the previous page's last item."),
});

const timelineQueryItemSchema = z.object({
  type: z.literal("QUERY"),
  referenceNumber: z.number().int(),
  origin: z.enum(SERVER_ORIGINS),
  category: z.string(),
  status: z.enum(QUERY_STATUSES),
  dateLogged: z.string(),
  /** Imported from another channel: listed, but it cannot be opened here (exceptionCode 0015). */
  legacy: z.boolean(),
  updates: z.array(z.object({ referenceNumber: z.number().int(), dateLogged: z.string() })),
  replies: z.array(z.object({ sentAt: z.string() })),
  removed: removedSchema,
});

const timelineDocumentItemSchema = z.object({
  type: z.literal("DOCUMENT_SUBMISSION"),
  referenceNumber: z.number().int(),
  category: z.string(),
  dateLogged: z.string(),
  fileCount: z.number().int(),
  removed: removedSchema,
});

export const timelineItemSchema = z
  .discriminatedUnion("type", [timelineQueryItemSchema, timelineDocumentItemSchema])
  .meta({ id: "TimelineItem" });
export type TimelineItem = z.infer<typeof timelineItemSchema>;

export const timelineResponseSchema = z.object({
  items: z.array(timelineItemSchema).describe("Newest first."),
  nextCursor: z.string().nullable(),
});
export type TimelineResponse = z.infer<typeof timelineResponseSchema>;
