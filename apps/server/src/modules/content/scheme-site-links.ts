import { escapeHtml } from "@portal/domain";

// Fragments link to pages the portal does not have through the scheme's main website, whose
// address is configured (SCHEME_SITE_URL), so they write it as a placeholder:
//   <a href="{{SCHEME_SITE_URL}}/medical-aid/claims">My claims</a>
// The content service fills it in as it serves the fragment, and marks each such link as leaving
// the portal: it opens in a new tab, without a handle on the portal's window or its address as
// referrer, and says so in its text (for everyone, screen readers included).

export const SCHEME_SITE_PLACEHOLDER = "{{SCHEME_SITE_URL}}";
export const LEAVES_PORTAL_NOTE = "(opens the scheme's website)";

const OPENING_TAG = /<a\b([^>]*)>/gi;
const HREF = /\shref\s*=\s*(["'])([^"']*)\1/i;
const REL_OR_TARGET = /\s(?:rel|target)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]*)/gi;

/** The fragment with every scheme-site placeholder filled in and each such link marked. */
export function withSchemeSiteLinks(html: string, schemeSiteUrl: string): string {
  if (!html.includes(SCHEME_SITE_PLACEHOLDER)) return html;
  const site = escapeHtml(schemeSiteUrl.replace(/\/+$/, ""));
  let out = "";
  let from = 0;
  for (const match of html.matchAll(OPENING_TAG)) {
    const attributes = match[1] ?? "";
    const href = HREF.exec(attributes)?.[2] ?? "";
    if (!href.startsWith(SCHEME_SITE_PLACEHOLDER)) continue;
    const start = match.index;
    const end = start + match[0].length;
    const close = html.toLowerCase().indexOf("</a>", end);
    const label = close === -1 ? html.slice(end) : html.slice(end, close);
    const marked = label.includes(LEAVES_PORTAL_NOTE) ? label : `${label.trimEnd()} ${LEAVES_PORTAL_NOTE}`;
    const kept = attributes.replace(REL_OR_TARGET, "");
    out += `${html.slice(from, start)}<a${kept} target="_blank" rel="noopener noreferrer">${marked}`;
    from = close === -1 ? html.length : close;
  }
  out += html.slice(from);
  // The placeholder anywhere else (a link's href above, or written out in text) is the address.
  return out.replaceAll(SCHEME_SITE_PLACEHOLDER, site);
}
