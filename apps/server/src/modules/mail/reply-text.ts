import { CONSOLE_LIMITS, REPLY_HTML_LIMITS } from "@portal/domain";
import { compile, type FormatCallback } from "html-to-text";

// The plain-text part of a reply mail, from the cleaned reply (reply-cleaning.ts: replyForMail),
// by html-to-text: paragraphs apart by a blank line, list items marked, table cells apart by
// " | ", a link's address after its text. Lines are left as long as they are (no word wrap), as
// in the rest of the text part: wrapping is what costs html-to-text time that grows with the
// square of a line's length. It runs in the cleaning worker (html-cleaning-pool.ts), on HTML
// whose shape was measured first (html-shape.ts), and its own limits stand behind that.

/**
 * A table cell as text: its contents, after " | " when it is not the first of its row.
 * html-to-text's own data table aligns columns but leaves out a table's caption.
 */
const tableCell: FormatCallback = (elem, walk, builder) => {
  let before = elem.prev;
  while (before && before.type !== "tag") before = before.prev;
  // As text, so that white space between the cells is not added to it.
  if (before) builder.addInline(" | ");
  walk(elem.children, builder);
};

const line = { leadingLineBreaks: 1, trailingLineBreaks: 1 };
const heading = { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 2 };

/**
 * The cleaned HTML may be longer than the reply was (links gain a rel, "&" becomes "&amp;"), but
 * never by more than this: beyond it html-to-text converts only the start.
 */
export const REPLY_TEXT_MAX_INPUT = 8 * CONSOLE_LIMITS.replyHtmlMaxLength;

const convert = compile({
  wordwrap: false,
  limits: {
    maxInputLength: REPLY_TEXT_MAX_INPUT,
    maxDepth: REPLY_HTML_LIMITS.maxDepth,
    // Text nodes are child nodes too: one between any two elements, and one at each end.
    maxChildNodes: 2 * REPLY_HTML_LIMITS.maxElements + 1,
  },
  formatters: { tableCell },
  selectors: [
    { selector: "a", options: { linkBrackets: ["(", ")"], hideLinkHrefIfSameAsText: true } },
    { selector: "h2", options: heading },
    { selector: "h3", options: heading },
    { selector: "h4", options: heading },
    { selector: "ul", options: { itemPrefix: "- " } },
    { selector: "table", format: "block", options: { leadingLineBreaks: 2, trailingLineBreaks: 2 } },
    { selector: "caption", format: "block", options: line },
    { selector: "tr", format: "block", options: line },
    { selector: "td", format: "tableCell" },
    { selector: "th", format: "tableCell" },
  ],
});

/** The plain-text form of a cleaned reply. */
export function replyText(cleanHtml: string): string {
  return convert(cleanHtml);
}
