import { escapeHtml } from "@portal/domain";

// Until the canned replies page has the rich-text reply editor, a canned reply is written as plain
// text: paragraphs split by a blank line, lines by a line break. These turn that text into the HTML
// a canned reply is kept as, and a kept reply back into that text.

/** Paragraphs (a blank line between them) as <p>, line breaks within one as <br>, all as text. */
export function textToReplyHtml(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .trim()
    .split(/\n[^\S\n]*\n\s*/)
    .filter((paragraph) => paragraph.trim() !== "")
    .map((paragraph) => `<p>${paragraph.split("\n").map(escapeHtml).join("<br>")}</p>`)
    .join("");
}

const BLOCKS = new Set(["P", "DIV", "UL", "OL", "LI", "TABLE", "TR", "BLOCKQUOTE", "H1", "H2", "H3", "H4"]);

function textOf(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
  if (!(node instanceof Element)) return "";
  if (node.tagName === "BR") return "\n";
  const inner = [...node.childNodes].map(textOf).join("");
  if (node.tagName === "LI") return `• ${inner.trim()}\n`;
  if (node.tagName === "TD" || node.tagName === "TH") return `${inner.trim()}\t`;
  if (node.tagName === "TR") return `${inner.trimEnd()}\n`;
  return inner;
}

/** A kept canned reply as the text box shows it: its paragraphs and lines, its words only. */
export function replyHtmlToText(html: string): string {
  const template = document.createElement("template");
  template.innerHTML = html;
  const paragraphs: string[] = [];
  let inline = "";
  const endInline = () => {
    if (inline.trim() !== "") paragraphs.push(inline.trim());
    inline = "";
  };
  for (const node of template.content.childNodes) {
    if (node instanceof Element && BLOCKS.has(node.tagName)) {
      endInline();
      const text = textOf(node).trim();
      if (text !== "") paragraphs.push(text);
    } else inline += textOf(node);
  }
  endInline();
  return paragraphs.join("\n\n");
}

/** Whether the reply holds more than paragraphs and line breaks (bold, a list, a link, a table). */
export function hasFormatting(html: string): boolean {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.content.querySelector(":not(p):not(br)") !== null;
}
