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
