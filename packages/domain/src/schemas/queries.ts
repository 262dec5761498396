import { z } from "zod";
import {
  categoryNeedsSubCategory,
  DEFAULT_CATEGORIES,
  findCategory,
  MEDXPRESS_CATEGORIES,
} from "../categories.js";
import { emailSchema, optionalEmailSchema } from "../email.js";
import { MAX_QUERY_DETAIL_LENGTH, MEDXPRESS_PRODUCT } from "../limits.js";
import { VALIDATION_MESSAGES } from "../messages.js";
import { SERVER_ORIGINS } from "../origins.js";

// Each form's schema is also the core of the matching server payload schema, so the browser and the
// server apply one rule set.

function detailSchema(message: string) {
  return z.string({ error: message }).trim().min(1, message).max(MAX_QUERY_DETAIL_LENGTH, message);
}

/** Details of a new query: required, at most MAX_QUERY_DETAIL_LENGTH characters after trimming. */
export const queryDetailSchema = detailSchema(VALIDATION_MESSAGES.queryDetail);

/** Details of an update: the same bounds, with the update form's sentence. */
export const updateDetailSchema = detailSchema(VALIDATION_MESSAGES.updateDetail);

function categoryValueSchema(options: readonly { value: string }[]) {
  const message = VALIDATION_MESSAGES.category;
  return z
    .string({ error: message })
    .refine((value) => options.some((option) => option.value === value), { error: message });
}

const defaultQueryFields = {
  category: categoryValueSchema(DEFAULT_CATEGORIES),
  // "" means no subcategory; whether one is needed depends on the category (see below).
  subCategory: z.string({ error: VALIDATION_MESSAGES.subCategory }).trim().default(""),
  email: emailSchema,
  ccEmail: optionalEmailSchema,
  query: queryDetailSchema,
};

/**
 * The subcategory is required when the category has subcategories, and must then be one of them.
 * OTHER, like any category without subcategories, takes none.
 */
function checkSubCategory(value: { category: string; subCategory: string }, ctx: z.RefinementCtx): void {
  const category = findCategory(DEFAULT_CATEGORIES, value.category);
  // An unknown category has already been reported on its own field.
  if (!category) return;
  const needsSubCategory = categoryNeedsSubCategory(category);
  const isKnownSubCategory = category.subCategory.some((option) => option.value === value.subCategory);
  const isValid = needsSubCategory ? isKnownSubCategory : value.subCategory === "";
  if (!isValid) {
    ctx.addIssue({ code: "custom", path: ["subCategory"], message: VALIDATION_MESSAGES.subCategory });
  }
}

export const defaultQueryFormSchema = z.object(defaultQueryFields).superRefine(checkSubCategory);
export type DefaultQueryFormInput = z.input<typeof defaultQueryFormSchema>;
export type DefaultQueryForm = z.output<typeof defaultQueryFormSchema>;

const medxpressQueryFields = {
  category: categoryValueSchema(MEDXPRESS_CATEGORIES),
  email: emailSchema,
  query: queryDetailSchema,
};

export const medxpressQueryFormSchema = z.object(medxpressQueryFields);
export type MedxpressQueryForm = z.output<typeof medxpressQueryFormSchema>;

export const updateQueryFormSchema = z.object({ query: updateDetailSchema });
export type UpdateQueryForm = z.output<typeof updateQueryFormSchema>;

// Server payloads: the form fields plus what the page adds (files travel as multipart parts beside them).

/**
 * The multipart part a form adds, as "true", once the member has confirmed a reply address the
 * register does not hold for them. Optional, so the specification's request stays valid; without
 * it the address counts as unconfirmed (docs/decisions/0007).
 */
export const REPLY_ADDRESS_CONFIRMED_FIELD = "emailConfirmed";

/** "true" or "false" as multipart text, read as a boolean; absent is false. */
export const replyAddressConfirmedSchema = z
  .enum(["true", "false"], { error: "emailConfirmed must be true or false." })
  .optional()
  .transform((value) => value === "true");

/** POST …/member-queries/query-additional-info */
export const defaultCreateQueryPayloadSchema = z
  .object({
    ...defaultQueryFields,
    origin: z.literal("MEMBER_WEB"),
    [REPLY_ADDRESS_CONFIRMED_FIELD]: replyAddressConfirmedSchema,
  })
  .superRefine(checkSubCategory);
export type DefaultCreateQueryPayloadInput = z.input<typeof defaultCreateQueryPayloadSchema>;
export type DefaultCreateQueryPayload = z.output<typeof defaultCreateQueryPayloadSchema>;

/** POST /portal/api/das-mp/smart-inquiry-api/member-queries */
export const medxpressCreateQueryPayloadSchema = z.object({
  ...medxpressQueryFields,
  product: z.literal(MEDXPRESS_PRODUCT),
  origin: z.literal("MED_XPRESS"),
  [REPLY_ADDRESS_CONFIRMED_FIELD]: replyAddressConfirmedSchema,
});
export type MedxpressCreateQueryPayload = z.output<typeof medxpressCreateQueryPayloadSchema>;

/** POST …/member-queries/{referenceNumber} and its das-mp alias. */
export const updateQueryPayloadSchema = z.object({
  query: updateDetailSchema,
  origin: z.enum(SERVER_ORIGINS),
});
export type UpdateQueryPayload = z.output<typeof updateQueryPayloadSchema>;
