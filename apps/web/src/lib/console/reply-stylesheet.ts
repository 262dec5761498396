import { REPLY_STYLESHEET } from "@portal/domain";

// The console shows replies (the preview, the sent ones) with the stylesheet the member's frame has
// (REPLY_STYLESHEET), so what the agent previews is what the member sees. Adopted through the CSSOM,
// as the brand's colours are set: the page's policy forbids <style> elements, not that.

let adopted = false;

/** Adds the reply stylesheet to the page once; a browser without constructable sheets keeps app styles. */
export function adoptReplyStylesheet(): void {
  if (adopted || typeof CSSStyleSheet === "undefined" || !("adoptedStyleSheets" in document)) return;
  const sheet = new CSSStyleSheet();
  if (typeof sheet.replaceSync !== "function") return;
  sheet.replaceSync(REPLY_STYLESHEET);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  adopted = true;
}
