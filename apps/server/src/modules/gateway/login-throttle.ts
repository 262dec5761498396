import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { loginThrottle } from "../../db/schema.js";

// Brute-force protection (decision record 0002). Attempts are counted in PostgreSQL, so every
// process sees them, under keys that are HMACs (never a name or an address). An attempt is
// counted BEFORE its password is checked, in one statement that also returns the count: however
// many requests arrive at once, no more checks run than the limit allows.

export const THROTTLE_POLICY = {
  windowMs: 15 * 60_000,
  /** Password checks per window for an account from clients it does not know (no device cookie). */
  checksPerUntrustedAccount: 5,
  /** Password checks per window through one device cookie. */
  checksPerDevice: 5,
  /** Attempts from one address before its failed answers are slowed; an address is never locked. */
  addressFreeAttempts: 20,
} as const;

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
  windowMs: number = THROTTLE_POLICY.windowMs,
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

/**
 * How long to hold back the answer to a failed log-in: none for the first two attempts on the
 * account, then doubling; an address past its free attempts is slowed the same way.
 */
export function failureDelayMs(accountAttempts: number, addressAttempts: number, baseMs: number): number {
  const addressExcess = addressAttempts - THROTTLE_POLICY.addressFreeAttempts;
  const attempts = Math.max(accountAttempts, addressExcess > 0 ? addressExcess + 2 : 0);
  if (attempts < 3) return 0;
  return Math.min(baseMs * 2 ** (attempts - 3), baseMs * 8);
}
