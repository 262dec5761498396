// What an agent's reply may hold: formatting only, as the console's editor writes it (bold,
// italic, lists, links, tables pasted from a spreadsheet), never scripts, styles, images, forms or
// frames. The console cleans to this before it sends, the server again before it stores and mails.

export const REPLY_ALLOWED_TAGS = [
  "p",
  "br",
  "div",
  "span",
  "b",
  "strong",
  "i",
  "em",
  "u",
  "s",
  "ul",
  "ol",
  "li",
  "a",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "caption",
  "h2",
  "h3",
  "h4",
  "blockquote",
];

export const REPLY_ALLOWED_ATTRIBUTES = ["href", "colspan", "rowspan", "scope"];

/** Web and mail links only: the reply is read in a mail client and in a sandboxed frame. */
export function isAllowedReplyLink(href: string): boolean {
  return /^(https?:|mailto:)/i.test(href.trim());
}
