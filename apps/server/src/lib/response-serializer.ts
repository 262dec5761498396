import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import { InvalidSchemaError, ResponseSerializationError } from "fastify-type-provider-zod";
import { safeEncode, safeParse, type ZodType, type z } from "zod";
import { $ZodType } from "zod/v4/core";

// Every answer is checked against its route's response schema before it is written, as
// fastify-type-provider-zod's own serializer does with `safeEncode`. Encoding runs every part of a
// schema that has checks twice (once without them, then the checks on the value as given); for
// the open list's 24 queries that cost 14 µs a request, where `safeParse` takes 2 µs
// (docs/decisions/0014). Where nothing in the schema reads differently in the two directions,
// `safeParse` gives the same answer, so it is used; any other schema keeps `safeEncode`.

type Check = (schema: ZodType, data: unknown) => z.ZodSafeParseResult<unknown>;

// The kinds zod runs differently when encoding: a transform (a preprocess too), a pipe or codec,
// and the fallbacks (a default is not filled in when encoding, for one).
const DIRECTED_KINDS = new Set(["transform", "pipe", "default", "prefault", "catch", "success"]);
// Kinds whose parsed value is the value as given, so their checks see the same in either direction.
// A check on anything else (an object's refine sees undeclared keys when encoding) or a coercion
// (encoding checks "5" where parsing checks 5) reads differently.
const AS_GIVEN_KINDS = new Set(["string", "number", "bigint", "boolean", "literal", "enum", "null"]);

/** Whether anything that zod runs differently when encoding lies anywhere in the schema. */
export function readsDifferentlyWhenEncoding(schema: $ZodType, seen = new Set<$ZodType>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (DIRECTED_KINDS.has(def.type) || def.coerce === true) return true;
  const checks = def.checks as unknown[] | undefined;
  if (checks && checks.length > 0 && !AS_GIVEN_KINDS.has(def.type)) return true;
  if (def.type === "lazy") return readsDifferentlyWhenEncoding((def.getter as () => $ZodType)(), seen);
  const nested = (value: unknown): boolean => {
    if (value instanceof $ZodType) return readsDifferentlyWhenEncoding(value, seen);
    if (Array.isArray(value)) return value.some(nested);
    // An object's shape: its properties' schemas.
    if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.values(value).some(nested);
    }
    return false;
  };
  return Object.keys(def).some((key) => key !== "type" && nested(def[key]));
}

/** The zod schema a route declares, bare or as `{ properties }`, as fastify-type-provider-zod takes it. */
function zodSchemaOf(declared: unknown): ZodType {
  if (declared instanceof $ZodType) return declared as ZodType;
  const wrapped = (declared as { properties?: unknown } | null)?.properties;
  if (wrapped instanceof $ZodType) return wrapped as ZodType;
  throw new InvalidSchemaError(JSON.stringify(declared));
}

export const checkedResponseSerializer: FastifySerializerCompiler<unknown> = ({
  schema: declared,
  method,
  url,
}) => {
  const schema = zodSchemaOf(declared);
  const check: Check = readsDifferentlyWhenEncoding(schema) ? safeEncode : safeParse;
  return (data) => {
    const result = check(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
