import { and, eq, gt, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/database.js";
import { accountTokens } from "../../db/schema/accounts.js";
import { randomToken, sha256 } from "../../lib/crypto.js";

// Single-use links: the token goes into the mail (sealed in the outbox), only its SHA-256 is kept.
// A token works once, before it expires, for the purpose it was made for.

export type AccountTokenPurpose = "ACTIVATION" | "PASSWORD_RESET";

export interface AccountTokenHolder {
  entityNumber: number;
  /** The address the link was mailed to. */
  email: string;
}

/** A new token; the person's earlier unused links of this purpose stop working (the newest mail counts). */
export async function issueAccountToken(
  db: Queryable,
  input: AccountTokenHolder & { purpose: AccountTokenPurpose; now: Date; validMs: number },
): Promise<string> {
  await db
    .update(accountTokens)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(accountTokens.entityNumber, input.entityNumber),
        eq(accountTokens.purpose, input.purpose),
        isNull(accountTokens.usedAt),
      ),
    );
  const token = randomToken();
  await db.insert(accountTokens).values({
    tokenHash: sha256(token),
    purpose: input.purpose,
    entityNumber: input.entityNumber,
    email: input.email,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + input.validMs),
  });
  return token;
}

const usable = (token: string, purpose: AccountTokenPurpose, now: Date) =>
  and(
    eq(accountTokens.tokenHash, sha256(token)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
  );

/** Who the token is for, while it is still usable; it stays usable (see consumeAccountToken). */
export async function findUsableToken(
  db: Queryable,
  token: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<AccountTokenHolder | undefined> {
  const [row] = await db
    .select({ entityNumber: accountTokens.entityNumber, email: accountTokens.email })
    .from(accountTokens)
    .where(usable(token, purpose, now))
    .limit(1);
  return row;
}

/**
 * Spends the token: one statement marks it used only if it still is usable, so of two requests
 * with the same link exactly one gets the holder. Call it in the transaction of the change.
 */
export async function consumeAccountToken(
  db: Queryable,
  token: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<AccountTokenHolder | undefined> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(usable(token, purpose, now))
    .returning({ entityNumber: accountTokens.entityNumber, email: accountTokens.email });
  return row;
}

/**
 * What a link's token is now, without spending it: the page of a mailed link asks when it opens.
 * USED also covers a link replaced by a newer one (issueAccountToken marks those used).
 */
export async function accountTokenState(
  db: Queryable,
  token: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<"VALID" | "USED" | "EXPIRED" | "UNKNOWN"> {
  const [row] = await db
    .select({ usedAt: accountTokens.usedAt, expiresAt: accountTokens.expiresAt })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, sha256(token)), eq(accountTokens.purpose, purpose)))
    .limit(1);
  if (!row) return "UNKNOWN";
  if (row.usedAt !== null) return "USED";
  return row.expiresAt > now ? "VALID" : "EXPIRED";
}
