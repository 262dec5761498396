import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AppConfigContext } from "../../config/app-config";
import { SCHEME_CONTACT_LINES } from "../../config/scheme-contact";
import { testConfig } from "../../testing/test-utils";
import { AppLayout } from "./app-layout";
import { LEAVES_PORTAL_NOTE } from "./site-footer";

function renderLayout() {
  return render(
    <AppConfigContext value={testConfig}>
      <AppLayout schemeName={testConfig.schemeName}>
        <h1>A page</h1>
      </AppLayout>
    </AppConfigContext>,
  );
}

describe("AppLayout's look", () => {
  it("shows the logo: the mark, hidden from screen readers, beside the scheme's name as real text", () => {
    renderLayout();
    const banner = screen.getByRole("banner");
    expect(banner).toHaveTextContent(testConfig.schemeName);
    const mark = within(banner).getByTestId("scheme-mark");
    expect(mark).toHaveAttribute("aria-hidden", "true");
    expect(within(banner).queryByRole("img")).toBeNull();
  });

  it("ends every page with a footer of the scheme's contact numbers and hours", () => {
    renderLayout();
    const footer = screen.getByRole("contentinfo");
    for (const line of SCHEME_CONTACT_LINES) {
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
    ["Privacy notice", "/privacy-notice"],
    ["PAIA manual", "/paia-manual"],
  ])("links to the %s on the scheme's website, in a new tab, saying so", (name, path) => {
    renderLayout();
    const link = within(screen.getByRole("contentinfo")).getByRole("link", {
      name: `${name} ${LEAVES_PORTAL_NOTE}`,
    });
    expect(link).toHaveAttribute("href", `${testConfig.schemeSiteUrl}${path}`);
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });
});
