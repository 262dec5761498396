import { escapeHtml, type HelpSuggestion } from "@portal/domain";
import { contentUrl } from "../../../lib/content-url";

interface PageLocation {
  origin: string;
  hostname: string;
}

/**
 * Where a member reads a help fragment, as an absolute address for an e-mail: /site{path} on this
 * portal's origin, as the member's pages fetch it (contentUrl: the preview tree on preview hosts).
 */
export function helpFragmentAddress(
  path: string,
  previewMarker: string,
  location: PageLocation = window.location,
): string {
  return new URL(contentUrl(path, location.hostname, previewMarker), location.origin).href;
}

/**
 * The help as a reply holds it: a paragraph of the link, named by the fragment's title, and the
 * summary the server wrote for a mail (the fragment's sentences without the form's "log your query
 * below"), never the fragment's own text. All of it is text: escaped.
 */
export function helpLinkHtml(suggestion: Pick<HelpSuggestion, "title" | "summary">, address: string): string {
  const link = `<a href="${escapeHtml(address)}">${escapeHtml(suggestion.title)}</a>`;
  return suggestion.summary === "" ? `<p>${link}</p>` : `<p>${link}: ${escapeHtml(suggestion.summary)}</p>`;
}
