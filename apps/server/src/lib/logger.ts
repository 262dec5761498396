import type { FastifyServerOptions } from "fastify";

/**
 * JSON logs an operator can read, with no personal data: no client addresses, no cookies, no
 * query strings (they may carry references), no bodies.
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
      req: (request: { method: string; url: string; id: string }) => ({
        id: request.id,
        method: request.method,
        path: request.url.split("?")[0],
      }),
    },
  };
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
