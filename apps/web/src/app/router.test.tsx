import {
  GATEWAY_PATH,
  PORTAL_PING_PATH,
  portalPingResponseSchema,
  type SessionInfo,
  sessionInfoSchema,
} from "@portal/domain";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http, type RequestHandler } from "msw";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { paths } from "../config/paths";
import { interactionTimelineHandler } from "../features/interaction-timeline/testing/handlers";
import { setCookie } from "../lib/cookies";
import { getJson } from "../lib/http";
import { contractJson, contractText, errorJson } from "../testing/contract-json";
import { recordRequests, sentKeys, server } from "../testing/msw-server";
import {
  loggedInSession as member,
  sessionHandler,
  staffSession as staff,
} from "../testing/session-handlers";
import { createTestQueryClient, LocationProbe, shownLocation, testConfig } from "../testing/test-utils";
import { AppProvider } from "./provider";
import { AppRoutes, appRoutes } from "./router";

const OPEN_QUERIES = "/api/smart-inquiry/member-queries";

/** Logging in succeeds and answers this session (the member's by default); the portal ping answers. */
function loginHandlers(onLogin: () => void, answer: SessionInfo = member) {
  return [
    http.post(GATEWAY_PATH, () => {
      onLogin();
      return contractJson(sessionInfoSchema, answer);
    }),
    http.get(PORTAL_PING_PATH, () => contractText(portalPingResponseSchema, "ok")),
  ];
}

/** Nobody is logged in until the log-in form is sent; from then on the session is `who`'s. */
function loggedOutUntilLogIn(who: SessionInfo, ...moreHandlers: RequestHandler[]) {
  setCookie("XSRF-TOKEN", "t");
  let session: SessionInfo = { authenticated: false };
  server.use(
    sessionHandler(() => session),
    ...moreHandlers,
    ...loginHandlers(() => {
      session = who;
    }, who),
  );
}

/** Fills in the login screen as `username` and sends it. */
async function logInOnScreen(username: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText("Username"), username);
  await user.type(screen.getByLabelText("Password"), "secret");
  await user.click(screen.getByRole("button", { name: "Log in" }));
}

/** Stands in for the console's own route, which the console brings, so these tests see where staff land. */
const consoleStandIn = { path: paths.console.path, element: <p>Staff console stand-in</p> };

function renderApp(path: string) {
  const shown = shownLocation();
  const queryClient = createTestQueryClient();
  render(
    <AppProvider config={testConfig} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes routes={[consoleStandIn, ...appRoutes]} />
        <LocationProbe into={shown} />
      </MemoryRouter>
    </AppProvider>,
  );
  const location = () => shown.href;
  return { shown, queryClient, location };
}

describe("routing and the session guard", () => {
  it("sends a member without a session to login with the page they wanted", async () => {
    server.use(sessionHandler(() => ({ authenticated: false })));
    const app = renderApp("/update?reference=12&timeline=false");
    await waitFor(() =>
      expect(app.location()).toBe("/login?redirectTo=%2Fupdate%3Freference%3D12%26timeline%3Dfalse"),
    );
    expect(await screen.findByLabelText("Username")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Log out" })).toBeNull();
  });

  it("redirects the root to contact-us/default and shows the page with the header", async () => {
    server.use(sessionHandler());
    const app = renderApp("/");
    expect(await screen.findByRole("heading", { level: 1, name: "How can we help?" })).toBeInTheDocument();
    expect(app.location()).toBe("/contact-us/default");
    expect(screen.getByRole("banner")).toHaveTextContent(testConfig.brand.name);
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
    server.use(sessionHandler());
    const app = renderApp(path);
    expect(await screen.findByRole("heading", { level: 1, name: "How can we help?" })).toBeInTheDocument();
    expect(app.location()).toBe(expected);
  });

  it.each([
    ["/contact-us/default", "How can we help?", "Contact us"],
    ["/contact-us/medxpress", "How can we help?", "Contact us"],
    ["/update/default?reference=3&timeline=true", "How can we help?", "Query 3"],
    ["/document-submission?reference=4", "How can we help?", "Document submission 4"],
    ["/my-membership", "My membership", "My membership"],
    ["/interaction-timeline", "Interaction timeline", "Interaction timeline"],
    ["/my-data", "My data", "My data"],
  ])("titles the browser tab of %s after the screen", async (path, heading, title) => {
    server.use(sessionHandler());
    renderApp(path);
    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
    expect(document.title).toBe(`${title} · ${testConfig.brand.shortName}`);
  });

  it("titles the login screen's tab", async () => {
    server.use(sessionHandler(() => ({ authenticated: false })));
    renderApp("/login");
    expect(await screen.findByRole("heading", { level: 1, name: "Member login" })).toBeInTheDocument();
    expect(document.title).toBe(`Member login · ${testConfig.brand.shortName}`);
  });

  it("the header's Contact us, My membership, Interaction timeline and My data links, next to Log out, open their pages and mark themselves current", async () => {
    server.use(sessionHandler(), interactionTimelineHandler());
    const app = renderApp("/contact-us/default");
    const menu = await screen.findByRole("navigation", { name: "Member menu" });
    const contactUs = within(menu).getByRole("link", { name: "Contact us" });
    const link = within(menu).getByRole("link", { name: "My membership" });
    const timeline = within(menu).getByRole("link", { name: "Interaction timeline" });
    const myData = within(menu).getByRole("link", { name: "My data" });
    expect(contactUs).toHaveAttribute("aria-current", "page");
    expect(link).not.toHaveAttribute("aria-current");
    expect(timeline).not.toHaveAttribute("aria-current");
    expect(myData).not.toHaveAttribute("aria-current");
    expect(within(menu).getByRole("button", { name: "Log out" })).toBeInTheDocument();

    // Keyboard first: after the skip link, the links are the first stops in the header.
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole("link", { name: "Skip to main content" })).toHaveFocus();
    await user.tab();
    expect(contactUs).toHaveFocus();
    await user.tab();
    expect(link).toHaveFocus();
    await user.tab();
    expect(timeline).toHaveFocus();
    await user.tab();
    expect(myData).toHaveFocus();
    await user.tab();
    expect(within(menu).getByRole("button", { name: "Log out" })).toHaveFocus();
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("heading", { level: 1, name: "My membership" })).toBeInTheDocument();
    expect(app.location()).toBe("/my-membership");
    expect(screen.getByRole("link", { name: "My membership" })).toHaveAttribute("aria-current", "page");
    await user.click(screen.getByRole("link", { name: "Interaction timeline" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Interaction timeline" }),
    ).toBeInTheDocument();
    expect(app.location()).toBe("/interaction-timeline");
    expect(screen.getByRole("link", { name: "Interaction timeline" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(screen.getByRole("link", { name: "My membership" })).not.toHaveAttribute("aria-current");
    await user.click(screen.getByRole("link", { name: "My data" }));
    expect(await screen.findByRole("heading", { level: 1, name: "My data" })).toBeInTheDocument();
    expect(app.location()).toBe("/my-data");
    expect(screen.getByRole("link", { name: "My data" })).toHaveAttribute("aria-current", "page");
    await user.click(screen.getByRole("link", { name: "Contact us" }));
    expect(app.location()).toBe("/contact-us/default");
  });

  it("shows the interaction timeline at /interaction-timeline, where the server sends the success message's link", async () => {
    server.use(sessionHandler(), interactionTimelineHandler());
    const app = renderApp(paths.interactionTimeline.getHref());
    expect(
      await screen.findByRole("heading", { level: 1, name: "Interaction timeline" }),
    ).toBeInTheDocument();
    expect(await screen.findByRole("article", { name: "Query 300010" })).toBeInTheDocument();
    expect(app.location()).toBe("/interaction-timeline");
  });

  it("sends a member who is not logged in from the timeline to login, and back after it", async () => {
    loggedOutUntilLogIn(member, interactionTimelineHandler());
    const app = renderApp("/interaction-timeline");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Username"), "member1");
    expect(app.location()).toBe("/login?redirectTo=%2Finteraction-timeline");
    await user.type(screen.getByLabelText("Password"), "secret");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Interaction timeline" }),
    ).toBeInTheDocument();
    expect(app.location()).toBe("/interaction-timeline");
  });

  it("staff log in on the same screen and land on the console, not on the member page they came from", async () => {
    loggedOutUntilLogIn(staff);
    const sent = recordRequests();
    const app = renderApp("/document-submission?reference=5");
    await logInOnScreen("demo.agent");
    expect(await screen.findByText("Staff console stand-in")).toBeInTheDocument();
    expect(app.location()).toBe("/console");
    expect(screen.queryByRole("heading", { name: "How can we help?" })).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Member menu" })).toBeNull();
    // Nothing of the member screens was asked for on the way.
    expect(sentKeys(sent).filter((key) => key.startsWith("GET /api/"))).toEqual([]);
  });

  it("staff whose console session ran out return to the console screen they were on", async () => {
    loggedOutUntilLogIn(staff);
    const app = renderApp(`/login?redirectTo=${encodeURIComponent("/console/queries/12")}`);
    await logInOnScreen("demo.agent");
    expect(await screen.findByText("Staff console stand-in")).toBeInTheDocument();
    expect(app.location()).toBe("/console/queries/12");
  });

  it("a member who logs in from a console link lands on their home page", async () => {
    loggedOutUntilLogIn(member);
    const app = renderApp(`/login?redirectTo=${encodeURIComponent("/console/queries/12")}`);
    await logInOnScreen("member1");
    await waitFor(() => expect(app.location()).toBe("/contact-us/default"));
    expect(screen.queryByText("Staff console stand-in")).toBeNull();
  });

  it.each([
    "/",
    "/contact-us/default",
    "/my-membership",
    "/interaction-timeline",
    "/my-data",
    "/update/default?reference=3&timeline=true",
    "/document-submission?reference=4",
    "/no-such-page",
  ])(
    "a staff session opening %s goes to the console, shown and asked nothing of the member screens",
    async (path) => {
      server.use(sessionHandler(() => staff));
      const sent = recordRequests();
      const app = renderApp(path);
      expect(await screen.findByText("Staff console stand-in")).toBeInTheDocument();
      expect(app.location()).toBe("/console");
      expect(screen.queryByRole("navigation", { name: "Member menu" })).toBeNull();
      expect(screen.queryByRole("heading", { level: 1 })).toBeNull();
      expect(sentKeys(sent)).toEqual(["GET /wsg/session"]);
    },
  );

  it("after login returns to the page the member wanted", async () => {
    loggedOutUntilLogIn(member);
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
    loggedOutUntilLogIn(member);
    const app = renderApp(`/login?redirectTo=${encodeURIComponent("//evil.example/x")}`);
    await logInOnScreen("member1");
    await waitFor(() => expect(app.location()).toBe("/contact-us/default"));
  });

  it("a 401 on a member page asks the member to log in again in place, hiding the page meanwhile", async () => {
    server.use(
      sessionHandler(),
      http.get(OPEN_QUERIES, () => errorJson(401, "AUTH_REQUIRED", "Please log in.")),
    );
    const app = renderApp("/contact-us/medxpress");
    await screen.findByRole("heading", { name: "How can we help?" });
    await act(() => getJson(OPEN_QUERIES).catch(() => undefined));
    expect(await screen.findByRole("dialog", { name: "Your session has ended" })).toBeVisible();
    // Still on the page, whose form keeps what was typed, but nobody sees it until they log in.
    expect(app.location()).toBe("/contact-us/medxpress");
    expect(document.body.classList.contains("session-ended")).toBe(true);
  });

  it("choosing to log out after the session ran out forgets every cached answer, so the next member sees none", async () => {
    server.use(
      sessionHandler(),
      http.get(OPEN_QUERIES, () => errorJson(401, "AUTH_REQUIRED", "Please log in.")),
    );
    const app = renderApp("/contact-us/default");
    await screen.findByRole("heading", { name: "How can we help?" });
    app.queryClient.setQueryData(["my-membership", "details"], { firstName: "Previous member" });
    await act(() => getJson(OPEN_QUERIES).catch(() => undefined));
    const dialog = await screen.findByRole("dialog", { name: "Your session has ended" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Log out instead" }));
    await waitFor(() => expect(app.location()).toBe("/login?reason=expired"));
    expect(app.queryClient.getQueryData(["my-membership", "details"])).toBeUndefined();
    expect(app.queryClient.getQueryData(["session"])).toEqual({ authenticated: false });
    expect(document.body.classList.contains("session-ended")).toBe(false);
  });

  it("logs out: POST /wsg/logout, cache cleared, back to login", async () => {
    setCookie("XSRF-TOKEN", "t");
    server.use(
      sessionHandler(),
      http.post("/wsg/logout", () => new HttpResponse(null, { status: 204 })),
    );
    const sent = recordRequests();
    const app = renderApp("/contact-us/default");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Log out" }));
    await waitFor(() => expect(app.location()).toBe("/login"));
    expect(await screen.findByLabelText("Username")).toBeInTheDocument();
    const logoutCall = sent.find((entry) => entry.key === "POST /wsg/logout");
    expect(logoutCall?.request.headers.get("X-XSRF-TOKEN")).toBe("t");
    // Every answer is forgotten; all that is kept is what the server just said: nobody is logged in.
    expect(
      app.queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([["session"]]);
    expect(app.queryClient.getQueryData(["session"])).toEqual({ authenticated: false });
    // Leaving the guarded page first, with the session known to be over, means no second session probe.
    expect(sentKeys(sent).filter((key) => key === "GET /wsg/session")).toHaveLength(1);
  });

  it("when logging out fails, the login screen asks again, and a session still alive goes home", async () => {
    setCookie("XSRF-TOKEN", "t");
    server.use(
      sessionHandler(),
      http.post("/wsg/logout", () => errorJson(503, "INTERNAL_ERROR")),
    );
    const sent = recordRequests();
    const app = renderApp("/my-membership");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Log out" }));
    await waitFor(() => expect(sentKeys(sent).filter((key) => key === "GET /wsg/session")).toHaveLength(2));
    await waitFor(() => expect(app.location()).toBe("/contact-us/default"));
    expect(await screen.findByRole("button", { name: "Log out" })).toBeInTheDocument();
  });

  it.each([
    ["/login", "/contact-us/default"],
    [`/login?redirectTo=${encodeURIComponent("/my-membership")}`, "/my-membership"],
  ])("a member already logged in who opens %s goes to %s, not to a second log-in", async (path, expected) => {
    server.use(sessionHandler());
    const sent = recordRequests();
    const app = renderApp(path);
    await waitFor(() => expect(app.location()).toBe(expected));
    expect(screen.queryByLabelText("Username")).toBeNull();
    expect(sentKeys(sent).filter((key) => key.startsWith("POST "))).toEqual([]);
  });

  it("staff already logged in who open /login go to the console", async () => {
    server.use(sessionHandler(() => staff));
    const app = renderApp("/login");
    expect(await screen.findByText("Staff console stand-in")).toBeInTheDocument();
    expect(app.location()).toBe("/console");
  });

  it("shows the login form when the session cannot be checked: logging in needs none", async () => {
    server.use(http.get("/wsg/session", () => errorJson(503, "INTERNAL_ERROR")));
    const app = renderApp("/login");
    expect(await screen.findByLabelText("Username")).toBeInTheDocument();
    expect(app.location()).toBe("/login");
  });

  it("offers a retry when the session cannot be checked", async () => {
    server.use(http.get("/wsg/session", () => errorJson(503, "INTERNAL_ERROR")));
    renderApp("/contact-us/default");
    expect(await screen.findByRole("alert")).toHaveTextContent("We are unable to check your login");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
