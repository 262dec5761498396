import { isAllowedReplyLink, REPLY_ALLOWED_ATTRIBUTES, REPLY_ALLOWED_TAGS } from "@portal/domain";
import createDOMPurify from "dompurify";
import { JSDOM } from "jsdom";
import { type DefaultTreeAdapterTypes, parseFragment, serialize } from "parse5";
import type { Block } from "./mail-content.js";
import { replyText } from "./reply-text.js";

// The cleaning itself: DOMPurify over JSDOM. Run only in the cleaning worker
// (html-cleaning-worker.ts), after the HTML's shape was measured (html-shape.ts); callers use
// reply-html.ts, mail-content.ts and agent-reply-document.ts, which send the HTML to the worker
// and wait for it, within a time limit (html-cleaning-pool.ts).

// --- The reply as stored and mailed ------------------------------------------------------------

// An agent's reply is HTML written in the console's editor (bold, italic, lists, links, tables
// pasted from a spreadsheet). It is stored, e-mailed and shown to the member, so it is cleaned on
// the server, whatever the browser sent: only formatting survives, nothing that can run, load or
// submit anything. The member's screen cleans it once more before showing it.

const replyPurifier = createDOMPurify(new JSDOM("").window);
replyPurifier.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName !== "A") return;
  const href = node.getAttribute("href") ?? "";
  if (!isAllowedReplyLink(href)) node.removeAttribute("href");
  else node.setAttribute("rel", "noopener noreferrer");
});

/** The reply as it may be stored and sent: formatting only. */
export function purifyReply(html: string): string {
  return replyPurifier
    .sanitize(html, {
      ALLOWED_TAGS: REPLY_ALLOWED_TAGS,
      ALLOWED_ATTR: REPLY_ALLOWED_ATTRIBUTES,
      ALLOW_DATA_ATTR: false,
    })
    .trim();
}

/**
 * Whether a cleaned reply still says anything (a reply of empty paragraphs is refused). Read with
 * parse5 alone: JSDOM.fragment pays for each top-level node again for every one before it.
 */
export function hasText(cleanHtml: string): boolean {
  const pending: DefaultTreeAdapterTypes.Node[] = [parseFragment(cleanHtml)];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.nodeName === "#text" && "value" in node && node.value.trim().length > 0) return true;
    if ("childNodes" in node) pending.push(...node.childNodes);
  }
  return false;
}

// Mail clients drop <style> blocks: a pasted table gets its borders inline.
const CELL_STYLE = "border:1px solid #b8c2cc;padding:4px 8px;text-align:left;vertical-align:top";
const TABLE_STYLE = "border-collapse:collapse;margin:0 0 16px 0";
const STYLES: Readonly<Record<string, string>> = { table: TABLE_STYLE, td: CELL_STYLE, th: CELL_STYLE };

/** The reply cleaned for a mail, and its plain-text form. */
export function replyForMail(replyHtml: string): Block {
  // The same cleaning as before the reply was stored, then borders set inline.
  return mailBlockOf(purifyReply(replyHtml));
}

function mailBlockOf(clean: string): Block {
  return { html: withInlineStyles(clean), text: replyText(clean) };
}

/** A reply as the reply command sends it: cleaned once, to store, to check and to mail. */
export interface PreparedReply {
  /** The reply as it is stored and shown: formatting only. */
  html: string;
  /** Whether it still says anything once cleaned (a reply of empty paragraphs is refused). */
  hasText: boolean;
  /** The same reply in the mail: borders set inline, and its plain-text form. */
  mail: Block;
}

/** One trip to the worker for all a send needs of a reply's HTML. */
export function prepareReplyHtml(replyHtml: string): PreparedReply {
  const clean = purifyReply(replyHtml);
  return { html: clean, hasText: hasText(clean), mail: mailBlockOf(clean) };
}

/**
 * The cleaned HTML with STYLES on its tables and cells, set with parse5: JSDOM parses a style
 * attribute as CSS when it is set, a quarter of a millisecond for each cell.
 */
function withInlineStyles(cleanHtml: string): string {
  const fragment = parseFragment(cleanHtml);
  const pending: DefaultTreeAdapterTypes.Node[] = [fragment];
  for (let node = pending.pop(); node; node = pending.pop()) {
    const style = "tagName" in node ? STYLES[node.tagName] : undefined;
    if (style && "attrs" in node) {
      node.attrs = [...node.attrs.filter((attr) => attr.name !== "style"), { name: "style", value: style }];
    }
    if ("childNodes" in node) pending.push(...node.childNodes);
  }
  return serialize(fragment).trim();
}

// --- The agent's e-mail as the member's document ------------------------------------------------

// For the member's sandboxed frame (smart-inquiry/agent-reply-document.ts sets its policy): no
// images but data: ones, and links open outside the frame.

const documentPurifier = createDOMPurify(new JSDOM("").window);
documentPurifier.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName === "IMG" && !(node.getAttribute("src") ?? "").startsWith("data:image/")) {
    node.removeAttribute("src");
  }
  if (node.tagName === "A" && node.hasAttribute("href")) {
    node.setAttribute("target", "_blank");
    node.setAttribute("rel", "noopener noreferrer");
  }
});

/** Formatting, tables, links, data: images and inline styles: nothing that runs, loads or submits. */
export function purifyForDocument(html: string): string {
  return documentPurifier.sanitize(html, {
    FORBID_TAGS: [
      "style",
      "form",
      "input",
      "button",
      "textarea",
      "select",
      "iframe",
      "object",
      "embed",
      "link",
      "meta",
      "base",
    ],
    FORBID_ATTR: ["srcset"],
    ALLOW_DATA_ATTR: false,
  });
}

/** What the worker does with each kind of HTML it is sent. */
export const CLEANERS = {
  mailReply: replyForMail,
  replyToSend: prepareReplyHtml,
  document: purifyForDocument,
} as const;

export type CleaningKind = keyof typeof CLEANERS;
export type CleaningResult<K extends CleaningKind> = ReturnType<(typeof CLEANERS)[K]>;
