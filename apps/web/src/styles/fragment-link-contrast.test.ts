import { describe, expect, it } from "vitest";
import {
  appCss,
  bootstrapCss,
  contrast,
  declarations,
  resolveColour,
  ruleValue,
} from "../testing/compiled-styles";

// Links inside content fragments, as app.css colours them, on the backgrounds the fragments sit on,
// with Bootstrap's variables as bootstrap.scss (the brand colours) sets them.

describe("links inside content fragments", () => {
  it.each([
    ["the card (white)", "var(--bs-body-bg)"],
    ["the light help card and the tooltip (bg-body-tertiary)", "var(--bs-tertiary-bg)"],
    ["the info box (alert-info's background)", "var(--bs-info-bg-subtle)"],
  ])("reach 4.5:1 on %s", (_where, background) => {
    const link = resolveColour(ruleValue(appCss, ".content-fragment a", "color"));
    expect(contrast(link, resolveColour(background))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(["info", "success", "danger", "warning"])("reach 4.5:1 inside an alert-%s", (variant) => {
    const alert = declarations(bootstrapCss(), `.alert-${variant}`);
    const link = resolveColour(ruleValue(appCss, ".alert .content-fragment a", "color"), alert);
    const background = resolveColour("var(--bs-alert-bg)", alert);
    expect(contrast(link, background)).toBeGreaterThanOrEqual(4.5);
  });
});
