import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { loginThrottle } from "../../db/schema.js";

// Brute-force protection: failed log-ins are counted per account and per client address within
// a window. From the third failure each answer is slowed; at the threshold the key is locked.
export const THROTTLE_POLICY = {
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  accountLockThreshold: 5,
  addressLockThreshold: 20,
} as const;

export interface ThrottleKey {
  key: string;
  lockThreshold: number;
}

/** Seconds until the first of the keys unlocks, or null when none is locked. */
export async function secondsUntilUnlocked(
  db: Db,
  keys: readonly ThrottleKey[],
  now: Date,
): Promise<number | null> {
  const rows = await db
    .select({ lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(
      inArray(
        loginThrottle.key,
        keys.map((key) => key.key),
      ),
    );
  const waits = rows
    .map((row) => (row.lockedUntil ? row.lockedUntil.getTime() - now.getTime() : 0))
    .filter((wait) => wait > 0);
  return waits.length > 0 ? Math.ceil(Math.max(...waits) / 1000) : null;
}

/** Counts one failure against each key; returns the highest failure count now recorded. */
export async function recordFailure(db: Db, keys: readonly ThrottleKey[], now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - THROTTLE_POLICY.windowMs).toISOString();
  const lockUntil = new Date(now.getTime() + THROTTLE_POLICY.lockMs).toISOString();
  const nowText = now.toISOString();
  let highest = 0;
  for (const { key, lockThreshold } of keys) {
    const windowExpired = sql`${loginThrottle.windowStartedAt} < ${windowStart}::timestamptz`;
    const nextFailures = sql`(case when ${windowExpired} then 1 else ${loginThrottle.failures} + 1 end)`;
    const [row] = await db
      .insert(loginThrottle)
      .values({
        key,
        failures: 1,
        windowStartedAt: now,
        lockedUntil: lockThreshold <= 1 ? new Date(lockUntil) : null,
      })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: nextFailures,
          windowStartedAt: sql`case when ${windowExpired} then ${nowText}::timestamptz else ${loginThrottle.windowStartedAt} end`,
          lockedUntil: sql`case when ${nextFailures} >= ${lockThreshold} then ${lockUntil}::timestamptz else ${loginThrottle.lockedUntil} end`,
        },
      })
      .returning({ failures: loginThrottle.failures });
    highest = Math.max(highest, row?.failures ?? 0);
  }
  return highest;
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/** How long to hold back the answer to a failed log-in: none for the first two, then doubling. */
export function failureDelayMs(failures: number, baseMs: number): number {
  if (failures < 3) return 0;
  return Math.min(baseMs * 2 ** (failures - 3), baseMs * 8);
}

/**
 * Counts one request against `key` and says whether it is within `limit` per window: the count is
 * taken and checked in one statement, so parallel requests cannot all slip under the limit. For
 * calls that cost a mail or a password hash however they end (registration, password reset).
 */
export async function reserveAttempt(
  db: Db,
  key: string,
  limit: number,
  now: Date,
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const windowStart = new Date(now.getTime() - THROTTLE_POLICY.windowMs).toISOString();
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
  if (!row || row.count <= limit) return { allowed: true };
  const windowEndsInMs = row.windowStartedAt.getTime() + THROTTLE_POLICY.windowMs - now.getTime();
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(windowEndsInMs / 1000)) };
}
