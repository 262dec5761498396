import type { Db } from "./database.js";

// A transaction PostgreSQL aborts so that others can go on (a deadlock, 40P01; a serialisation
// failure, 40001) did nothing: it is run again from the start, a few times, after a short pause
// with jitter, so the two that met do not meet again at once. Every write of the portal is a
// transaction whose callback only talks to the database (files are committed before it, mails are
// queued in it), so running it again is safe, and an idempotency key claimed in it is claimed
// again. After the last try the error goes on, and the error handler answers 503 with
// Retry-After (lib/unavailable.ts). A transaction whose connection broke is never run again: its
// COMMIT may have been done.

const RETRYABLE = new Set(["40P01", "40001"]);
export const TRANSACTION_TRIES = 4;
const PAUSE_MS = 15;

export interface RetryLog {
  warn(fields: object, message: string): void;
}

/** The SQLSTATE of a failed statement: drizzle wraps the driver's error, so it may sit on a cause. */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = cause;
  }
  return undefined;
}

export function isRetryableAbort(error: unknown): boolean {
  const code = sqlStateOf(error);
  return code !== undefined && RETRYABLE.has(code);
}

/** Runs `transaction` again after an abort PostgreSQL asks to retry; other errors go on at once. */
export async function withTransactionRetry<T>(
  transaction: () => Promise<T>,
  log: RetryLog,
  tries = TRANSACTION_TRIES,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction();
    } catch (error) {
      if (!isRetryableAbort(error)) throw error;
      const code = sqlStateOf(error);
      if (attempt >= tries) {
        log.warn({ code, attempts: attempt }, "transaction aborted by PostgreSQL on every try: answered 503");
        throw error;
      }
      log.warn({ code, attempt }, "transaction aborted by PostgreSQL: trying it again");
      const pause = PAUSE_MS * attempt * (0.5 + Math.random());
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/** Makes every `db.transaction(…)` of this database retry as above (nested ones are savepoints, left alone). */
export function retryTransactions(db: Db, log: RetryLog): void {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    withTransactionRetry(() => transaction(work, config), log)) as Db["transaction"];
}
