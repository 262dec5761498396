import { z } from "zod";

// Pieces every service's contract uses. The server validates requests and serialises answers with
// these schemas, the web app reads the types inferred from them, and the OpenAPI document is made
// from them: one definition for all three. A schema given an `id` (meta) is a named model of the
// OpenAPI document; the id is the name of its TypeScript type.

/** The largest PostgreSQL integer: a number beyond it names no row, so it is refused up front. */
export const MAX_INT = 2_147_483_647;

/** A number naming a row in a path (entity, reference, attachment, policy): text in the URL. */
export const entityNumberSchema = z.coerce.number().int().positive().max(MAX_INT);

/** yyyy-MM-dd: how a bare calendar date is written. */
export const CALENDAR_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A bare calendar date as the services write it: yyyy-MM-dd. */
export const calendarDateSchema = z.string().regex(CALENDAR_DATE_PATTERN);

/**
 * Whether a date written yyyy-MM-dd is a real day (no 2026-02-30), in the years 0001 to 9999
 * (PostgreSQL has no year 0).
 */
export function isCalendarDay(value: string): boolean {
  const parsed = new Date(`${value}T00:00:00Z`);
  const realDay = !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
  return realDay && !value.startsWith("0000");
}

/** A calendar date a caller sends: written yyyy-MM-dd and a real day (isCalendarDay). */
export const calendarDateParameter = calendarDateSchema.refine(
  isCalendarDay,
  "Expected a date written yyyy-MM-dd.",
);

/** The one error shape every route answers with; screens branch on exceptionCode, never on text. */
export const errorBodySchema = z
  .object({
    status: z.number().int(),
    exceptionCode: z.string(),
    message: z.string(),
  })
  .meta({
    id: "ErrorBody",
    description: "Every error answer: the HTTP status, a stable exceptionCode and a sentence.",
  });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The content type of the calls that answer text (PDFs as base64, pictures as data URIs). */
export const TEXT_PLAIN = "text/plain; charset=utf-8";

/** The answer of a call that answers 204 with no body. */
export const noContentSchema = z.null();
