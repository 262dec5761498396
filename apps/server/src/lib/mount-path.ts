/** The path part of a configured base: `//host/api/x` is served here at `/api/x`. */
export function mountPath(base: string): string {
  const path = base.startsWith("//") ? base.slice(2).replace(/^[^/]*/, "") : base;
  return path === "/" ? "" : path;
}
