import fp from "fastify-plugin";
import { errors } from "./errors.js";

// PostgreSQL text cannot hold the NUL character: a value carrying one would fail at the database
// with a 500 after the request had passed every schema. Refused up front, for every route, in the
// path, the query string and a JSON body (multipart fields: receive-submission.ts).

export const NUL_IN_TEXT = "Text may not contain the NUL character.";

/** Whether any string in the value (nested objects and arrays included) holds a NUL. */
export function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === "object") {
    // A loop, not Object.entries: it runs on every request's path and query (docs/decisions/0014).
    for (const key of Object.keys(value)) {
      if (key.includes("\u0000") || containsNul((value as Record<string, unknown>)[key])) return true;
    }
  }
  return false;
}

export const nulTextGuard = fp(async (app) => {
  // A callback hook: it waits for nothing (docs/decisions/0014).
  app.addHook("preValidation", (request, _reply, done) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      done(errors.validation(NUL_IN_TEXT));
      return;
    }
    done();
  });
});
