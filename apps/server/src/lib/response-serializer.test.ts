import { queryListResponseSchema } from "@portal/domain";
import { isResponseSerializationError } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkedResponseSerializer, containsTransform } from "./response-serializer.js";

const serializerFor = (schema: z.ZodType) =>
  checkedResponseSerializer({ schema, method: "GET", url: "/test", httpStatus: "200" });

const listItem = {
  referenceNumber: 300001,
  category: "MEDICAL_CLAIMS",
  queryDetail: "Why was my claim not paid?",
  dateLogged: "2026-11-23T08:00:00.000Z",
  replyExpectedBy: "2026-11-26",
  parentReferenceNumber: null,
};

describe("containsTransform", () => {
  it("finds none in plain data, nested or not", () => {
    expect(containsTransform(queryListResponseSchema)).toBe(false);
    const lazyTree: z.ZodType = z.lazy(() => z.object({ children: z.array(lazyTree).optional() }));
    expect(containsTransform(lazyTree)).toBe(false);
    expect(containsTransform(z.union([z.string(), z.object({ a: z.number().nullable() })]))).toBe(false);
  });

  it("finds a transform however deep, a preprocess, a pipe and a codec", () => {
    expect(containsTransform(z.string().transform((value) => value.length))).toBe(true);
    const deep = z.object({ outer: z.array(z.object({ inner: z.string().transform((v) => v) }).nullable()) });
    expect(containsTransform(deep)).toBe(true);
    expect(containsTransform(z.object({ list: z.preprocess((v) => v, z.array(z.string())) }))).toBe(true);
    expect(
      containsTransform(
        z.record(
          z.string(),
          z.string().transform((v) => v),
        ),
      ),
    ).toBe(true);
    expect(containsTransform(z.object({ n: z.string().pipe(z.string().min(1)) }))).toBe(true);
    const codec = z.codec(z.string(), z.number(), { decode: Number, encode: String });
    expect(containsTransform(z.object({ n: codec }))).toBe(true);
  });
});

describe("checkedResponseSerializer", () => {
  it("writes a valid answer as JSON, keeping only what the schema names", () => {
    const serialize = serializerFor(queryListResponseSchema);
    const written = serialize({ queries: [{ ...listItem, email: "member@example.com" }], internal: 1 });
    expect(JSON.parse(written)).toEqual({ queries: [listItem] });
  });

  it("refuses an answer that breaks its schema instead of writing it", () => {
    const serialize = serializerFor(queryListResponseSchema);
    let thrown: unknown;
    try {
      serialize({ queries: [{ ...listItem, referenceNumber: "300001" }] });
    } catch (error) {
      thrown = error;
    }
    expect(isResponseSerializationError(thrown)).toBe(true);
  });

  it("encodes through a schema with a transform, as zod's own serializer does", () => {
    const codec = z.codec(z.iso.datetime(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString(),
    });
    const serialize = serializerFor(z.object({ at: codec }));
    expect(serialize({ at: new Date("2026-11-23T08:00:00.000Z") })).toBe('{"at":"2026-11-23T08:00:00.000Z"}');
  });
});
