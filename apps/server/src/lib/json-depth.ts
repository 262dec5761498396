import type { FastifyInstance } from "fastify";
import { errors } from "./errors.js";

// A JSON body nested a few thousand levels deep answered 500 on every JSON route, the log-in
// included: what walks a parsed body (the NUL guard, the schemas) recurses once a level and ran
// out of stack. Such a body is refused with 400 JSON_TOO_DEEP before it is parsed, on every route
// (docs/decisions/0031). The portal's own forms send a handful of levels.

export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether the objects and arrays of a JSON text nest deeper than `maxDepth`: one pass, counting
 * brackets outside strings. Right for any valid JSON; what it says of invalid JSON does not matter,
 * as the parser refuses that anyway.
 */
export function jsonNestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth++;
      if (depth > maxDepth) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/** Fastify's own JSON parser (empty bodies, bad JSON, `__proto__` refused as before) behind the depth check. */
export function installJsonDepthLimit(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(errors.jsonTooDeep(MAX_JSON_DEPTH), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
