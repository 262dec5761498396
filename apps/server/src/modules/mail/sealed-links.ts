import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

// A mail that carries a single-use account link (registration, password reset) is queued with a
// placeholder where the link goes and the link itself sealed (AES-256-GCM, key derived from the
// session secret). So neither the token table (hashes only) nor the outbox holds a usable token:
// a copy of the database without the secret opens no account. The sender opens the seal just
// before it hands the mail to the transport.

/** Where the link goes in the queued html and text. */
export const SEALED_LINK_PLACEHOLDER = "%%SEALED-ACCOUNT-LINK%%";

const IV_BYTES = 12;
const TAG_BYTES = 16;

function keyFrom(secret: string): Buffer {
  return createHmac("sha256", secret).update("outbox-sealed-link-v1").digest();
}

export function sealLink(secret: string, link: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFrom(secret), iv);
  const sealed = Buffer.concat([cipher.update(link, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
}

/** The link, or an error when the seal was made with another secret or altered. */
export function openSealedLink(secret: string, sealed: string): string {
  const bytes = Buffer.from(sealed, "base64url");
  const iv = bytes.subarray(0, IV_BYTES);
  const tag = bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", keyFrom(secret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    "utf8",
  );
}

/** The mail as it is sent: the placeholder replaced by the opened link (html-escaped there). */
export function withOpenedLink<T extends { html: string; text: string; sealedLink: string | null }>(
  mail: T,
  secret: string,
): T {
  if (mail.sealedLink === null) return mail;
  const link = openSealedLink(secret, mail.sealedLink);
  const htmlLink = link.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
  return {
    ...mail,
    html: mail.html.replaceAll(SEALED_LINK_PLACEHOLDER, htmlLink),
    text: mail.text.replaceAll(SEALED_LINK_PLACEHOLDER, link),
  };
}
