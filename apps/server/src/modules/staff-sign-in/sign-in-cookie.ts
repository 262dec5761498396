import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

// Between the redirect to the provider and its answer, the browser keeps what the answer is checked
// against (state, nonce, the PKCE verifier) in a short-lived cookie, sealed (AES-256-GCM, a key
// derived from the session secret, as mail/sealed-links.ts does): the browser can neither read nor
// alter it, and a cookie made for one sign-in or by another portal opens nothing.

export const STAFF_SIGN_IN_COOKIE = "portal_staff_sign_in";
/** How long a sign-in may take at the provider. */
export const STAFF_SIGN_IN_COOKIE_SECONDS = 10 * 60;

export interface PendingStaffSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Epoch milliseconds after which the sign-in is refused. */
  expiresAt: number;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

function keyFrom(secret: string): Buffer {
  return createHmac("sha256", secret).update("staff-oidc-sign-in-v1").digest();
}

export function sealPendingSignIn(secret: string, pending: PendingStaffSignIn): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFrom(secret), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(pending), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
}

/** The pending sign-in, or null: no cookie, sealed by another secret, altered, or expired. */
export function openPendingSignIn(
  secret: string,
  sealed: string | undefined,
  now: Date,
): PendingStaffSignIn | null {
  if (!sealed) return null;
  try {
    const bytes = Buffer.from(sealed, "base64url");
    if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
    const decipher = createDecipheriv("aes-256-gcm", keyFrom(secret), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const text = Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString("utf8");
    const value = JSON.parse(text) as Partial<PendingStaffSignIn>;
    const { state, nonce, codeVerifier, expiresAt } = value;
    if (
      typeof state !== "string" ||
      typeof nonce !== "string" ||
      typeof codeVerifier !== "string" ||
      typeof expiresAt !== "number"
    ) {
      return null;
    }
    if (expiresAt <= now.getTime()) return null;
    return { state, nonce, codeVerifier, expiresAt };
  } catch {
    return null;
  }
}
