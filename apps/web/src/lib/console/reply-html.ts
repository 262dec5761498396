import { isAllowedReplyLink, REPLY_ALLOWED_ATTRIBUTES, REPLY_ALLOWED_TAGS } from "@portal/domain";
import DOMPurify, { type DOMPurify as Purifier } from "dompurify";

// A reply is e-mailed and shown to the member, so the console keeps only formatting: the domain's
// allowlist (REPLY_ALLOWED_TAGS), which the server applies again before it stores a reply. Cleaning
// here too means the preview shows exactly what the member will get, and a paste never brings
// scripts, event handlers, styles or spreadsheet markup into the editor.

let purifier: Purifier | undefined;

// A private instance, so the link hook never reaches the other DOMPurify users of the app.
function replyPurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook("afterSanitizeAttributes", (node) => {
    if (node.tagName !== "A") return;
    if (!isAllowedReplyLink(node.getAttribute("href") ?? "")) node.removeAttribute("href");
    else node.setAttribute("rel", "noopener noreferrer");
  });
  purifier = instance;
  return instance;
}

// Spreadsheets put line breaks between rows and cells: text no table may hold, so it goes.
const TABLE_PARTS = new Set(["TABLE", "THEAD", "TBODY", "TFOOT", "TR"]);

function dropLayoutWhitespace(root: Node): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const layout: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentNode;
    if (node.textContent?.trim() === "" && parent instanceof Element && TABLE_PARTS.has(parent.tagName)) {
      layout.push(node);
    }
  }
  for (const node of layout) node.parentNode?.removeChild(node);
}

/** The reply as the member will see it: formatting, lists, links and tables only. */
export function cleanReplyHtml(html: string): string {
  const fragment = replyPurifier().sanitize(html, {
    ALLOWED_TAGS: REPLY_ALLOWED_TAGS,
    ALLOWED_ATTR: REPLY_ALLOWED_ATTRIBUTES,
    ALLOW_DATA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
  dropLayoutWhitespace(fragment);
  const holder = document.createElement("div");
  holder.appendChild(fragment);
  return holder.innerHTML.trim();
}

/**
 * The cleaned reply as the console shows it (sent replies, the preview, canned replies), never as
 * it is sent: a table wider than the reply scrolls inside it (REPLY_STYLESHEET), so each table
 * takes focus, and a keyboard can scroll it where the browser does not make scrollers focusable.
 */
export function shownReplyHtml(html: string): string {
  const template = document.createElement("template");
  template.innerHTML = cleanReplyHtml(html);
  for (const table of template.content.querySelectorAll("table")) table.setAttribute("tabindex", "0");
  return template.innerHTML;
}

/** Whether a cleaned reply says anything at all (empty paragraphs are not a reply). */
export function replyHasText(cleanHtml: string): boolean {
  const template = document.createElement("template");
  template.innerHTML = cleanHtml;
  return (template.content.textContent ?? "").trim().length > 0;
}
