import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { openQueriesParamsSchema } from "../contracts/smart-inquiry.js";
import {
  defaultCreateQueryPayloadSchema,
  defaultQueryFormSchema,
  medxpressCreateQueryPayloadSchema,
  medxpressQueryFormSchema,
  queryDetailSchema,
  updateQueryFormSchema,
  updateQueryPayloadSchema,
} from "./queries.js";

/** Field name → first message, for a failed parse. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join(".");
    errors[field] ??= issue.message;
  }
  return errors;
}

const VALID_DEFAULT_FORM = {
  category: "MEDICAL_CLAIMS",
  subCategory: "CLAIM_NOT_PAID",
  email: "member@example.com",
  ccEmail: "",
  query: "My claim for 3 March was not paid.",
};

describe("queryDetailSchema", () => {
  it("accepts exactly 20000 characters and refuses 20001", () => {
    expect(queryDetailSchema.safeParse("q".repeat(20000)).success).toBe(true);
    expect(errorsOf(queryDetailSchema, "q".repeat(20001))).toEqual({ "": "Please enter your query detail" });
  });

  it.each(["", "   \n  "])("refuses the blank detail %j", (value) => {
    expect(errorsOf(queryDetailSchema, value)).toEqual({ "": "Please enter your query detail" });
  });

  it("trims the detail", () => {
    expect(queryDetailSchema.parse("  help  ")).toBe("help");
  });
});

describe("defaultQueryFormSchema", () => {
  it("accepts a complete form and drops an empty additional e-mail", () => {
    expect(defaultQueryFormSchema.parse(VALID_DEFAULT_FORM)).toEqual({
      ...VALID_DEFAULT_FORM,
      ccEmail: undefined,
    });
  });

  it("shows every message of an empty form at once", () => {
    const errors = errorsOf(defaultQueryFormSchema, {
      category: "",
      subCategory: "",
      email: "",
      ccEmail: "not-an-email",
      query: "",
    });
    expect(errors).toEqual({
      category: "Please select a category",
      email: "Please enter a valid email address",
      ccEmail: "Please enter a valid email address",
      query: "Please enter your query detail",
    });
  });

  it.each(["MEDICAL_CLAIMS", "BENEFITS_AND_COVER", "CHRONIC_CONDITIONS_AND_CANCER", "MANAGE_PLAN"])(
    "requires a subcategory for %s",
    (category) => {
      expect(errorsOf(defaultQueryFormSchema, { ...VALID_DEFAULT_FORM, category, subCategory: "" })).toEqual({
        subCategory: "Please select a category",
      });
    },
  );

  it("requires the subcategory even when it is missing altogether", () => {
    const { subCategory: _, ...withoutSubCategory } = VALID_DEFAULT_FORM;
    expect(errorsOf(defaultQueryFormSchema, withoutSubCategory)).toEqual({
      subCategory: "Please select a category",
    });
  });

  it("does not require a subcategory when the category is OTHER", () => {
    const parsed = defaultQueryFormSchema.parse({
      ...VALID_DEFAULT_FORM,
      category: "OTHER",
      subCategory: "",
    });
    expect(parsed.subCategory).toBe("");
    const { subCategory: _, ...withoutSubCategory } = VALID_DEFAULT_FORM;
    expect(defaultQueryFormSchema.safeParse({ ...withoutSubCategory, category: "OTHER" }).success).toBe(true);
  });

  it("refuses a subcategory with the OTHER category, which has none", () => {
    expect(
      errorsOf(defaultQueryFormSchema, {
        ...VALID_DEFAULT_FORM,
        category: "OTHER",
        subCategory: "CLAIM_NOT_PAID",
      }),
    ).toEqual({ subCategory: "Please select a category" });
  });

  it("accepts the subcategory OTHER inside a category", () => {
    expect(defaultQueryFormSchema.safeParse({ ...VALID_DEFAULT_FORM, subCategory: "OTHER" }).success).toBe(
      true,
    );
  });

  it("refuses a subcategory of another category", () => {
    expect(errorsOf(defaultQueryFormSchema, { ...VALID_DEFAULT_FORM, subCategory: "CHANGE_PLAN" })).toEqual({
      subCategory: "Please select a category",
    });
  });

  it.each(["UNKNOWN", "MEDXPRESS_ORDER_QUERY", "medical_claims"])("refuses the category %j", (category) => {
    expect(errorsOf(defaultQueryFormSchema, { ...VALID_DEFAULT_FORM, category })).toEqual({
      category: "Please select a category",
    });
  });

  it("accepts a valid additional e-mail and refuses an invalid one", () => {
    expect(defaultQueryFormSchema.parse({ ...VALID_DEFAULT_FORM, ccEmail: "cc@example.com" }).ccEmail).toBe(
      "cc@example.com",
    );
    expect(errorsOf(defaultQueryFormSchema, { ...VALID_DEFAULT_FORM, ccEmail: "cc@@example.com" })).toEqual({
      ccEmail: "Please enter a valid email address",
    });
  });

  it("accepts 20000 characters of detail and refuses 20001", () => {
    expect(
      defaultQueryFormSchema.safeParse({ ...VALID_DEFAULT_FORM, query: "d".repeat(20000) }).success,
    ).toBe(true);
    expect(errorsOf(defaultQueryFormSchema, { ...VALID_DEFAULT_FORM, query: "d".repeat(20001) })).toEqual({
      query: "Please enter your query detail",
    });
  });
});

describe("medxpressQueryFormSchema", () => {
  const VALID_MEDXPRESS_FORM = {
    category: "MEDXPRESS_DELIVERY_QUERY",
    email: "member@example.com",
    query: "My parcel has not arrived.",
  };

  it("accepts each medxpress category", () => {
    for (const category of [
      "MEDXPRESS_ORDER_QUERY",
      "MEDXPRESS_DELIVERY_QUERY",
      "MEDXPRESS_CO_PAYMENT_QUERY",
      "MEDXPRESS_PRESCRIPTION_OR_MEDICINE_QUERY",
    ]) {
      expect(medxpressQueryFormSchema.safeParse({ ...VALID_MEDXPRESS_FORM, category }).success).toBe(true);
    }
  });

  it("refuses a default category and shows each message", () => {
    expect(
      errorsOf(medxpressQueryFormSchema, { category: "MEDICAL_CLAIMS", email: "x", query: " " }),
    ).toEqual({
      category: "Please select a category",
      email: "Please enter a valid email address",
      query: "Please enter your query detail",
    });
  });
});

describe("updateQueryFormSchema", () => {
  it("requires the details with the update sentence", () => {
    expect(errorsOf(updateQueryFormSchema, { query: "  " })).toEqual({
      query: "Please enter any additional information",
    });
  });

  it("accepts 20000 characters and refuses 20001", () => {
    expect(updateQueryFormSchema.safeParse({ query: "u".repeat(20000) }).success).toBe(true);
    expect(errorsOf(updateQueryFormSchema, { query: "u".repeat(20001) })).toEqual({
      query: "Please enter any additional information",
    });
  });
});

describe("server payload schemas", () => {
  it("require origin MEMBER_WEB on a default-origin query", () => {
    const payload = { ...VALID_DEFAULT_FORM, origin: "MEMBER_WEB" };
    expect(defaultCreateQueryPayloadSchema.safeParse(payload).success).toBe(true);
    expect(
      Object.keys(errorsOf(defaultCreateQueryPayloadSchema, { ...payload, origin: "MED_XPRESS" })),
    ).toEqual(["origin"]);
  });

  it("apply the subcategory rule to the default-origin payload too", () => {
    const payload = { ...VALID_DEFAULT_FORM, subCategory: "", origin: "MEMBER_WEB" };
    expect(errorsOf(defaultCreateQueryPayloadSchema, payload)).toEqual({
      subCategory: "Please select a category",
    });
    expect(defaultCreateQueryPayloadSchema.safeParse({ ...payload, category: "OTHER" }).success).toBe(true);
  });

  it("require product Health and origin MED_XPRESS on a medxpress query", () => {
    const payload = {
      category: "MEDXPRESS_ORDER_QUERY",
      email: "member@example.com",
      query: "Where is my order?",
      product: "Health",
      origin: "MED_XPRESS",
    };
    expect(medxpressCreateQueryPayloadSchema.safeParse(payload).success).toBe(true);
    expect(Object.keys(errorsOf(medxpressCreateQueryPayloadSchema, { ...payload, product: "Life" }))).toEqual(
      ["product"],
    );
    expect(
      Object.keys(errorsOf(medxpressCreateQueryPayloadSchema, { ...payload, origin: "MEMBER_WEB" })),
    ).toEqual(["origin"]);
  });

  it("take the member's confirmation of the reply address as an optional part of either new query", () => {
    const defaultPayload = { ...VALID_DEFAULT_FORM, origin: "MEMBER_WEB" };
    const medxpressPayload = {
      category: "MEDXPRESS_ORDER_QUERY",
      email: "member@example.com",
      query: "Where is my order?",
      product: "Health",
      origin: "MED_XPRESS",
    };
    for (const schema of [defaultCreateQueryPayloadSchema, medxpressCreateQueryPayloadSchema]) {
      const payload = schema === defaultCreateQueryPayloadSchema ? defaultPayload : medxpressPayload;
      // The specification's request, without the part, is as valid as before: unconfirmed.
      expect(schema.parse(payload).emailConfirmed).toBe(false);
      expect(schema.parse({ ...payload, emailConfirmed: "true" }).emailConfirmed).toBe(true);
      expect(schema.parse({ ...payload, emailConfirmed: "false" }).emailConfirmed).toBe(false);
      expect(Object.keys(errorsOf(schema, { ...payload, emailConfirmed: "yes" }))).toEqual([
        "emailConfirmed",
      ]);
    }
  });

  it.each(["MEMBER_WEB", "MED_XPRESS"])("accept an update from origin %s", (origin) => {
    expect(updateQueryPayloadSchema.safeParse({ query: "More detail", origin }).success).toBe(true);
  });

  it("refuse an update with an unknown origin or blank details", () => {
    expect(
      Object.keys(errorsOf(updateQueryPayloadSchema, { query: "", origin: "default" })).toSorted(),
    ).toEqual(["origin", "query"]);
  });
});

describe("openQueriesParamsSchema", () => {
  it("coerces the query-string text", () => {
    expect(openQueriesParamsSchema.parse({ daysAgo: "7", status: "OPEN", origin: "MEMBER_WEB" })).toEqual({
      daysAgo: 7,
      status: "OPEN",
      origin: "MEMBER_WEB",
    });
  });

  it.each([
    ["1", true],
    ["365", true],
    ["0", false],
    ["366", false],
    ["2.5", false],
    ["seven", false],
  ])("daysAgo %j is valid: %s", (daysAgo, valid) => {
    expect(openQueriesParamsSchema.safeParse({ daysAgo, status: "OPEN", origin: "MED_XPRESS" }).success).toBe(
      valid,
    );
  });

  it("accepts the statuses OPEN and CLOSED only", () => {
    expect(
      openQueriesParamsSchema.safeParse({ daysAgo: "7", status: "CLOSED", origin: "MEMBER_WEB" }).success,
    ).toBe(true);
    expect(
      openQueriesParamsSchema.safeParse({ daysAgo: "7", status: "open", origin: "MEMBER_WEB" }).success,
    ).toBe(false);
  });
});
