import { isAllowedReplyLink } from "@portal/domain";

/**
 * The address a reply may link to, from what the agent typed in the editor's link field, or null
 * when it is none: only web and mail addresses (isAllowedReplyLink), and only whole ones.
 * "www.example.com" is meant as a web address; anything else must say its scheme.
 */
export function replyLinkAddress(typed: string): string | null {
  const trimmed = typed.trim();
  const href = /^www\./i.test(trimmed) ? `https://${trimmed}` : trimmed;
  if (!isAllowedReplyLink(href)) return null;
  try {
    new URL(href);
  } catch {
    return null;
  }
  return href;
}
