import { EXCEPTION_CODES } from "@portal/domain";
import { AppError } from "./errors.js";

// Failures of what the portal stands on, not of the request: a full or read-only disk, a blob
// store or database that cannot be reached or is restarting. They answer 507 or 503 with
// Retry-After (the member's screen shows its catalogue sentence), never a bare 500, and the log
// names the cause by its code.

const DISK_FULL = new Set(["ENOSPC", "EDQUOT"]);
const STORAGE_REFUSED = new Set(["EROFS", "EACCES", "EPERM", "EIO"]);
const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EPIPE",
]);
/**
 * PostgreSQL: connection failures (08…), shutting down or starting (57P01–57P03), too many clients
 * (53300), a deadlock or serialisation failure still met after the transaction's last try
 * (40P01, 40001; db/transaction-retry.ts), and a lock waited for longer than
 * DATABASE_LOCK_WAIT_SECONDS (55P03: the statement gave up and its transaction rolled back).
 */
const DATABASE_UNAVAILABLE = /^(08\d{3}|57P0[1-3]|53300|40P01|40001|55P03)$/;
/**
 * node-postgres says a connection that ended under a statement by message only, with no code:
 * "Connection terminated unexpectedly", "Connection terminated", and "Client has encountered a
 * connection error and is not queryable" for a statement sent on it afterwards.
 */
const CONNECTION_ENDED = /^(Connection terminated|Client has encountered a connection error)/;

function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth += 1) {
    const { code, cause, name, message } = current as {
      code?: unknown;
      cause?: unknown;
      name?: unknown;
      message?: unknown;
    };
    if (typeof code === "string") codes.push(code);
    if (typeof message === "string" && CONNECTION_ENDED.test(message)) codes.push("ECONNRESET");
    // The AWS SDK names a failed connection by the error's name.
    if (name === "TimeoutError" || name === "NetworkingError") codes.push("ETIMEDOUT");
    current = cause;
  }
  return codes;
}

/** The answer for a failure of the portal's own storage or database, or undefined for anything else. */
export function unavailableAnswer(error: unknown): AppError | undefined {
  const codes = codesOf(error);
  if (codes.some((code) => DISK_FULL.has(code))) {
    return new AppError(
      507,
      EXCEPTION_CODES.STORAGE_FULL,
      "We cannot store files at the moment. Please try again later.",
      { "retry-after": "300" },
    );
  }
  if (
    codes.some(
      (code) => STORAGE_REFUSED.has(code) || UNREACHABLE.has(code) || DATABASE_UNAVAILABLE.test(code),
    )
  ) {
    return serviceUnavailable();
  }
  return undefined;
}

/** 503 with Retry-After: what the portal stands on is missing for now. */
export function serviceUnavailable(): AppError {
  return new AppError(
    503,
    EXCEPTION_CODES.UNAVAILABLE,
    "The service is unavailable at the moment. Please try again in a minute.",
    { "retry-after": "30" },
  );
}
