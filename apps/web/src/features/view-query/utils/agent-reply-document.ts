import DOMPurify from "dompurify";

// The reply's own policy, first in the frame's document. (A srcdoc frame also inherits the page's
// policy, so inline styles stay blocked whatever this says; the sanitiser drops them anyway.)
const REPLY_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";

/** Base64 → bytes → UTF-8 text: atob alone would read "é" as two Latin-1 characters. */
export function decodeBase64Utf8(encoded: string): string {
  const binary = atob(encoded.replace(/\s+/g, ""));
  const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
  return new TextDecoder("utf-8").decode(bytes);
}

/**
 * The agent's e-mail, cleaned: no scripts, event handlers, javascript: or remote URLs (images only
 * as data:), no forms, no styles. What is left is formatting, tables, links and inline images.
 */
export function sanitizeAgentReply(html: string): string {
  const purifier = DOMPurify(window);
  purifier.addHook("afterSanitizeAttributes", (node) => {
    if (node.tagName === "IMG" && !(node.getAttribute("src") ?? "").startsWith("data:image/")) {
      node.removeAttribute("src");
    }
    if (node.tagName === "A" && node.hasAttribute("href")) {
      node.setAttribute("target", "_blank");
      node.setAttribute("rel", "noopener noreferrer");
    }
  });
  return purifier.sanitize(html, {
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
    FORBID_ATTR: ["style", "srcset"],
    ALLOW_DATA_ATTR: false,
  });
}

/** The whole document for the sandboxed frame: the CSP meta tag first, then the cleaned reply. */
export function agentReplyDocument(encodedResponse: string): string {
  const body = sanitizeAgentReply(decodeBase64Utf8(encodedResponse));
  return `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${REPLY_CSP}"><meta charset="utf-8"><title>Response sent via email</title></head><body>${body}</body></html>`;
}
