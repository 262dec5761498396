import DOMPurify, { type DOMPurify as Purifier } from "dompurify";

let purifier: Purifier | undefined;

// A private instance, so the link hook below never leaks into other DOMPurify users.
function getPurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook("afterSanitizeAttributes", (node) => {
    if (node.tagName !== "A" || !node.hasAttribute("href")) return;
    const href = node.getAttribute("href") ?? "";
    let external = false;
    try {
      external = new URL(href, window.location.href).origin !== window.location.origin;
    } catch {
      external = false;
    }
    // Another site must get neither a handle on this window nor the portal address as referrer,
    // and opens in its own tab so the member's place in the portal stays (the content service
    // says so in the link's text). DOMPurify drops target, so it is set here, after it.
    if (external) {
      node.setAttribute("rel", "noopener noreferrer");
      node.setAttribute("target", "_blank");
    }
  });
  purifier = instance;
  return instance;
}

/**
 * Cleans HTML from the content service before it is inserted: no scripts, event handlers,
 * javascript: URLs, forms or inline styles (the CSP forbids inline styles, so they would only fail).
 */
export function sanitizeFragment(html: string): string {
  return getPurifier().sanitize(html, {
    FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select"],
    FORBID_ATTR: ["style"],
  });
}
