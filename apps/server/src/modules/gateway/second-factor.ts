import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { EXCEPTION_CODES, RECOVERY_CODE_COUNT, STAFF_ROLES } from "@portal/domain";
import { and, asc, eq, gt, isNotNull, isNull, lt, lte, or } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type { AppContext } from "../../app-context.js";
import { clearFailures, reserveAttempt } from "../../db/attempt-counter.js";
import type { Db } from "../../db/database.js";
import { pendingSignIns, staffRecoveryCodes, staffSecondFactors } from "../../db/schema/gateway.js";
import { memberEmails, members } from "../../db/schema/members.js";
import { hmac, randomToken, sha256 } from "../../lib/crypto.js";
import { AppError } from "../../lib/errors.js";
import { AUDIT_RESOURCES, listRoles, recordChange } from "../access/index.js";
import { enqueueMail, secondFactorEnrolledMail } from "../mail/index.js";

// A second factor for local staff log-ins (docs/decisions/0021): TOTP (RFC 6238, SHA-1,
// six digits, 30 s, one step either side), enrolled at the first log-in, with ten single-use
// recovery codes. A right password for such a log-in opens no session: it makes a pending sign-in
// (a random token in an HttpOnly, SameSite=Strict cookie; only its hash stored; five minutes), and
// the session is made only when the code is right too. The secret is sealed (AES-256-GCM, a key
// derived from the session secret, as mail/sealed-links.ts does): a copy of the database without
// the secret yields no codes. Recovery codes are stored as SHA-256 hashes (they are random, 50 bits).

export type SecondFactorStep = "enrol" | "code";

/** The pending sign-in's cookie: sent only to the second-factor routes. */
export const PENDING_SIGN_IN_COOKIE = "portal_pending_sign_in";
export const PENDING_SIGN_IN_PATH = "/wsg/second-factor";
export const PENDING_SIGN_IN_MS = 5 * 60_000;

/** The code step's own allowance: per pending sign-in and per account, in the log-in's 15-minute window. */
export const SECOND_FACTOR_TRIES = 5;

const ISSUER = "Member portal";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export const secondFactorErrors = {
  failed: () =>
    new AppError(401, EXCEPTION_CODES.SECOND_FACTOR_FAILED, "That code is not right. Please try again."),
  expired: () =>
    new AppError(
      401,
      EXCEPTION_CODES.SECOND_FACTOR_EXPIRED,
      "Your log-in has expired. Please log in again with your username and password.",
    ),
  alreadyEnrolled: () =>
    new AppError(409, EXCEPTION_CODES.CONFLICT, "This log-in has an authenticator already."),
  enrolmentElsewhere: (retryAfterSeconds: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    return new AppError(
      409,
      EXCEPTION_CODES.SECOND_FACTOR_ENROLMENT_ELSEWHERE,
      retryAfterSeconds > 0
        ? `An authenticator app is being set up for this log-in from another sign-in. Finish it there, or try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}. If it was not you, tell your supervisor at once.`
        : "An authenticator app is being set up for this log-in from another sign-in. Start setting it up again here, or finish it there. If it was not you, tell your supervisor at once.",
    );
  },
  locked: (retryAfterSeconds: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    return new AppError(
      429,
      EXCEPTION_CODES.LOGIN_LOCKED,
      `Too many wrong codes. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
      { "retry-after": String(Math.ceil(retryAfterSeconds)) },
    );
  },
};

function sealKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("staff-totp-secret-v1").digest();
}

export function sealTotpSecret(secret: string, base32: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", sealKey(secret), iv);
  const sealed = Buffer.concat([cipher.update(base32, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
}

export function openTotpSecret(secret: string, sealed: string): string {
  const bytes = Buffer.from(sealed, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", sealKey(secret), bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    "utf8",
  );
}

function totpFor(base32: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(base32),
  });
}

/**
 * The time step a six-digit code belongs to (now, or one step either side), or null: the caller
 * accepts it only if it is later than the last step used, so each code is good once.
 */
export function matchingStep(base32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpFor(base32, "check");
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
}

/** Ten random codes of ten base32 letters, shown as two groups of five: XXXXX-XXXXX. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const letters = [...randomBytes(10)].map((byte) => BASE32[byte % 32]).join("");
    return `${letters.slice(0, 5)}-${letters.slice(5)}`;
  });
}

/** Recovery codes compare without case, spaces or dashes. */
function normaliseRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, "");
}

const recoveryCodeHash = (code: string) => sha256(`recovery:${normaliseRecoveryCode(code)}`);

/** Whether this log-in owes a second factor after its password, and which step. */
export async function secondFactorStepFor(
  context: AppContext,
  entityNumber: number,
): Promise<SecondFactorStep | null> {
  const roles = await listRoles(context.db, entityNumber);
  if (!STAFF_ROLES.some((role) => roles.has(role))) return null;
  const [factor] = await context.db
    .select({ confirmedAt: staffSecondFactors.confirmedAt })
    .from(staffSecondFactors)
    .where(eq(staffSecondFactors.memberEntityNumber, entityNumber));
  if (factor?.confirmedAt) return "code";
  return context.config.STAFF_MFA === "required" ? "enrol" : null;
}

/** A new pending sign-in for the member: its token (for the cookie); expired ones are swept. */
export async function createPendingSignIn(db: Db, entityNumber: number, now: Date): Promise<string> {
  const token = randomToken();
  await db.delete(pendingSignIns).where(lte(pendingSignIns.expiresAt, now));
  await db.insert(pendingSignIns).values({
    tokenHash: sha256(token),
    memberEntityNumber: entityNumber,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PENDING_SIGN_IN_MS),
  });
  return token;
}

export interface PendingSignIn {
  tokenHash: string;
  entityNumber: number;
}

export async function resolvePendingSignIn(
  db: Db,
  token: string | undefined,
  now: Date,
): Promise<PendingSignIn> {
  if (!token) throw secondFactorErrors.expired();
  const tokenHash = sha256(token);
  const [row] = await db
    .select({ entityNumber: pendingSignIns.memberEntityNumber })
    .from(pendingSignIns)
    .where(and(eq(pendingSignIns.tokenHash, tokenHash), gt(pendingSignIns.expiresAt, now)));
  if (!row) throw secondFactorErrors.expired();
  return { tokenHash, entityNumber: row.entityNumber };
}

/** Spends the pending sign-in: true for the one request that does, so it makes one session. */
export async function endPendingSignIn(db: Db, tokenHash: string): Promise<boolean> {
  const deleted = await db
    .delete(pendingSignIns)
    .where(eq(pendingSignIns.tokenHash, tokenHash))
    .returning({ tokenHash: pendingSignIns.tokenHash });
  return deleted.length === 1;
}

/**
 * Counts one code attempt against the pending sign-in and against the account, before the code is
 * looked at; past five in the window, refused (429).
 */
export async function reserveCodeAttempt(
  context: AppContext,
  pending: PendingSignIn,
): Promise<{ accountKey: string }> {
  const now = context.now();
  const pendingKey = `second-factor-pending:${hmac(context.secret, pending.tokenHash)}`;
  const accountKey = `second-factor-account:${hmac(context.secret, String(pending.entityNumber))}`;
  const perPending = await reserveAttempt(context.db, pendingKey, SECOND_FACTOR_TRIES, now);
  const perAccount = await reserveAttempt(context.db, accountKey, SECOND_FACTOR_TRIES, now);
  const refused = [perPending, perAccount].find((reservation) => !reservation.allowed);
  if (refused && !refused.allowed) throw secondFactorErrors.locked(refused.retryAfterSeconds);
  return { accountKey };
}

export async function forgetCodeAttempts(context: AppContext, accountKey: string): Promise<void> {
  await clearFailures(context.db, accountKey);
}

/** How long an unconfirmed enrolment belongs to the sign-in that started it. */
export const ENROLMENT_HOLD_MS = 10 * 60_000;

/** The mark of the sign-in (a session's or a pending sign-in's token hash) that started an enrolment. */
export const enrolmentOwner = (tokenHash: string) => sha256(`second-factor-enrolment:${tokenHash}`);

/**
 * Starts (or starts again) an enrolment: a new secret, sealed and stored unconfirmed, marked with
 * the sign-in that started it. For ten minutes only that sign-in may start it again or confirm it:
 * the last sign-in to start was the one whose secret counted, so whoever else had the password
 * could slip their own authenticator in under a colleague's set-up. A log-in whose authenticator
 * is confirmed is refused: a password alone never replaces it.
 */
export async function startEnrolment(
  context: AppContext,
  entityNumber: number,
  label: string,
  startedBy: string,
): Promise<{ secret: string; qrCode: string }> {
  const secret = new Secret({ size: 20 }).base32;
  const now = context.now();
  const heldSince = new Date(now.getTime() - ENROLMENT_HOLD_MS);
  const sealedSecret = sealTotpSecret(context.secret, secret);
  const stored = await context.db
    .insert(staffSecondFactors)
    .values({ memberEntityNumber: entityNumber, sealedSecret, createdAt: now, startedBy })
    .onConflictDoUpdate({
      target: staffSecondFactors.memberEntityNumber,
      set: { sealedSecret, createdAt: now, lastUsedStep: null, startedBy },
      setWhere: and(
        isNull(staffSecondFactors.confirmedAt),
        or(
          isNull(staffSecondFactors.startedBy),
          eq(staffSecondFactors.startedBy, startedBy),
          lte(staffSecondFactors.createdAt, heldSince),
        ),
      ),
    })
    .returning({ entityNumber: staffSecondFactors.memberEntityNumber });
  if (stored.length === 0) {
    const [factor] = await context.db
      .select({ confirmedAt: staffSecondFactors.confirmedAt, createdAt: staffSecondFactors.createdAt })
      .from(staffSecondFactors)
      .where(eq(staffSecondFactors.memberEntityNumber, entityNumber));
    if (!factor || factor.confirmedAt) throw secondFactorErrors.alreadyEnrolled();
    const freeAt = factor.createdAt.getTime() + ENROLMENT_HOLD_MS;
    throw secondFactorErrors.enrolmentElsewhere((freeAt - now.getTime()) / 1000);
  }
  const uri = totpFor(secret, label).toString();
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { secret, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

/**
 * Confirms the enrolment with a code of the new secret: marks it confirmed (that code's step used),
 * replaces any recovery codes with ten new ones and records it in the audit trail, in one
 * transaction. Returns the recovery codes (shown once), or null when the code is wrong.
 */
export async function confirmEnrolment(
  context: AppContext,
  entityNumber: number,
  code: string,
  requestId: string,
  startedBy: string,
): Promise<string[] | null> {
  const now = context.now();
  const [factor] = await context.db
    .select()
    .from(staffSecondFactors)
    .where(eq(staffSecondFactors.memberEntityNumber, entityNumber));
  if (!factor) throw secondFactorErrors.expired();
  if (factor.confirmedAt) throw secondFactorErrors.alreadyEnrolled();
  if (factor.startedBy !== startedBy) {
    const heldFor = factor.createdAt.getTime() + ENROLMENT_HOLD_MS - now.getTime();
    throw secondFactorErrors.enrolmentElsewhere(factor.startedBy ? heldFor / 1000 : 0);
  }
  const step = matchingStep(openTotpSecret(context.secret, factor.sealedSecret), code.trim(), now);
  if (step === null) return null;
  const recoveryCodes = newRecoveryCodes();
  const confirmed = await context.db.transaction(async (tx) => {
    const updated = await tx
      .update(staffSecondFactors)
      .set({ confirmedAt: now, lastUsedStep: step, startedBy: null })
      .where(
        and(
          eq(staffSecondFactors.memberEntityNumber, entityNumber),
          eq(staffSecondFactors.sealedSecret, factor.sealedSecret),
          eq(staffSecondFactors.startedBy, startedBy),
          isNull(staffSecondFactors.confirmedAt),
        ),
      )
      .returning({ entityNumber: staffSecondFactors.memberEntityNumber });
    if (updated.length === 0) return false;
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.memberEntityNumber, entityNumber));
    await tx.insert(staffRecoveryCodes).values(
      recoveryCodes.map((recoveryCode) => ({
        memberEntityNumber: entityNumber,
        codeHash: recoveryCodeHash(recoveryCode),
      })),
    );
    await recordChange(tx, {
      actorEntityNumber: entityNumber,
      subjectEntityNumber: entityNumber,
      resource: AUDIT_RESOURCES.secondFactorEnrolment,
      requestId,
      at: now,
    });
    // Told at every address of the log-in: an authenticator set up by someone else with the
    // password is a way in the staff member would otherwise never hear of.
    const [person] = await tx
      .select({ firstName: members.firstName })
      .from(members)
      .where(eq(members.entityNumber, entityNumber));
    const addresses = await tx
      .select({ address: memberEmails.address })
      .from(memberEmails)
      .where(eq(memberEmails.memberEntityNumber, entityNumber))
      .orderBy(asc(memberEmails.position));
    for (const { address } of addresses) {
      await enqueueMail(
        tx,
        secondFactorEnrolledMail(context.config.brand, {
          to: address,
          memberEntityNumber: entityNumber,
          firstName: person?.firstName,
        }),
        now,
      );
    }
    return true;
  });
  return confirmed ? recoveryCodes : null;
}

/**
 * Checks a code of the log-in's confirmed authenticator, or one of its recovery codes. A TOTP
 * code is taken once (its step must be later than the last one used, set in the same statement);
 * a recovery code is spent in one statement with its audit row. Null when refused.
 */
export async function checkSecondFactor(
  context: AppContext,
  entityNumber: number,
  code: string,
  requestId: string,
): Promise<"totp" | "recovery" | null> {
  const now = context.now();
  const given = code.trim();
  if (/^\d{6}$/.test(given)) {
    const [factor] = await context.db
      .select({ sealedSecret: staffSecondFactors.sealedSecret })
      .from(staffSecondFactors)
      .where(
        and(
          eq(staffSecondFactors.memberEntityNumber, entityNumber),
          isNotNull(staffSecondFactors.confirmedAt),
        ),
      );
    if (!factor) return null;
    const step = matchingStep(openTotpSecret(context.secret, factor.sealedSecret), given, now);
    if (step === null) return null;
    const taken = await context.db
      .update(staffSecondFactors)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(staffSecondFactors.memberEntityNumber, entityNumber),
          isNotNull(staffSecondFactors.confirmedAt),
          or(isNull(staffSecondFactors.lastUsedStep), lt(staffSecondFactors.lastUsedStep, step)),
        ),
      )
      .returning({ entityNumber: staffSecondFactors.memberEntityNumber });
    return taken.length === 1 ? "totp" : null;
  }
  const spent = await context.db.transaction(async (tx) => {
    const used = await tx
      .update(staffRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(staffRecoveryCodes.memberEntityNumber, entityNumber),
          eq(staffRecoveryCodes.codeHash, recoveryCodeHash(given)),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id });
    if (used.length !== 1) return false;
    await recordChange(tx, {
      actorEntityNumber: entityNumber,
      subjectEntityNumber: entityNumber,
      resource: AUDIT_RESOURCES.recoveryCodeUse,
      requestId,
      at: now,
    });
    return true;
  });
  return spent ? "recovery" : null;
}
