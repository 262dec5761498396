import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AppConfigContext } from "../../config/app-config";
import { testConfig } from "../../testing/test-utils";
import { AppLayout } from "../layouts/app-layout";
import { SkipLink } from "./skip-link";

describe("SkipLink", () => {
  it("is hidden until focused, and moves focus to its target without touching the address", async () => {
    window.location.hash = "#/contact-us/default";
    render(
      <>
        <SkipLink targetId="target">Skip to the form</SkipLink>
        <button type="button">Pencil 1</button>
        <button type="button">Pencil 2</button>
        <h2 id="target" tabIndex={-1}>
          The form
        </h2>
        <button type="button">First field</button>
      </>,
    );
    const user = userEvent.setup();
    const link = screen.getByRole("link", { name: "Skip to the form" });
    expect(link).toHaveClass("visually-hidden-focusable");
    await user.tab();
    expect(link).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("heading", { name: "The form" })).toHaveFocus();
    // The hash router's address is left alone: "#target" would have been read as a page.
    expect(window.location.hash).toBe("#/contact-us/default");
    await user.tab();
    expect(screen.getByRole("button", { name: "First field" })).toHaveFocus();
  });
});

describe("AppLayout", () => {
  it("offers Skip to main content first, past the header's links, to the page's one main landmark", async () => {
    render(
      <AppConfigContext value={testConfig}>
        <AppLayout schemeName="Test Medical Scheme" headerActions={<a href="#/x">Header link</a>}>
          <button type="button">On the page</button>
        </AppLayout>
      </AppConfigContext>,
    );
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole("link", { name: "Skip to main content" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("main")).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "On the page" })).toHaveFocus();
  });
});
