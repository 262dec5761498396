/// <reference types="node" />
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// jsdom applies no stylesheets, so the colours of links inside content fragments are worked out
// from the CSS text: app.css's rules, with Bootstrap's variables as the installed Bootstrap sets them.
const here = dirname(fileURLToPath(import.meta.url));
const appCss = readFileSync(join(here, "app.css"), "utf8");
const bootstrapCss = readFileSync(
  createRequire(import.meta.url).resolve("bootstrap/dist/css/bootstrap.css"),
  "utf8",
);

/** The custom properties declared in the first rule of `css` with exactly this selector. */
function declarations(css: string, selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start === -1) throw new Error(`No rule for ${selector}`);
  const body = css.slice(start, css.indexOf("}", start));
  return new Map(
    [...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name ?? "", value ?? ""]),
  );
}

/** The `color` of app.css's rule for this selector. */
function colorRule(selector: string): string {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const value = new RegExp(`(?:^|\\n)${escaped}\\s*\\{[^}]*\\bcolor:\\s*([^;]+);`).exec(appCss)?.[1];
  if (!value) throw new Error(`app.css has no color for ${selector}`);
  return value.trim();
}

const root = declarations(bootstrapCss, ":root,\n[data-bs-theme=light]");

/** A colour with var(--…) resolved against Bootstrap's light theme and, inside an alert, that alert's variables. */
function resolve(value: string, scope = new Map<string, string>()): string {
  const variable = /^var\((--[\w-]+)\)$/.exec(value.trim());
  if (!variable?.[1]) return value.trim();
  const next = scope.get(variable[1]) ?? root.get(variable[1]);
  if (next === undefined) throw new Error(`${variable[1]} is not set`);
  return resolve(next, scope);
}

function luminance(hex: string): number {
  const match = /^#([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(hex);
  if (!match?.[1]) throw new Error(`Not a hex colour: ${hex}`);
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join("") : match[1];
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = Number.parseInt(digits.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

function contrast(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

describe("links inside content fragments", () => {
  it("Bootstrap's plain link colour fails where the fragments sit (why app.css sets its own)", () => {
    const link = resolve("var(--bs-link-color)");
    expect(contrast(link, resolve("var(--bs-tertiary-bg)"))).toBeLessThan(4.5);
    expect(contrast(link, resolve("var(--bs-info-bg-subtle)"))).toBeLessThan(4.5);
  });

  it.each([
    ["the card (white)", "var(--bs-body-bg)"],
    ["the light help card and the tooltip (bg-body-tertiary)", "var(--bs-tertiary-bg)"],
  ])("reach 4.5:1 on %s", (_where, background) => {
    expect(contrast(resolve(colorRule(".content-fragment a")), resolve(background))).toBeGreaterThanOrEqual(
      4.5,
    );
  });

  it.each(["info", "success", "danger", "warning"])("reach 4.5:1 inside an alert-%s", (variant) => {
    const alert = declarations(bootstrapCss, `.alert-${variant}`);
    const link = resolve(colorRule(".alert .content-fragment a"), alert);
    const background = resolve("var(--bs-alert-bg)", alert);
    expect(contrast(link, background)).toBeGreaterThanOrEqual(4.5);
  });
});
