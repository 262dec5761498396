import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { createTestQueryClient, TestProviders, testConfig } from "../../testing/test-utils";
import { RouteError } from "./route-error";

function Broken(): never {
  throw new Error("render failed");
}

describe("RouteError", () => {
  it("says something went wrong, offers a reload, and titles the tab so", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const router = createMemoryRouter([{ path: "/", element: <Broken />, errorElement: <RouteError /> }]);
    render(
      <TestProviders queryClient={createTestQueryClient()}>
        <RouterProvider router={router} />
      </TestProviders>,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Something went wrong while showing this page.",
    );
    expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
    expect(document.title).toBe(`Something went wrong · ${testConfig.schemeName}`);
  });
});
