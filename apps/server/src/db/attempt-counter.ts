import { eq, sql } from "drizzle-orm";
import type { Db } from "./database.js";
import { loginThrottle } from "./schema.js";

// Attempts counted in PostgreSQL (the login_throttle table), so every process sees them, under keys
// that are HMACs (never a name or an address): log-ins, second factors, account requests, password
// checks and each member's limited actions (decision record 0002). An attempt is counted BEFORE the
// work it guards, in one statement that also returns the count: however many requests arrive at
// once, no more run than the limit allows.

/** The window an attempt counts in unless the caller gives another: the log-in window. */
export const ATTEMPT_WINDOW_MS = 15 * 60_000;

export type Reservation =
  | { allowed: true; count: number }
  | { allowed: false; count: number; retryAfterSeconds: number };

/**
 * Counts one attempt against `key` and says whether it is within `limit` per window: the count is
 * taken and returned in one statement, so parallel requests cannot all slip under the limit. The
 * window starts at the first attempt and lasts `windowMs` (the log-in window unless given).
 */
export async function reserveAttempt(
  db: Db,
  key: string,
  limit: number,
  now: Date,
  windowMs: number = ATTEMPT_WINDOW_MS,
): Promise<Reservation> {
  const windowStart = new Date(now.getTime() - windowMs).toISOString();
  const windowExpired = sql`${loginThrottle.windowStartedAt} < ${windowStart}::timestamptz`;
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${windowExpired} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${windowExpired} then ${now.toISOString()}::timestamptz else ${loginThrottle.windowStartedAt} end`,
      },
    })
    .returning({ count: loginThrottle.failures, windowStartedAt: loginThrottle.windowStartedAt });
  const count = row?.count ?? 1;
  if (!row || count <= limit) return { allowed: true, count };
  const windowEndsInMs = row.windowStartedAt.getTime() + windowMs - now.getTime();
  return { allowed: false, count, retryAfterSeconds: Math.max(1, Math.ceil(windowEndsInMs / 1000)) };
}

/** After a successful log-in (or a new password): the key's attempts are forgotten. */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
