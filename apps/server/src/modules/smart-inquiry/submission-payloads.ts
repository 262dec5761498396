import {
  categoriesForOrigin,
  defaultCreateQueryPayloadSchema,
  emailSchema,
  medxpressCreateQueryPayloadSchema,
  queryDetailSchema,
  REPLY_ADDRESS_CONFIRMED_FIELD,
  replyAddressConfirmedSchema,
  SERVER_ORIGINS,
  updateQueryPayloadSchema,
  VALIDATION_MESSAGES,
} from "@portal/domain";
import { z } from "zod";
import { errors } from "../../lib/errors.js";

// The multipart text fields of each kind of submission, parsed with the same domain schemas the
// forms use. The first problem is answered with its form message.

/** POST {SI}/member-queries: query, email, category and origin only (requirements §7; no form uses it). */
const plainCreateQueryPayloadSchema = z
  .object({
    query: queryDetailSchema,
    email: emailSchema,
    category: z.string(),
    origin: z.enum(SERVER_ORIGINS),
    [REPLY_ADDRESS_CONFIRMED_FIELD]: replyAddressConfirmedSchema,
  })
  .refine(
    (payload) =>
      categoriesForOrigin(payload.origin === "MEMBER_WEB" ? "default" : "medxpress").some(
        (category) => category.value === payload.category,
      ),
    { message: VALIDATION_MESSAGES.category, path: ["category"] },
  );

function parseWith<Schema extends z.ZodType>(schema: Schema) {
  return (fields: Record<string, string>): z.output<Schema> => {
    const parsed = schema.safeParse(fields);
    if (!parsed.success) throw errors.validation(parsed.error.issues[0]?.message ?? "The form is not valid.");
    return parsed.data;
  };
}

export const parseDefaultCreate = parseWith(defaultCreateQueryPayloadSchema);
export const parseMedxpressCreate = parseWith(medxpressCreateQueryPayloadSchema);
export const parsePlainCreate = parseWith(plainCreateQueryPayloadSchema);
export const parseUpdate = parseWith(updateQueryPayloadSchema);
