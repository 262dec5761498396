import { createHmac, timingSafeEqual } from "node:crypto";

// The Reply-To of a conversation's mails: the scheme's support mailbox with a token in its
// subaddress, `support+c300123-<mac>@scheme.example`. The token names the conversation and is
// signed (HMAC-SHA-256 with a key derived from the server secret, truncated to 80 bits), so a
// sender can neither guess another conversation's token nor change the number in one. Lower-case
// letters and digits only: mail systems may fold the case of a local part.

const MAC_CHARS = 20;
const TOKEN_PATTERN = /^c([1-9][0-9]{0,9})-([0-9a-f]{20})$/;

function keyFrom(secret: string): Buffer {
  return createHmac("sha256", secret).update("reply-to-token-v1").digest();
}

function macOf(secret: string, conversation: number): string {
  return createHmac("sha256", keyFrom(secret)).update(`c${conversation}`).digest("hex").slice(0, MAC_CHARS);
}

export function replyToken(secret: string, conversation: number): string {
  return `c${conversation}-${macOf(secret, conversation)}`;
}

/** The conversation a token names, or undefined when it is not one of ours (or was altered). */
export function conversationOfToken(secret: string, token: string): number | undefined {
  const match = TOKEN_PATTERN.exec(token.toLowerCase());
  if (!match?.[1] || !match[2]) return undefined;
  const conversation = Number(match[1]);
  if (!Number.isSafeInteger(conversation) || conversation > 2_147_483_647) return undefined;
  const expected = Buffer.from(macOf(secret, conversation));
  const given = Buffer.from(match[2]);
  return timingSafeEqual(expected, given) ? conversation : undefined;
}

/** `support+<token>@domain` for the support mailbox `support@domain`. */
export function replyAddress(supportMailbox: string, secret: string, conversation: number): string {
  const at = supportMailbox.lastIndexOf("@");
  return `${supportMailbox.slice(0, at)}+${replyToken(secret, conversation)}${supportMailbox.slice(at)}`;
}

/**
 * The token in an address of the support mailbox (`support+<token>@domain`, compared without
 * case), or undefined when the address is another one or carries no subaddress.
 */
export function tokenInAddress(supportMailbox: string, address: string): string | undefined {
  const at = supportMailbox.lastIndexOf("@");
  const local = supportMailbox.slice(0, at).toLowerCase();
  const domain = supportMailbox.slice(at + 1).toLowerCase();
  const given = address.trim().toLowerCase();
  const givenAt = given.lastIndexOf("@");
  if (givenAt < 0 || given.slice(givenAt + 1) !== domain) return undefined;
  const givenLocal = given.slice(0, givenAt);
  if (!givenLocal.startsWith(`${local}+`)) return undefined;
  return givenLocal.slice(local.length + 1) || undefined;
}
