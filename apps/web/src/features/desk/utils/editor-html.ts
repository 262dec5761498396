import { cleanReplyHtml } from "../../../lib/console/reply-html";

// HTML into and out of the reply editor (TipTap). A browser shows nothing for a line break that
// ends a block (`<p>a<br></p>` is one line), except that it gives an empty block its line
// (`<div><br></div>`, the blank line of a mail written in Gmail or Outlook). The editor holds such a
// break as a line of its own, and writes an empty paragraph as `<p></p>`, which a mail shows as
// nothing. So the break that ends a block goes on the way in, and comes back on the way out: a
// blank line stays one blank line in the editor, the preview and the mail.

/** Elements that hold lines of text; a break at their end shows nothing. */
const BLOCKS = new Set(["P", "DIV", "LI", "TD", "TH", "CAPTION", "H2", "H3", "H4", "BLOCKQUOTE"]);

function isBlankText(node: Node | null): boolean {
  return node?.nodeType === Node.TEXT_NODE && (node.textContent ?? "").trim() === "";
}

/** The next sibling that is not whitespace between tags. */
function nextContent(node: Node): Node | null {
  let next = node.nextSibling;
  while (next && isBlankText(next)) next = next.nextSibling;
  return next;
}

/** Whether nothing follows the node up to the end of its block (through bold, links and the like). */
function endsBlock(node: Node): boolean {
  for (let current: Node = node; ; ) {
    if (nextContent(current)) return false;
    const parent = current.parentNode;
    if (!(parent instanceof Element)) return true;
    if (BLOCKS.has(parent.tagName)) return true;
    current = parent;
  }
}

/** The innermost last node of an element: a break in bold at the end of a paragraph is its last leaf. */
function lastLeaf(element: Element): Node {
  let leaf: Node = element;
  while (leaf.lastChild) leaf = leaf.lastChild;
  return leaf;
}

function parse(html: string): DocumentFragment {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.content;
}

function serialize(fragment: DocumentFragment): string {
  const holder = document.createElement("div");
  holder.appendChild(fragment);
  return holder.innerHTML;
}

/**
 * HTML for the editor to take in (a paste, a drop, a canned text): through the reply allowlist
 * (cleanReplyHtml), then without the line break that ends each block. A <div> left empty becomes
 * an empty paragraph: the editor reads only <p> as one, and would drop the blank line.
 */
export function toEditorHtml(html: string): string {
  const fragment = parse(cleanReplyHtml(html));
  const trailing = [...fragment.querySelectorAll("br")].filter(endsBlock);
  for (const br of trailing) br.remove();
  for (const div of fragment.querySelectorAll("div")) {
    const blank = (div.textContent ?? "").trim() === "" && !div.querySelector("br, table, ul, ol");
    if (blank) div.replaceWith(document.createElement("p"));
  }
  return serialize(fragment);
}

/** The element's one paragraph, when it holds nothing else. */
function onlyParagraph(element: Element): Element | null {
  const [first, ...others] = [...element.childNodes].filter((node) => !isBlankText(node));
  return others.length === 0 && first instanceof Element && first.tagName === "P" ? first : null;
}

function isEmptyParagraph(node: Node | null): node is Element {
  return node instanceof Element && node.tagName === "P" && !node.hasChildNodes();
}

/**
 * The editor's HTML (TipTap's getHTML) as a reply:
 * - without the empty paragraphs the editor keeps after a last table or list (for the caret);
 * - a line break in every paragraph or heading that is empty or ends in one, so the mail shows the
 *   lines the editor did;
 * - a list item or table cell of one paragraph holds its text directly, as a reply always did: a
 *   mail client spaces out paragraphs in a list, and a pasted spreadsheet stays within the
 *   server's limits on the number of elements (decision 0016).
 */
export function fromEditorHtml(html: string): string {
  const fragment = parse(html);
  while (isEmptyParagraph(fragment.lastChild)) fragment.lastChild.remove();
  for (const block of fragment.querySelectorAll("p, h2, h3, h4")) {
    if (!block.hasChildNodes() || lastLeaf(block).nodeName === "BR") {
      block.appendChild(document.createElement("br"));
    }
  }
  for (const holder of fragment.querySelectorAll("li, td, th")) {
    const paragraph = onlyParagraph(holder);
    if (paragraph) paragraph.replaceWith(...paragraph.childNodes);
  }
  return serialize(fragment);
}
