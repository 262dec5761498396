import { GATEWAY_PATH } from "@portal/domain";
import type { FastifyRequest } from "fastify";
import { hmac, randomToken, safeEqual } from "../../lib/crypto.js";

// Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
// logged in to an account before holds a cookie signed for that account, and its log-ins are
// counted apart from everyone else's. Guessing from unknown clients locks only the unknown
// clients of that account; the member's own browser keeps working. A stolen cookie buys its own
// small allowance, nothing more. The cookie names no one: its signature binds it to a username
// the server is told at each log-in.

export const DEVICE_COOKIE = "portal_device";
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

const signatureOf = (secret: string, username: string, nonce: string) =>
  hmac(secret, `device:${username}:${nonce}`);

/** A new cookie value for the account (a new nonce at every log-in). */
export function newDeviceCookie(secret: string, username: string): string {
  const nonce = randomToken();
  return `${nonce}.${signatureOf(secret, username, nonce)}`;
}

/** The cookie's nonce when it was signed for this username, else null. */
export function trustedDeviceNonce(
  secret: string,
  username: string,
  cookie: string | undefined,
): string | null {
  if (!cookie) return null;
  const [nonce, signature, extra] = cookie.split(".");
  if (!nonce || !signature || extra !== undefined || nonce.length > 64) return null;
  return safeEqual(signature, signatureOf(secret, username, nonce)) ? nonce : null;
}

export function deviceCookieOptions(request: FastifyRequest) {
  return {
    // Sent only with log-ins: nothing else needs it.
    path: GATEWAY_PATH,
    httpOnly: true,
    sameSite: "strict" as const,
    secure: request.protocol === "https",
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  };
}
