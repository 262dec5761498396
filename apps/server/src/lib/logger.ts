import type { FastifyServerOptions } from "fastify";
import { pino } from "pino";

/**
 * JSON logs an operator can read, with no personal data: no client addresses, no cookies, no
 * bodies, and a request's path only as its route's pattern
 * (`/api/member-details/v2/member-details/:entityNumber/plan`): the path itself carries members'
 * entity and reference numbers, and its query string may carry more.
 */
export function loggerOptions(level: string): Exclude<FastifyServerOptions["logger"], boolean | undefined> {
  return {
    level,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", "res.headers['set-cookie']"],
      remove: true,
    },
    serializers: {
      err: errorForLog,
      req: (request: LoggedRequest) => ({
        id: request.id,
        method: request.method,
        path: routePatternOf(request),
      }),
    },
  };
}

interface LoggedRequest {
  id: string;
  method: string;
  /** Fastify's request: the route it matched (undefined for none). */
  routeOptions?: { url?: string };
}

/** A path no route matched is anyone's text (a mistyped number, a probe): never logged. */
export const UNMATCHED_PATH = "(no route)";

function routePatternOf(request: LoggedRequest): string {
  return request.routeOptions?.url || UNMATCHED_PATH;
}

/**
 * What the log keeps of an error: its type, its code (a PostgreSQL SQLSTATE, a Node error code),
 * the constraint or table it names, and where it was thrown. Never its message or details: a
 * failed statement's message quotes the statement's values (a member's query text, an address),
 * and the first line of a stack repeats the message.
 */
export function errorForLog(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: WITHHELD, stack: "" };
  const { code, constraint, table, cause } = error as {
    code?: unknown;
    constraint?: unknown;
    table?: unknown;
    cause?: unknown;
  };
  return {
    type: error.name,
    message: WITHHELD,
    // The frames only: the stack's first line is the message again.
    stack: (error.stack ?? "")
      .split("\n")
      .filter((line) => line.trimStart().startsWith("at "))
      .slice(0, 8)
      .map((line) => line.trim())
      .join("\n"),
    ...(typeof code === "string" || typeof code === "number" ? { code } : {}),
    ...(typeof constraint === "string" ? { constraint } : {}),
    ...(typeof table === "string" ? { table } : {}),
    ...(cause instanceof Error ? { cause: errorForLog(cause) } : {}),
  };
}

const WITHHELD = "(withheld: an error's message may quote personal data)";

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * How the server writes its log: readable lines for a person at a terminal in development
 * (`npm start`), JSON for everything else (a log shipper, a pipe, a file, and production always).
 */
export function logOutputFor(stream: { isTTY?: boolean }, nodeEnv: string): "lines" | "json" {
  return stream.isTTY === true && nodeEnv === "development" ? "lines" : "json";
}

/**
 * A pino destination writing each JSON line as `warn  message (error type code)`: for a terminal
 * only, so its fields are left out but an error's type and code (what says what failed).
 */
export function readableLines(out: { write(text: string): unknown }): { write(line: string): void } {
  return {
    write(line: string) {
      let entry: { level?: number; msg?: string; err?: { type?: string; code?: unknown } };
      try {
        entry = JSON.parse(line);
      } catch {
        out.write(line);
        return;
      }
      const level = pino.levels.labels[entry.level ?? 30] ?? "info";
      const err = entry.err ? ` (${[entry.err.type, entry.err.code].filter(Boolean).join(" ")})` : "";
      out.write(`${level.padEnd(5)} ${entry.msg ?? ""}${err}\n`);
    },
  };
}
