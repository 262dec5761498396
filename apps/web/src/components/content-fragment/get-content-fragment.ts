import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAppConfig } from "../../config/app-config";
import { contentUrl } from "../../lib/content-url";
import { getText } from "../../lib/http";

/**
 * GET /site{path} (or the preview tree), as text, sanitised once per fetch rather than per render.
 * The sanitiser (DOMPurify) downloads alongside the first fragment rather than with every page
 * that might show one; nothing is shown unsanitised, as a failed download fails the fetch.
 */
export async function getContentFragment(url: string): Promise<string> {
  const [html, { sanitizeFragment }] = await Promise.all([
    getText(url, { headers: { Accept: "text/html" } }),
    import("../../lib/sanitize-html"),
  ]);
  return sanitizeFragment(html);
}

export function contentFragmentQueryOptions(url: string) {
  return queryOptions({
    queryKey: ["content-fragment", url],
    queryFn: () => getContentFragment(url),
    // Published content changes rarely; refetching it on every screen would only cost time.
    staleTime: 5 * 60 * 1000,
  });
}

export function useContentFragment(path: string) {
  const { contentPreviewMarker } = useAppConfig();
  return useQuery(
    contentFragmentQueryOptions(contentUrl(path, window.location.hostname, contentPreviewMarker)),
  );
}
