import type { SessionInfo } from "@portal/domain";
import { HOME_HREF, paths } from "../../../config/paths";

/**
 * The location to return to after login, from the ?redirectTo= parameter. Only in-app paths are
 * accepted ("/…" but not "//…" or "/\…", which browsers read as another host); anything else
 * gives undefined, so a crafted link cannot send the member elsewhere.
 */
export function safeRedirectTo(value: string | null | undefined): string | undefined {
  if (!value?.startsWith("/")) return undefined;
  if (value.startsWith("//") || value.startsWith("/\\")) return undefined;
  // Returning to the login screen after logging in would loop.
  if (value === "/login" || value.startsWith("/login?")) return undefined;
  return value;
}

function isConsoleHref(href: string): boolean {
  const root = paths.console.getHref();
  return href === root || href.startsWith(`${root}/`) || href.startsWith(`${root}?`);
}

/**
 * Where a person lands after logging in: the page they wanted when it belongs to their workspace,
 * else that workspace's home. Staff have no member screens, and a member has no console.
 */
export function landingAfterLogin(session: SessionInfo, redirectTo: string | undefined): string {
  if (session.authenticated && session.workspace === "console") {
    return redirectTo !== undefined && isConsoleHref(redirectTo) ? redirectTo : paths.console.getHref();
  }
  return redirectTo !== undefined && !isConsoleHref(redirectTo) ? redirectTo : HOME_HREF;
}
