import {
  GATEWAY_PATH,
  PORTAL_PING_PATH,
  portalPingResponseSchema,
  secondFactorRequiredSchema,
} from "@portal/domain";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { setCookie } from "../../lib/cookies";
import { contractJson, contractText } from "../../testing/contract-json";
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

  it("is a staff screen once a staff log-in's password is right: no member heading, no Register or Forgot password", async () => {
    setCookie("XSRF-TOKEN", "pre-session-token");
    server.use(
      sessionHandler(() => ({ authenticated: false })),
      http.post(GATEWAY_PATH, () =>
        contractJson(secondFactorRequiredSchema, { authenticated: false, secondFactor: "code" }),
      ),
      http.get(PORTAL_PING_PATH, () => contractText(portalPingResponseSchema, "pong")),
    );
    renderWithProviders(<LoginRoute />, { route: "/login?reason=expired" });
    const user = userEvent.setup();
    expect(await screen.findByRole("link", { name: "Register" })).toBeVisible();
    await user.type(screen.getByLabelText("Username"), "demo.supervisor");
    await user.type(screen.getByLabelText("Password"), "right password");
    await user.click(screen.getByRole("button", { name: /Log in/ }));

    expect(await screen.findByRole("heading", { name: "Enter your sign-in code" })).toHaveFocus();
    expect(screen.getByRole("heading", { level: 1, name: "Staff sign-in" })).toBeVisible();
    expect(document.title).toMatch(/^Staff sign-in/);
    expect(screen.queryByRole("heading", { name: "Member login" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Register" })).toBeNull();
    expect(screen.queryByRole("link", { name: /Forgot your password/ })).toBeNull();
    expect(screen.queryByText(/inactive for a while/)).toBeNull();
  });
});
