import { isAllowedReplyLink, REPLY_ALLOWED_ATTRIBUTES, REPLY_ALLOWED_TAGS } from "@portal/domain";
import createDOMPurify from "dompurify";
import { JSDOM } from "jsdom";

// An agent's reply is HTML written in the console's editor (bold, italic, lists, links, tables
// pasted from a spreadsheet). It is stored, e-mailed and shown to the member, so it is cleaned here,
// on the server, whatever the browser sent: only formatting survives, nothing that can run, load
// or submit anything. The member's screen cleans it once more before showing it.

const window = new JSDOM("").window;
const purifier = createDOMPurify(window);

purifier.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName !== "A") return;
  const href = node.getAttribute("href") ?? "";
  if (!isAllowedReplyLink(href)) node.removeAttribute("href");
  else node.setAttribute("rel", "noopener noreferrer");
});

/** The reply as it may be stored and sent: formatting only. */
export function cleanReplyHtml(html: string): string {
  return purifier
    .sanitize(html, {
      ALLOWED_TAGS: REPLY_ALLOWED_TAGS,
      ALLOWED_ATTR: REPLY_ALLOWED_ATTRIBUTES,
      ALLOW_DATA_ATTR: false,
    })
    .trim();
}

/** Whether a cleaned reply still says anything (a reply of empty paragraphs is refused). */
export function replyHasText(cleanHtml: string): boolean {
  const text = JSDOM.fragment(cleanHtml).textContent ?? "";
  return text.trim().length > 0;
}
