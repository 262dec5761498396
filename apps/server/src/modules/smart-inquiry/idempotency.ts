import { EXCEPTION_CODES } from "@portal/domain";
import { and, eq } from "drizzle-orm";
import type { Db, Queryable } from "../../db/database.js";
import { idempotencyKeys } from "../../db/schema/smart-inquiry.js";
import { sha256 } from "../../lib/crypto.js";
import { AppError, errors } from "../../lib/errors.js";

export interface IdempotencyClaim {
  key: string;
  fingerprint: string;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,128}$/;

/** The Idempotency-Key header, validated; undefined when the request has none. */
export function idempotencyKeyFrom(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== "string" || !KEY_PATTERN.test(header)) {
    throw errors.validation("The Idempotency-Key header must be 1 to 128 visible characters.");
  }
  return header;
}

/** What a request asked for: the same key may only ever mean the same request. */
export function requestFingerprint(
  route: string,
  fields: object,
  files: readonly { fileName: string; sizeBytes: number }[],
) {
  const sortedFields = Object.entries(fields).sort(([a], [b]) => a.localeCompare(b));
  return sha256(JSON.stringify([route, sortedFields, files.map((file) => [file.fileName, file.sizeBytes])]));
}

export const keyReusedError = () =>
  new AppError(
    422,
    EXCEPTION_CODES.IDEMPOTENCY_KEY_REUSED,
    "This Idempotency-Key was already used for a different request.",
  );

/** The reference an earlier request with this key created, if any (refusing a different request). */
export async function findPriorAnswer(db: Db, memberEntityNumber: number, claim: IdempotencyClaim) {
  const [row] = await db
    .select({
      fingerprint: idempotencyKeys.requestFingerprint,
      referenceNumber: idempotencyKeys.referenceNumber,
    })
    .from(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.memberEntityNumber, memberEntityNumber), eq(idempotencyKeys.key, claim.key)),
    )
    .limit(1);
  if (!row) return undefined;
  if (row.fingerprint !== claim.fingerprint) throw keyReusedError();
  return row.referenceNumber ?? undefined;
}

/**
 * Claims the key inside the submission's transaction. False when another request holds it
 * (PostgreSQL makes this wait for that request's transaction, so the answer is settled).
 */
export async function claimKey(
  db: Queryable,
  memberEntityNumber: number,
  claim: IdempotencyClaim,
  now: Date,
) {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ memberEntityNumber, key: claim.key, requestFingerprint: claim.fingerprint, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length > 0;
}

export async function recordAnswer(
  db: Queryable,
  memberEntityNumber: number,
  key: string,
  referenceNumber: number,
) {
  await db
    .update(idempotencyKeys)
    .set({ referenceNumber })
    .where(and(eq(idempotencyKeys.memberEntityNumber, memberEntityNumber), eq(idempotencyKeys.key, key)));
}
