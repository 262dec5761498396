/**
 * Joins a configured service base ("/api/x", "//host/api/x", with or without a trailing slash)
 * and an endpoint path ("/member-queries"), with exactly one slash between them.
 */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}
