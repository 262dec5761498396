import { type Brand, DEFAULT_BRAND } from "@portal/domain";

// The sender every mail carries (MAIL_FROM): "address" or "Display name <address>". Checked at
// start-up, so a typo stops the server instead of parking every mail. Without MAIL_FROM, the
// brand's sender name at no-reply@localhost.

/** The address mails come from when MAIL_FROM is not set. */
export const DEFAULT_MAIL_ADDRESS = "no-reply@localhost";

/** The sender without MAIL_FROM: the brand's sender name (brandSchema keeps it to what a header can carry). */
export function brandMailFrom(brand: Pick<Brand, "mail">): string {
  return `${brand.mail.senderName.trim()} <${DEFAULT_MAIL_ADDRESS}>`;
}

/** The sender without MAIL_FROM or BRAND_FILE. */
export const DEFAULT_MAIL_FROM = brandMailFrom(DEFAULT_BRAND);

export interface MailSender {
  name: string;
  address: string;
  /** The right-hand side of the address: also the domain of every Message-ID. */
  domain: string;
}

// A plain address: no quoting, comments or IP literals. One domain label is allowed, so that a
// local relay's "no-reply@localhost" works.
const LOCAL_PART = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}$/;
const DOMAIN =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
// A display name: printable, and nothing a header parser would read as syntax.
const DISPLAY_NAME = /^[^<>"@,;:\\()[\]\p{Cc}]*$/u;

/** The parts of a MAIL_FROM value, or undefined when it is not one the portal sends from. */
export function parseMailFrom(value: string): MailSender | undefined {
  const trimmed = value.trim();
  const named = /^(.*?)\s*<([^<>]*)>$/s.exec(trimmed);
  const name = named ? (named[1] ?? "") : "";
  const address = named ? (named[2] ?? "") : trimmed;
  if (!DISPLAY_NAME.test(name)) return undefined;
  const at = address.lastIndexOf("@");
  if (at < 1) return undefined;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (!LOCAL_PART.test(local) || local.startsWith(".") || local.endsWith(".") || local.includes("..")) {
    return undefined;
  }
  if (!DOMAIN.test(domain)) return undefined;
  return { name: name.trim(), address, domain: domain.toLowerCase() };
}
