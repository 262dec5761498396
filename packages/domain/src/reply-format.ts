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

/**
 * How far the server follows a reply's HTML before it refuses it (decision 0016). The console's
 * editor nests a few levels (a list in a quote in a table cell) and a spreadsheet pasted into the
 * longest reply makes a few thousand cells. A DOM pays for every level above every element, and
 * misnested formatting makes an HTML parser build far more elements than there are tags.
 * maxNesting is every element's depth added up.
 */
export const REPLY_HTML_LIMITS = { maxDepth: 64, maxElements: 5_000, maxNesting: 50_000 } as const;

/**
 * The sentence of a REPLY_TOO_COMPLEX answer, by what is wrong with the reply. The console shows
 * it as it is, so it speaks to the agent.
 */
export const REPLY_TOO_COMPLEX_MESSAGES = {
  length: "The reply is too long. Please shorten it.",
  depth: `The reply is nested too deeply: its formatting goes more than ${REPLY_HTML_LIMITS.maxDepth} levels deep. Please simplify it, for example by pasting it as plain text.`,
  elements: `The reply has too much formatting: more than ${REPLY_HTML_LIMITS.maxElements.toLocaleString("en-US")} paragraphs, cells, list items and other parts. Please shorten it, or paste it as plain text.`,
  nesting:
    "The reply has too much formatting inside other formatting. Please simplify it, for example by pasting it as plain text.",
  time: "The reply's formatting is too complex to check. Please simplify it, for example by pasting it as plain text.",
} as const;
