/// <reference types="node" />
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { compile } from "sass";

// jsdom applies no stylesheets, so the style tests work from the CSS text: styles/bootstrap.scss
// compiled the way Vite compiles it (Bootstrap's Sass with the brand variables), and app.css.

const stylesDir = join(dirname(fileURLToPath(import.meta.url)), "..", "styles");

let compiled: string | undefined;

/** styles/bootstrap.scss compiled (a second or two, once per test file). */
export function bootstrapCss(): string {
  compiled ??= compile(join(stylesDir, "bootstrap.scss"), {
    loadPaths: [join(stylesDir, "..", "..", "..", "..", "node_modules")],
    quietDeps: true,
    silenceDeprecations: ["import", "global-builtin", "color-functions", "if-function"],
  }).css;
  return compiled;
}

export const appCss = readFileSync(join(stylesDir, "app.css"), "utf8");

/** The custom properties declared in the first (or the last) rule of `css` with exactly this selector. */
export function declarations(
  css: string,
  selector: string,
  which: "first" | "last" = "first",
): Map<string, string> {
  const start = which === "first" ? css.indexOf(`${selector} {`) : css.lastIndexOf(`${selector} {`);
  if (start === -1) throw new Error(`No rule for ${selector}`);
  const body = css.slice(start, css.indexOf("}", start));
  return new Map(
    [...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name ?? "", value ?? ""]),
  );
}

/** The value of `property` in the first rule of `css` for this selector. */
export function ruleValue(css: string, selector: string, property: string): string {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const value = new RegExp(
    `(?:^|\\n|\\})\\s*${escaped}\\s*\\{[^}]*?(?:^|[;{\\s])${property}:\\s*([^;]+);`,
  ).exec(css)?.[1];
  if (!value) throw new Error(`No ${property} for ${selector}`);
  return value.trim();
}

let root: Map<string, string> | undefined;

/** The light theme's :root variables, plus the portal's own brand variables (bootstrap.scss's last rule). */
export function rootVariables(): Map<string, string> {
  const css = bootstrapCss();
  root ??= new Map([
    ...declarations(css, ":root,\n[data-bs-theme=light]"),
    ...declarations(css, ":root", "last"),
  ]);
  return root;
}

/** A colour with var(--…) resolved against the root variables and, inside a component, its own ones. */
export function resolveColour(value: string, scope = new Map<string, string>()): string {
  const root = rootVariables();
  let current = value.trim();
  for (let depth = 0; depth < 10; depth++) {
    const variable = /^var\((--[\w-]+)\)$/.exec(current);
    if (!variable?.[1]) return current;
    const next = scope.get(variable[1]) ?? root.get(variable[1]);
    if (next === undefined) throw new Error(`${variable[1]} is not set`);
    current = next.trim();
  }
  throw new Error(`${value} does not resolve`);
}

/**
 * [r, g, b, alpha] in 0…1 of a hex colour, or an rgb()/rgba() with numbers or percentages (as Dart
 * Sass writes mixed colours).
 */
function channels(colour: string): number[] {
  const hex = /^#([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(colour);
  if (hex?.[1]) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((d) => d + d).join("") : hex[1];
    return [...[0, 2, 4].map((at) => Number.parseInt(digits.slice(at, at + 2), 16) / 255), 1];
  }
  const rgb = /^rgba?\(\s*([\d.]+%?)\s*,\s*([\d.]+%?)\s*,\s*([\d.]+%?)\s*(?:,\s*([\d.]+)\s*)?\)$/i.exec(
    colour,
  );
  if (rgb) {
    const [r, g, b] = rgb
      .slice(1, 4)
      .map((part = "") =>
        part.endsWith("%") ? Number.parseFloat(part) / 100 : Number.parseFloat(part) / 255,
      );
    return [r ?? 0, g ?? 0, b ?? 0, rgb[4] === undefined ? 1 : Number.parseFloat(rgb[4])];
  }
  throw new Error(`Not a colour: ${colour}`);
}

function luminance([r = 0, g = 0, b = 0]: number[]): number {
  const [lr, lg, lb] = [r, g, b].map((channel) =>
    channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * (lr ?? 0) + 0.7152 * (lg ?? 0) + 0.0722 * (lb ?? 0);
}

/**
 * The WCAG 2 contrast ratio of a colour on an opaque background; a see-through foreground (such as
 * Bootstrap's secondary text, rgba(…, 0.75)) is first laid over the background.
 */
export function contrast(foreground: string, background: string): number {
  const under = channels(background);
  if (under[3] !== 1) throw new Error(`Not an opaque background: ${background}`);
  const over = channels(foreground);
  const alpha = over[3] ?? 1;
  const seen = [0, 1, 2].map((at) => (over[at] ?? 0) * alpha + (under[at] ?? 0) * (1 - alpha));
  const [light, dark] = [luminance(seen), luminance(under)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}
