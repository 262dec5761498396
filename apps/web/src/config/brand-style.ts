import { type BrandColours, hexChannels, shade, tint } from "@portal/domain";

// The brand's colours (BRAND_FILE, through /app-config.json) as the CSS custom properties the
// stylesheets read: the header and footer's ink, text and accent (app.css), and Bootstrap's primary
// with the shades its Sass would have made of it (bootstrap.scss makes them of the example brand;
// app.css points the buttons and form controls at them). Set through the CSSOM, which the
// Content-Security-Policy allows (style-src 'self' forbids style attributes and <style>, not this).

const rgbList = (hex: string) => hexChannels(hex).join(", ");

/** The custom properties for these colours, as [name, value]. */
export function brandProperties(colours: BrandColours): [string, string][] {
  const { primary } = colours;
  const hover = shade(primary, 0.15);
  const pressed = shade(primary, 0.2);
  return [
    ["--portal-brand-ink", colours.ink],
    ["--portal-brand-ink-text", colours.inkText],
    ["--portal-brand-accent", colours.accent],
    ["--portal-brand-primary-hover", hover],
    ["--portal-brand-primary-pressed", pressed],
    ["--portal-brand-primary-focus-border", tint(primary, 0.5)],
    ["--bs-primary", primary],
    ["--bs-primary-rgb", rgbList(primary)],
    ["--bs-primary-text-emphasis", shade(primary, 0.6)],
    ["--bs-primary-bg-subtle", tint(primary, 0.8)],
    ["--bs-primary-border-subtle", tint(primary, 0.6)],
    ["--bs-link-color", primary],
    ["--bs-link-color-rgb", rgbList(primary)],
    ["--bs-link-hover-color", pressed],
    ["--bs-link-hover-color-rgb", rgbList(pressed)],
    ["--bs-focus-ring-color", `rgba(${rgbList(primary)}, 0.25)`],
  ];
}

/** Puts the brand's colours on the page (and the browser's toolbar), before the first render. */
export function applyBrandColours(colours: BrandColours, document: Document = window.document): void {
  const root = document.documentElement;
  for (const [name, value] of brandProperties(colours)) root.style.setProperty(name, value);
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", colours.ink);
}
