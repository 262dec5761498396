import { escapeHtml, HELP_SEARCH_MAX_LENGTH, type HelpSearchResult } from "@portal/domain";
import { contentUrl } from "../../../lib/content-url";

/**
 * The words the help search is asked with: the conversation's text, spaces folded, cut at a word
 * within the search's 200 characters. "" when there is nothing to ask.
 */
export function helpQuestion(text: string): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  let question = "";
  for (const word of words) {
    const longer = question === "" ? word : `${question} ${word}`;
    if (longer.length > HELP_SEARCH_MAX_LENGTH) break;
    question = longer;
  }
  return question;
}

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

/** A link to the fragment, named by its title, for the reply. Both are text: escaped. */
export function helpLinkHtml(result: HelpSearchResult, address: string): string {
  return `<a href="${escapeHtml(address)}">${escapeHtml(result.title)}</a>`;
}
