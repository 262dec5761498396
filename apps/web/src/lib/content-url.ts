/**
 * Where a content fragment is fetched (requirements §7 "Content fragments"): data: paths as they are;
 * /site/preview{path} on preview hosts (localhost, or a host containing the configured marker);
 * otherwise /site{path}.
 */
export function contentUrl(path: string, hostname: string, previewMarker: string): string {
  if (path.startsWith("data:")) return path;
  const host = hostname.toLowerCase();
  const marker = previewMarker.trim().toLowerCase();
  // An empty marker would match every host, so it only counts when configured.
  const isPreviewHost = host.includes("localhost") || (marker !== "" && host.includes(marker));
  const normalisedPath = path.startsWith("/") ? path : `/${path}`;
  return `${isPreviewHost ? "/site/preview" : "/site"}${normalisedPath}`;
}
