import { queryListResponseSchema } from "@portal/domain";
import { isResponseSerializationError } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkedResponseSerializer, readsDifferentlyWhenEncoding } from "./response-serializer.js";

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

describe("readsDifferentlyWhenEncoding", () => {
  it("finds none in plain data, nested or not", () => {
    expect(readsDifferentlyWhenEncoding(queryListResponseSchema)).toBe(false);
    const lazyTree: z.ZodType = z.lazy(() => z.object({ children: z.array(lazyTree).optional() }));
    expect(readsDifferentlyWhenEncoding(lazyTree)).toBe(false);
    expect(readsDifferentlyWhenEncoding(z.union([z.string(), z.object({ a: z.number().nullable() })]))).toBe(
      false,
    );
  });

  it("finds a transform however deep, a preprocess, a pipe and a codec", () => {
    expect(readsDifferentlyWhenEncoding(z.string().transform((value) => value.length))).toBe(true);
    const deep = z.object({ outer: z.array(z.object({ inner: z.string().transform((v) => v) }).nullable()) });
    expect(readsDifferentlyWhenEncoding(deep)).toBe(true);
    expect(
      readsDifferentlyWhenEncoding(z.object({ list: z.preprocess((v) => v, z.array(z.string())) })),
    ).toBe(true);
    expect(
      readsDifferentlyWhenEncoding(
        z.record(
          z.string(),
          z.string().transform((v) => v),
        ),
      ),
    ).toBe(true);
    expect(readsDifferentlyWhenEncoding(z.object({ n: z.string().pipe(z.string().min(1)) }))).toBe(true);
    const codec = z.codec(z.string(), z.number(), { decode: Number, encode: String });
    expect(readsDifferentlyWhenEncoding(z.object({ n: codec }))).toBe(true);
  });

  it("finds a coercion, and checks on anything but a value as given", () => {
    expect(readsDifferentlyWhenEncoding(z.object({ n: z.coerce.number().int() }))).toBe(true);
    const counted = z.object({ a: z.string() }).refine((value) => Object.keys(value).length === 1);
    expect(readsDifferentlyWhenEncoding(counted)).toBe(true);
    expect(readsDifferentlyWhenEncoding(z.object({ list: z.array(z.string()).max(3) }))).toBe(true);
    const valuesChecked = z.object({ text: z.string().min(1).max(9), n: z.number().int().min(0) });
    expect(readsDifferentlyWhenEncoding(valuesChecked)).toBe(false);
  });

  it("finds a default, a prefault and a catch, which encoding does not apply", () => {
    expect(readsDifferentlyWhenEncoding(z.object({ n: z.number().default(1) }))).toBe(true);
    expect(readsDifferentlyWhenEncoding(z.object({ n: z.number().prefault(1) }))).toBe(true);
    expect(readsDifferentlyWhenEncoding(z.array(z.number().catch(0)))).toBe(true);
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

  it("takes a schema wrapped as { properties } and refuses what is not a zod schema", () => {
    const serialize = checkedResponseSerializer({
      schema: { properties: queryListResponseSchema },
      method: "GET",
      url: "/test",
      httpStatus: "200",
    });
    expect(JSON.parse(serialize({ queries: [listItem] }))).toEqual({ queries: [listItem] });
    expect(() =>
      checkedResponseSerializer({
        schema: { type: "object" },
        method: "GET",
        url: "/test",
        httpStatus: "200",
      }),
    ).toThrow();
  });

  it("keeps encoding where the direction matters, as zod's own serializer does", () => {
    // A coerced number is checked as given when encoding: "5" is refused, as it was.
    expect(() => serializerFor(z.object({ n: z.coerce.number().int() }))({ n: "5" })).toThrow();
    // Encoding fills in no default: an answer missing the field is refused, not completed.
    expect(() => serializerFor(z.object({ n: z.number().default(1) }))({})).toThrow();
    const codec = z.codec(z.iso.datetime(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString(),
    });
    const serialize = serializerFor(z.object({ at: codec }));
    expect(serialize({ at: new Date("2026-11-23T08:00:00.000Z") })).toBe('{"at":"2026-11-23T08:00:00.000Z"}');
  });
});
