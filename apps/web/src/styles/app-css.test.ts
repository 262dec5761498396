/// <reference types="node" />
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { BLOCK_UI_Z_INDEX, MODAL_BACKDROP_Z_INDEX } from "@portal/domain";
import { describe, expect, it } from "vitest";

// jsdom applies no stylesheets, so the z-indexes of requirements §9 are checked in the CSS text itself.
const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "app.css"), "utf8");

function zIndexOf(selector: string): number {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const rule = new RegExp(`${escaped}\\s*\\{[^}]*z-index:\\s*(\\d+)`).exec(css);
  return Number(rule?.[1]);
}

/** A length in px set by the rule for `selector`. */
function pixelsOf(selector: string, property: string): number {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const rule = new RegExp(`${escaped}\\s*\\{[^}]*\\b${property}:\\s*(\\d+)px`).exec(css);
  return Number(rule?.[1]);
}

describe("app.css", () => {
  it("puts the screen blocker at BLOCK_UI_Z_INDEX", () => {
    expect(zIndexOf(".block-ui-overlay")).toBe(BLOCK_UI_Z_INDEX);
  });

  it("puts the modal backdrop at MODAL_BACKDROP_Z_INDEX, below the dialog", () => {
    expect(zIndexOf(".app-modal-backdrop")).toBe(MODAL_BACKDROP_Z_INDEX);
    expect(zIndexOf(".app-modal")).toBeGreaterThan(MODAL_BACKDROP_Z_INDEX);
  });

  it("makes an icon-only button at least 24 × 24 px (WCAG 2.5.8 target size)", () => {
    expect(pixelsOf(".icon-button", "min-width")).toBeGreaterThanOrEqual(24);
    expect(pixelsOf(".icon-button", "min-height")).toBeGreaterThanOrEqual(24);
  });
});
