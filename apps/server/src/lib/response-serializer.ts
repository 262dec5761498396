import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import { ResponseSerializationError } from "fastify-type-provider-zod";
import { safeEncode, safeParse, type ZodType, type z } from "zod";
import { $ZodType } from "zod/v4/core";

// Every answer is checked against its route's response schema before it is written, as
// fastify-type-provider-zod's own serializer does with `safeEncode`. For a schema of plain data
// (no transform, pipe or codec anywhere in it) `safeParse` gives the same answer and takes zod's compiled fast
// path, which `safeEncode` does not: 2 µs instead of 14 µs for the open list's 24 queries
// (docs/decisions/0014). A schema with a transform keeps `safeEncode`, whose direction matters.

type Check = (schema: ZodType, data: unknown) => z.ZodSafeParseResult<unknown>;

/** Whether a transform, a pipe or a codec (whose direction matters) lies anywhere in the schema. */
export function containsTransform(schema: $ZodType, seen = new Set<$ZodType>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (def.type === "transform" || def.type === "pipe") return true;
  if (def.type === "lazy") return containsTransform((def.getter as () => $ZodType)(), seen);
  const nested = (value: unknown): boolean => {
    if (value instanceof $ZodType) return containsTransform(value, seen);
    if (Array.isArray(value)) return value.some(nested);
    // An object's shape: its properties' schemas.
    if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.values(value).some(nested);
    }
    return false;
  };
  return Object.keys(def).some((key) => key !== "type" && nested(def[key]));
}

export const checkedResponseSerializer: FastifySerializerCompiler<ZodType> = ({ schema, method, url }) => {
  const check: Check = containsTransform(schema) ? safeEncode : safeParse;
  return (data) => {
    const result = check(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
