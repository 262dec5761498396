import type { AppContext } from "../../app-context.js";
import { reserveAttempt } from "../../db/attempt-counter.js";
import { hmac } from "../../lib/crypto.js";
import { errors } from "../../lib/errors.js";

// Registration and reset requests cost a mail, their completions a password hash: each is counted
// per client address and, for the requests, per person asked about, in the log-in throttle's
// table and window (15 minutes). Keys are HMACs: the table never holds a number or an address.

export const ACCOUNT_THROTTLE_LIMITS = {
  /** Requests of either kind from one address. */
  requestsPerAddress: 10,
  /** Requests about one membership number, username or e-mail address. */
  requestsPerSubject: 3,
  /** Completions (a link used) from one address. */
  completionsPerAddress: 20,
} as const;

async function reserveOrRefuse(context: AppContext, key: string, limit: number): Promise<void> {
  const reserved = await reserveAttempt(context.db, hmac(context.secret, key), limit, context.now());
  if (!reserved.allowed) throw errors.tooManyAttempts(reserved.retryAfterSeconds);
}

/** A registration or reset request: counted by address, then by the person asked about. */
export async function reserveAccountRequest(
  context: AppContext,
  clientAddress: string,
  subject: string,
): Promise<void> {
  await reserveOrRefuse(
    context,
    `account-request:address:${clientAddress}`,
    ACCOUNT_THROTTLE_LIMITS.requestsPerAddress,
  );
  await reserveOrRefuse(
    context,
    `account-request:subject:${subject.trim().toLowerCase()}`,
    ACCOUNT_THROTTLE_LIMITS.requestsPerSubject,
  );
}

export async function reserveAccountCompletion(context: AppContext, clientAddress: string): Promise<void> {
  await reserveOrRefuse(
    context,
    `account-completion:address:${clientAddress}`,
    ACCOUNT_THROTTLE_LIMITS.completionsPerAddress,
  );
}
