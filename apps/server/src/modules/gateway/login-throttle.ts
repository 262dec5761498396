import { ATTEMPT_WINDOW_MS } from "../../db/attempt-counter.js";

// Brute-force protection of the log-in (decision record 0002): its limits, counted with the
// attempt counter (db/attempt-counter.ts), and how long a failed answer is held back.

export const THROTTLE_POLICY = {
  windowMs: ATTEMPT_WINDOW_MS,
  /** Password checks per window for an account from clients it does not know (no device cookie). */
  checksPerUntrustedAccount: 5,
  /** Password checks per window through one device cookie. */
  checksPerDevice: 5,
  /** Attempts from one address before its failed answers are slowed; an address is never locked. */
  addressFreeAttempts: 20,
} as const;

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
