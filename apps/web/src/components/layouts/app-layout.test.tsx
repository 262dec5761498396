import type { AppConfig } from "@portal/domain";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AppConfigContext } from "../../config/app-config";
import { testConfig } from "../../testing/test-utils";
import { AppLayout } from "./app-layout";
import { LEAVES_PORTAL_NOTE } from "./site-footer";

function renderLayout(config: AppConfig = testConfig) {
  return render(
    <AppConfigContext value={config}>
      <AppLayout schemeName={config.brand.name}>
        <h1>A page</h1>
      </AppLayout>
    </AppConfigContext>,
  );
}

/** Another scheme's brand, as /app-config.json would give it (the footer links already resolved). */
const secondBrand: AppConfig["brand"] = {
  name: "Kestrel Care Medical Fund",
  shortName: "Kestrel Care",
  logo: "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=",
  colours: { primary: "#7a1f5c", ink: "#3b1f4a", inkText: "#ece4f2", accent: "#ffc857" },
  contactLines: [
    { label: "Member care", number: "0861 535 378", dial: "+27861535378", hours: "Weekdays 07:30–17:00" },
  ],
  closedDays: "Member care is closed on weekends and public holidays.",
  footerLinks: [{ label: "Privacy policy", href: "https://www.kestrel.example/privacy" }],
  footerNote: "",
};

describe("AppLayout's look", () => {
  it("shows the logo: the mark, hidden from screen readers, beside the scheme's name as real text", () => {
    renderLayout();
    const banner = screen.getByRole("banner");
    expect(banner).toHaveTextContent(testConfig.brand.name);
    const mark = within(banner).getByTestId("scheme-mark");
    expect(mark).toHaveAttribute("aria-hidden", "true");
    expect(within(banner).queryByRole("img")).toBeNull();
  });

  it("ends every page with a footer of the scheme's contact numbers and hours", () => {
    renderLayout();
    const footer = screen.getByRole("contentinfo");
    for (const line of testConfig.brand.contactLines) {
      expect(within(footer).getByRole("link", { name: line.number })).toHaveAttribute(
        "href",
        `tel:${line.dial}`,
      );
      expect(footer).toHaveTextContent(line.label);
      expect(footer).toHaveTextContent(line.hours);
    }
    expect(footer).toHaveTextContent(/example data/);
  });

  it.each([
    ["Privacy notice", "https://www.scheme.example/privacy-notice"],
    ["PAIA manual", "https://www.scheme.example/paia-manual"],
  ])("links to the %s on the scheme's website, in a new tab, saying so", (name, href) => {
    renderLayout();
    const link = within(screen.getByRole("contentinfo")).getByRole("link", {
      name: `${name} ${LEAVES_PORTAL_NOTE}`,
    });
    expect(link).toHaveAttribute("href", href);
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("shows another scheme's brand: its name, logo, numbers, closed days and links, and nothing of the first", () => {
    renderLayout({ ...testConfig, brand: secondBrand });
    const banner = screen.getByRole("banner");
    expect(banner).toHaveTextContent("Kestrel Care Medical Fund");
    // The brand's own image, decorative beside the name: no second name for a screen reader.
    const mark = within(banner).getByTestId("scheme-mark");
    expect(mark.tagName).toBe("IMG");
    expect(mark).toHaveAttribute("src", secondBrand.logo);
    expect(mark).toHaveAttribute("alt", "");
    expect(within(banner).queryByRole("img")).toBeNull();

    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByRole("heading", { name: "Contact Kestrel Care Medical Fund" })).toBeVisible();
    expect(within(footer).getByRole("link", { name: "0861 535 378" })).toHaveAttribute(
      "href",
      "tel:+27861535378",
    );
    expect(footer).toHaveTextContent("Member care");
    expect(footer).toHaveTextContent("Weekdays 07:30–17:00");
    expect(footer).toHaveTextContent("Member care is closed on weekends and public holidays.");
    const links = within(footer).getAllByRole("link", {
      name: new RegExp(LEAVES_PORTAL_NOTE.replace(/[()]/g, "\\$&")),
    });
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      [`Privacy policy ${LEAVES_PORTAL_NOTE}`, "https://www.kestrel.example/privacy"],
    ]);
    for (const first of [testConfig.brand.name, "0860 000 001", "PAIA manual", "example data"]) {
      expect(footer).not.toHaveTextContent(first);
    }
  });
});
