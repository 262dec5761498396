import { ACCOUNT_MESSAGES, ACCOUNT_PATHS } from "@portal/domain";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http } from "msw";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { paths } from "../config/paths";
import { accountCallFails, mailedToken } from "../features/account-access/testing/handlers";
import { setCookie } from "../lib/cookies";
import { errorJson } from "../testing/contract-json";
import { server } from "../testing/msw-server";
import {
  loggedInSession as member,
  sessionHandler,
  staffSession as staff,
} from "../testing/session-handlers";
import { createTestQueryClient, LocationProbe, shownLocation, testConfig } from "../testing/test-utils";
import { AppProvider } from "./provider";
import { AppRoutes, appRoutes } from "./router";

// The registration and password pages sit outside the member pages' guard: reachable without a
// session, and left for the root by anyone who has one.

const consoleStandIn = { path: paths.console.path, element: <p>Staff console stand-in</p> };

function renderApp(path: string) {
  const shown = shownLocation();
  render(
    <AppProvider config={testConfig} queryClient={createTestQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes routes={[consoleStandIn, ...appRoutes]} />
        <LocationProbe into={shown} />
      </MemoryRouter>
    </AppProvider>,
  );
  return { shown, location: () => shown.href };
}

const accountPages = [
  [paths.register.getHref(), "Register"],
  [paths.activateAccount.getHref(mailedToken), "Create your log-in"],
  [paths.forgotPassword.getHref(), "Forgot your password?"],
  [paths.resetPassword.getHref(mailedToken), "Choose a new password"],
] as const;

describe("the account pages' routes", () => {
  it.each(accountPages)("%s opens without a session", async (path, heading) => {
    server.use(sessionHandler(() => ({ authenticated: false })));
    const app = renderApp(path);
    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
    expect(app.location()).toBe(path);
    expect(screen.getByRole("banner")).toHaveTextContent(testConfig.brand.name);
    expect(screen.queryByRole("navigation", { name: "Member menu" })).toBeNull();
  });

  it("the mailed activation link's token reaches the form", async () => {
    server.use(sessionHandler(() => ({ authenticated: false })));
    renderApp(paths.activateAccount.getHref(mailedToken));
    expect(await screen.findByLabelText("Username")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it.each(accountPages)(
    "a logged-in member opening %s goes to the root, which is their home",
    async (path) => {
      server.use(sessionHandler(() => member));
      const app = renderApp(path);
      expect(await screen.findByRole("heading", { level: 1, name: "How can we help?" })).toBeInTheDocument();
      expect(app.location()).toBe("/contact-us/default");
    },
  );

  it("a new link opened in the same tab starts afresh, not with the last link's outcome", async () => {
    setCookie("XSRF-TOKEN", "t");
    server.use(
      sessionHandler(() => ({ authenticated: false })),
      accountCallFails(ACCOUNT_PATHS.passwordResetComplete, 400, "ACCOUNT_LINK_INVALID"),
    );
    const app = renderApp(paths.resetPassword.getHref(mailedToken));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("New password"), "Quiet-River-Lantern-17");
    await user.type(screen.getByLabelText("Confirm new password"), "Quiet-River-Lantern-17");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(ACCOUNT_MESSAGES.linkInvalid);

    const newerToken = `${mailedToken.slice(0, -1)}A`;
    await act(() => app.shown.navigate?.(paths.resetPassword.getHref(newerToken)));
    expect(await screen.findByLabelText("New password")).toHaveValue("");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("staff opening the register page go to the console", async () => {
    server.use(sessionHandler(() => staff));
    const app = renderApp(paths.register.getHref());
    expect(await screen.findByText("Staff console stand-in")).toBeInTheDocument();
    expect(app.location()).toBe("/console");
  });

  it("still shows the page when the session cannot be checked: it needs none", async () => {
    server.use(http.get("/wsg/session", () => errorJson(503, "INTERNAL_ERROR")));
    renderApp(paths.forgotPassword.getHref());
    expect(
      await screen.findByRole("heading", { level: 1, name: "Forgot your password?" }),
    ).toBeInTheDocument();
  });

  it("the login screen keeps its form and leads to both pages", async () => {
    server.use(sessionHandler(() => ({ authenticated: false })));
    const app = renderApp(paths.login.getHref());
    const user = userEvent.setup();
    expect(screen.getByLabelText("Username")).toBeInTheDocument();
    expect(screen.getByLabelText("Password")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Log in" })).toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Register" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Register" })).toBeInTheDocument();
    expect(app.location()).toBe("/register");
    await user.click(screen.getByRole("link", { name: "Log in" }));
    await user.click(await screen.findByRole("link", { name: "Forgot your password?" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Forgot your password?" }),
    ).toBeInTheDocument();
    await waitFor(() => expect(app.location()).toBe("/forgot-password"));
  });
});
