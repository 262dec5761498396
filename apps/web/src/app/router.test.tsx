import type { SessionInfo } from "@portal/domain";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { setCookie } from "../lib/cookies";
import { getJson } from "../lib/http";
import { stubFetchRoutes } from "../testing/fetch-stub";
import { createTestQueryClient, testConfig } from "../testing/test-utils";
import { AppProvider } from "./provider";
import { AppRouter, appRoutes } from "./router";

const member: SessionInfo = {
  authenticated: true,
  member: { entityNumber: 7, firstName: "Ada", lastName: "M" },
};

function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const queryClient = createTestQueryClient();
  render(
    <AppProvider config={testConfig} queryClient={queryClient}>
      <AppRouter router={router} />
    </AppProvider>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, queryClient, location };
}

describe("routing and the session guard", () => {
  it("sends a member without a session to login with the page they wanted", async () => {
    stubFetchRoutes({ "GET /wsg/session": () => Response.json({ authenticated: false }) });
    const app = renderApp("/update?reference=12&timeline=false");
    await waitFor(() =>
      expect(app.location()).toBe("/login?redirectTo=%2Fupdate%3Freference%3D12%26timeline%3Dfalse"),
    );
    expect(await screen.findByLabelText("Username")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Log out" })).toBeNull();
  });

  it("redirects the root to contact-us/default and shows the page with the header", async () => {
    stubFetchRoutes({ "GET /wsg/session": () => Response.json(member) });
    const app = renderApp("/");
    expect(await screen.findByRole("heading", { level: 1, name: "How can we help?" })).toBeInTheDocument();
    expect(app.location()).toBe("/contact-us/default");
    expect(screen.getByRole("banner")).toHaveTextContent(testConfig.schemeName);
    expect(screen.getByRole("main")).toContainElement(screen.getByRole("heading", { level: 1 }));
    expect(screen.getByRole("button", { name: "Log out" })).toBeInTheDocument();
  });

  it.each([
    ["/update?reference=3&timeline=true", "/update/default?reference=3&timeline=true"],
    ["/update/medxpress?reference=3&timeline=false", "/update/medxpress?reference=3&timeline=false"],
    ["/document-submission?reference=4", "/document-submission?reference=4"],
    ["/contact-us/medxpress", "/contact-us/medxpress"],
    ["/no-such-page", "/contact-us/default"],
  ])("%s shows the page at %s", async (path, expected) => {
    stubFetchRoutes({ "GET /wsg/session": () => Response.json(member) });
    const app = renderApp(path);
    expect(await screen.findByRole("heading", { level: 1, name: "How can we help?" })).toBeInTheDocument();
    expect(app.location()).toBe(expected);
  });

  it("the header's Contact us and My membership links, next to Log out, open their pages and mark themselves current", async () => {
    stubFetchRoutes({ "GET /wsg/session": () => Response.json(member) });
    const app = renderApp("/contact-us/default");
    const menu = await screen.findByRole("navigation", { name: "Member menu" });
    const contactUs = within(menu).getByRole("link", { name: "Contact us" });
    const link = within(menu).getByRole("link", { name: "My membership" });
    expect(contactUs).toHaveAttribute("aria-current", "page");
    expect(link).not.toHaveAttribute("aria-current");
    expect(within(menu).getByRole("button", { name: "Log out" })).toBeInTheDocument();

    // Keyboard first: the links are the first stops in the header.
    const user = userEvent.setup();
    await user.tab();
    expect(contactUs).toHaveFocus();
    await user.tab();
    expect(link).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("heading", { level: 1, name: "My membership" })).toBeInTheDocument();
    expect(app.location()).toBe("/my-membership");
    expect(screen.getByRole("link", { name: "My membership" })).toHaveAttribute("aria-current", "page");
    await user.click(screen.getByRole("link", { name: "Contact us" }));
    expect(app.location()).toBe("/contact-us/default");
  });

  it("after login returns to the page the member wanted", async () => {
    setCookie("XSRF-TOKEN", "t");
    let session: SessionInfo = { authenticated: false };
    stubFetchRoutes({
      "GET /wsg/session": () => Response.json(session),
      "POST /wsg/rest": () => {
        session = member;
        return Response.json({});
      },
      "GET /portal/wlxapp/Ping.srv": () => new Response("ok"),
    });
    const app = renderApp("/document-submission?reference=5");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Username"), "member1");
    await user.type(screen.getByLabelText("Password"), "secret");
    app.queryClient.setQueryData(["my-membership", "details"], { firstName: "Previous member" });
    await user.click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() => expect(app.location()).toBe("/document-submission?reference=5"));
    expect(await screen.findByRole("heading", { name: "How can we help?" })).toBeInTheDocument();
    // Nothing cached before the log-in survives it.
    expect(app.queryClient.getQueryData(["my-membership", "details"])).toBeUndefined();
  });

  it("ignores a redirectTo that leaves the app and goes to the root", async () => {
    setCookie("XSRF-TOKEN", "t");
    let session: SessionInfo = { authenticated: false };
    stubFetchRoutes({
      "GET /wsg/session": () => Response.json(session),
      "POST /wsg/rest": () => {
        session = member;
        return Response.json({});
      },
      "GET /portal/wlxapp/Ping.srv": () => new Response("ok"),
    });
    const app = renderApp(`/login?redirectTo=${encodeURIComponent("//evil.example/x")}`);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Username"), "member1");
    await user.type(screen.getByLabelText("Password"), "secret");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() => expect(app.location()).toBe("/contact-us/default"));
  });

  it("returns to login, remembering the page, when any call answers 401", async () => {
    stubFetchRoutes({
      "GET /wsg/session": () => Response.json(member),
      "GET /api/smart-inquiry/member-queries": () => new Response(null, { status: 401 }),
    });
    const app = renderApp("/contact-us/medxpress");
    await screen.findByRole("heading", { name: "How can we help?" });
    await act(() => getJson("/api/smart-inquiry/member-queries").catch(() => undefined));
    await waitFor(() => expect(app.location()).toBe("/login?redirectTo=%2Fcontact-us%2Fmedxpress"));
  });

  it("forgets every cached answer when the session runs out, so the next member sees none of them", async () => {
    stubFetchRoutes({
      "GET /wsg/session": () => Response.json(member),
      "GET /api/smart-inquiry/member-queries": () => new Response(null, { status: 401 }),
    });
    const app = renderApp("/contact-us/default");
    await screen.findByRole("heading", { name: "How can we help?" });
    app.queryClient.setQueryData(["my-membership", "details"], { firstName: "Previous member" });
    await act(() => getJson("/api/smart-inquiry/member-queries").catch(() => undefined));
    await waitFor(() => expect(app.location()).toBe("/login?redirectTo=%2Fcontact-us%2Fdefault"));
    expect(app.queryClient.getQueryData(["my-membership", "details"])).toBeUndefined();
    expect(app.queryClient.getQueryData(["session"])).toEqual({ authenticated: false });
  });

  it("logs out: POST /wsg/logout, cache cleared, back to login", async () => {
    setCookie("XSRF-TOKEN", "t");
    const calls = stubFetchRoutes({
      "GET /wsg/session": () => Response.json(member),
      "POST /wsg/logout": () => new Response(null, { status: 204 }),
    });
    const app = renderApp("/contact-us/default");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Log out" }));
    await waitFor(() => expect(app.location()).toBe("/login"));
    const logoutCall = calls.find((call) => call.key === "POST /wsg/logout");
    expect(new Headers(logoutCall?.init?.headers).get("X-XSRF-TOKEN")).toBe("t");
    expect(app.queryClient.getQueryData(["session"])).toBeUndefined();
    // Leaving the guarded page first means the cleared cache does not trigger another session probe.
    expect(calls.filter((call) => call.key === "GET /wsg/session")).toHaveLength(1);
  });

  it("offers a retry when the session cannot be checked", async () => {
    stubFetchRoutes({ "GET /wsg/session": () => new Response(null, { status: 503 }) });
    renderApp("/contact-us/default");
    expect(await screen.findByRole("alert")).toHaveTextContent("We are unable to check your login");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
