import { describe, expect, it } from "vitest";
import {
  appCss,
  bootstrapCss,
  contrast,
  declarations,
  resolveColour,
  ruleValue,
} from "../testing/compiled-styles";

// The brand colours (_brand.scss) as Bootstrap compiles them (bootstrap.scss): every text and link
// colour the portal uses against each background it sits on, at WCAG AA's 4.5:1. The ratios are
// worked out from the compiled CSS, so a change of a brand variable is checked here.

const AA = 4.5;

function component(selector: string) {
  return declarations(bootstrapCss(), selector);
}

describe("the brand colours", () => {
  it.each([
    ["body text", "var(--bs-body-color)"],
    ["secondary text (text-body-secondary)", "var(--bs-secondary-color)"],
    ["links", "var(--bs-link-color)"],
    ["links under the pointer", "var(--bs-link-hover-color)"],
  ])("%s reach 4.5:1 on white, light grey (bg-body-tertiary) and the secondary grey", (_what, colour) => {
    for (const background of ["var(--bs-body-bg)", "var(--bs-tertiary-bg)", "var(--bs-secondary-bg)"]) {
      expect(contrast(resolveColour(colour), resolveColour(background))).toBeGreaterThanOrEqual(AA);
    }
  });

  it.each(["primary", "secondary", "success", "danger"])(
    "btn-%s's text reaches 4.5:1, also when pressed",
    (variant) => {
      const button = component(`.btn-${variant}`);
      for (const state of ["", "hover-", "active-"]) {
        const text = resolveColour(button.get(`--bs-btn-${state}color`) ?? "", button);
        const background = resolveColour(button.get(`--bs-btn-${state}bg`) ?? "", button);
        expect(contrast(text, background)).toBeGreaterThanOrEqual(AA);
      }
    },
  );

  it.each(["primary", "secondary", "danger"])("btn-outline-%s's text reaches 4.5:1 on white", (variant) => {
    const button = component(`.btn-outline-${variant}`);
    const text = resolveColour(button.get("--bs-btn-color") ?? "", button);
    expect(contrast(text, resolveColour("var(--bs-body-bg)"))).toBeGreaterThanOrEqual(AA);
  });

  it.each(["info", "success", "danger", "warning", "primary"])(
    "alert-%s's text and links reach 4.5:1 on its background",
    (variant) => {
      const alert = component(`.alert-${variant}`);
      const background = resolveColour("var(--bs-alert-bg)", alert);
      expect(contrast(resolveColour("var(--bs-alert-color)", alert), background)).toBeGreaterThanOrEqual(AA);
      expect(contrast(resolveColour("var(--bs-alert-link-color)", alert), background)).toBeGreaterThanOrEqual(
        AA,
      );
    },
  );
});

describe("outlined buttons on an alert", () => {
  it("take the alert's own text colour (4.5:1 on each alert, above), text and border", () => {
    const selector = '.alert [class*="btn-outline-"]';
    expect(ruleValue(appCss, selector, "--bs-btn-color")).toBe("var(--bs-alert-color)");
    expect(ruleValue(appCss, selector, "--bs-btn-border-color")).toBe("var(--bs-alert-color)");
  });
});

describe("the header and footer on the brand's teal ink", () => {
  const ink = () => resolveColour(ruleValue(appCss, ".app-header", "background-color"));

  it("header and footer share the teal ink", () => {
    expect(ink()).toBe(resolveColour(ruleValue(appCss, ".app-footer", "background-color")));
  });

  it("the scheme's name (navbar-brand, dark navbar) reaches 4.5:1", () => {
    const navbar = component(".navbar-dark,\n.navbar[data-bs-theme=dark]");
    expect(contrast(resolveColour("var(--bs-navbar-brand-color)", navbar), ink())).toBeGreaterThanOrEqual(AA);
  });

  it("the header's outlined buttons (btn-outline-light) reach 4.5:1, and the filled one for the current page", () => {
    const outline = component(".btn-outline-light");
    expect(contrast(resolveColour(outline.get("--bs-btn-color") ?? ""), ink())).toBeGreaterThanOrEqual(AA);
    const filled = component(".btn-light");
    expect(
      contrast(
        resolveColour(filled.get("--bs-btn-color") ?? ""),
        resolveColour(filled.get("--bs-btn-bg") ?? ""),
      ),
    ).toBeGreaterThanOrEqual(AA);
  });

  it("the footer's text, headings and links reach 4.5:1, also under the pointer", () => {
    for (const [selector, property] of [
      [".app-footer", "color"],
      [".app-footer__heading", "color"],
      [".app-footer__link", "color"],
      [".app-footer__link:hover,\n.app-footer__link:focus-visible", "color"],
    ] as const) {
      expect(contrast(resolveColour(ruleValue(appCss, selector, property)), ink())).toBeGreaterThanOrEqual(
        AA,
      );
    }
  });

  it("the amber accent is never text on white: it would fail there (why it stays on the ink)", () => {
    const accent = resolveColour("var(--portal-brand-accent)");
    expect(contrast(accent, "#ffffff")).toBeLessThan(3);
    expect(contrast(accent, ink())).toBeGreaterThanOrEqual(AA);
  });
});
