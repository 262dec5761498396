import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAppConfig } from "../../config/app-config";
import { contentUrl } from "../../lib/content-url";
import { getText } from "../../lib/http";
import { sanitizeFragment } from "../../lib/sanitize-html";

/** GET /site{path} (or the preview tree), as text, sanitised once per fetch rather than per render. */
export async function getContentFragment(url: string): Promise<string> {
  return sanitizeFragment(await getText(url, { headers: { Accept: "text/html" } }));
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
