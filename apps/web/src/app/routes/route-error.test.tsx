import { act, render, screen } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import {
  createTestQueryClient,
  LocationProbe,
  shownLocation,
  TestProviders,
  testConfig,
} from "../../testing/test-utils";
import { RouteErrorBoundary } from "./route-error";

function Broken(): never {
  throw new Error("render failed");
}

/** Throws on the broken page only, like a screen whose chunk failed to download. */
function Screen() {
  const { pathname } = useLocation();
  return pathname === "/broken" ? <Broken /> : <p>Working page</p>;
}

function Guarded() {
  const location = useLocation();
  return (
    <RouteErrorBoundary location={location}>
      <Screen />
    </RouteErrorBoundary>
  );
}

function renderAt(path: string) {
  const shown = shownLocation();
  render(
    <TestProviders queryClient={createTestQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Guarded />
        <LocationProbe into={shown} />
      </MemoryRouter>
    </TestProviders>,
  );
  return shown;
}

describe("RouteErrorBoundary", () => {
  it("says something went wrong, offers a reload, and titles the tab so", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderAt("/broken");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Something went wrong while showing this page.",
    );
    expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
    expect(document.title).toBe(`Something went wrong · ${testConfig.brand.shortName}`);
  });

  it("tries again once the address changes (the back button, a link)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const shown = renderAt("/broken");
    await screen.findByRole("alert");
    await act(() => shown.navigate?.("/elsewhere"));
    expect(await screen.findByText("Working page")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
