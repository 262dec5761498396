/**
 * Text made safe to place in HTML, between tags or inside a quoted attribute value: the five
 * characters that could end either are written as entities, which the browser reads back as text.
 */
export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}
