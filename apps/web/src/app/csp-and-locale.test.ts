/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LOCALE } from "../lib/locale";

// The portal runs under a strict CSP (script-src 'self'; style-src 'self'): inline scripts, <style>
// and style attributes would be blocked, so none may appear in index.html or the components.
const WEB_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const html = readFileSync(join(WEB_ROOT, "index.html"), "utf8");

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsxFiles(path);
    return path.endsWith(".tsx") && !path.endsWith(".test.tsx") ? [path] : [];
  });
}

describe("index.html and the CSP", () => {
  it("declares the portal locale and a real title", () => {
    expect(html).toContain(`<html lang="${LOCALE}">`);
    expect(LOCALE).toBe("en-US");
    expect(/<title>([^<]+)<\/title>/.exec(html)?.[1]?.trim()).toBeTruthy();
  });

  it("has no inline script, <style> element or style attribute", () => {
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body?.trim()).toBe("");
    }
    expect(html).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i);
  });

  it("components set no inline styles", () => {
    const offenders = tsxFiles(join(WEB_ROOT, "src")).filter((path) =>
      /\bstyle=\{/.test(readFileSync(path, "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
