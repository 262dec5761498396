import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { server } from "../../testing/msw-server";
import { sessionHandler } from "../../testing/session-handlers";
import { renderWithProviders, testConfig } from "../../testing/test-utils";
import { LoginRoute } from "./login";

describe("the login screen", () => {
  it("says why when the member was logged out for inactivity", async () => {
    server.use(sessionHandler(() => ({ authenticated: false })));
    renderWithProviders(<LoginRoute />, { route: "/login?reason=expired" });
    expect(await screen.findByRole("status")).toHaveTextContent(
      "You were logged out because you were inactive for a while. Please log in again.",
    );
  });

  it("says nothing of the kind otherwise", async () => {
    server.use(sessionHandler(() => ({ authenticated: false })));
    renderWithProviders(<LoginRoute />, { route: "/login" });
    expect(await screen.findByRole("heading", { name: "Member login" })).toBeVisible();
    expect(screen.queryByText(/inactive for a while/)).toBeNull();
  });

  it("links to the staff sign-in when staff sign in through the scheme's provider, and not otherwise", async () => {
    server.use(sessionHandler(() => ({ authenticated: false })));
    const { unmount } = renderWithProviders(<LoginRoute />, {
      route: "/login",
      config: { ...testConfig, staffSignIn: true },
    });
    expect(await screen.findByRole("link", { name: "Staff sign-in" })).toHaveAttribute(
      "href",
      "/auth/staff/login",
    );
    unmount();
    renderWithProviders(<LoginRoute />, { route: "/login" });
    expect(await screen.findByRole("heading", { name: "Member login" })).toBeVisible();
    expect(screen.queryByRole("link", { name: "Staff sign-in" })).toBeNull();
  });
});
