import { COOKIE_SIZE_WARNING_BYTES } from "@portal/domain";

export interface CookieOptions {
  path?: string;
  /** Lifetime in seconds; omitted means a session cookie. */
  maxAge?: number;
  sameSite?: "Strict" | "Lax" | "None";
  secure?: boolean;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // A cookie written by someone else may not be URI-encoded: return it unchanged.
    return text;
  }
}

export function getCookie(name: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  for (const pair of document.cookie.split(";")) {
    const separator = pair.indexOf("=");
    if (separator === -1) continue;
    if (decode(pair.slice(0, separator).trim()) === name) return decode(pair.slice(separator + 1).trim());
  }
  return undefined;
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  const pair = `${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
  // Browsers silently drop cookies above ~4 KB, so say so while developing instead of failing quietly.
  const bytes = new TextEncoder().encode(pair).length;
  if (bytes > COOKIE_SIZE_WARNING_BYTES) {
    console.warn(
      `Cookie "${name}" is ${bytes} bytes, more than ${COOKIE_SIZE_WARNING_BYTES}; the browser may drop it.`,
    );
  }
  const attributes = [pair, `path=${options.path ?? "/"}`];
  if (options.maxAge !== undefined) attributes.push(`max-age=${options.maxAge}`);
  if (options.sameSite) attributes.push(`samesite=${options.sameSite}`);
  if (options.secure) attributes.push("secure");
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not available in every supported browser.
  document.cookie = attributes.join("; ");
}

export function removeCookie(name: string, options: Pick<CookieOptions, "path"> = {}): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see setCookie.
  document.cookie = `${encodeURIComponent(name)}=; path=${options.path ?? "/"}; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
