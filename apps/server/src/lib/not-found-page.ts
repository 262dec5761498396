import { type Brand, CONSOLE_BASE, GATEWAY_PATH, PORTAL_PING_PATH } from "@portal/domain";
import type { FastifyRequest } from "fastify";
import type { Config } from "../config/env.js";
import { brandedPage } from "./branded-page.js";
import { mountPath } from "./mount-path.js";

// A person whose browser opens an address the portal does not have (an old bookmark, a mistyped
// link) gets a small page with a way back, not a JSON body. Programs keep the JSON error shape:
// everything under the API, content and gateway paths, and anything that does not ask for HTML.

/** Path prefixes whose unknown addresses always answer JSON, whatever the Accept header says. */
export function apiPathPrefixes(
  config: Pick<Config, "SMART_INQUIRY_BASE" | "MEMBER_DETAILS_BASE">,
): string[] {
  return [
    "/api",
    "/site",
    "/wsg",
    GATEWAY_PATH,
    CONSOLE_BASE,
    "/portal/api",
    PORTAL_PING_PATH.slice(0, PORTAL_PING_PATH.lastIndexOf("/")),
    mountPath(config.SMART_INQUIRY_BASE),
    mountPath(config.MEMBER_DETAILS_BASE),
  ].filter((prefix) => prefix.length > 1);
}

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** A browser navigating to a page: GET or HEAD, asking for HTML, outside every API prefix. */
export function wantsNotFoundPage(request: FastifyRequest, prefixes: readonly string[]): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const accept = request.headers.accept ?? "";
  if (!/\btext\/html\b/i.test(accept)) return false;
  const pathname = (request.raw.url ?? "/").split("?")[0] ?? "/";
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape is not a service address either; the raw path is compared instead.
  }
  return !prefixes.some((prefix) => isUnder(pathname, prefix) || isUnder(decoded, prefix));
}

/** The page itself: the brand's name and static text (lib/branded-page.ts). */
export function notFoundPage(brand: Pick<Brand, "name" | "shortName">): string {
  return brandedPage(brand, "Page not found", [
    "The page you were looking for is not here. The link may be out of date, or the address may have been mistyped.",
    '<a href="/">Go to the member portal</a>',
  ]);
}
