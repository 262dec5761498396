import {
  GATEWAY_PATH,
  PORTAL_PING_PATH,
  portalPingResponseSchema,
  type SessionInfo,
  sessionInfoSchema,
} from "@portal/domain";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http } from "msw";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { consoleQueryHandler, queueHandler } from "../../features/desk/testing/handlers";
import { setCookie } from "../../lib/cookies";
import { agent, noContent, staffHandler, staffSession } from "../../testing/console/console-handlers";
import { contractJson, contractText, errorJson } from "../../testing/contract-json";
import { recordRequests, sentKeys, server } from "../../testing/msw-server";
import { loggedInSession as memberSession, sessionHandler } from "../../testing/session-handlers";
import { createTestQueryClient, LocationProbe, shownLocation, testConfig } from "../../testing/test-utils";
import { AppProvider } from "../provider";
import { AppRoutes, appRoutes } from "../router";

function renderApp(path: string, session: () => SessionInfo) {
  server.use(sessionHandler(session), staffHandler());
  const sent = recordRequests();
  const shown = shownLocation();
  const queryClient = createTestQueryClient();
  render(
    <AppProvider config={testConfig} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes routes={appRoutes} />
        <LocationProbe into={shown} />
      </MemoryRouter>
    </AppProvider>,
  );
  const location = () => shown.href;
  const consoleCalls = () => sentKeys(sent).filter((key) => key.includes("/api/console/"));
  const consoleCache = () => queryClient.getQueryCache().findAll({ queryKey: ["console"] });
  return { location, sent, consoleCalls, consoleCache, queryClient };
}

describe("the console's route", () => {
  it("sends someone without a session to login, to come back to the console page afterwards", async () => {
    const app = renderApp("/console/queries/300001", () => ({ authenticated: false }));
    await waitFor(() => expect(app.location()).toBe("/login?redirectTo=%2Fconsole%2Fqueries%2F300001"));
    expect(await screen.findByLabelText("Username")).toBeInTheDocument();
    expect(app.consoleCalls()).toEqual([]);
  });

  it("after logging in, brings staff back to the console page they wanted", async () => {
    setCookie("XSRF-TOKEN", "t");
    let session: SessionInfo = { authenticated: false };
    server.use(
      consoleQueryHandler(),
      http.post(GATEWAY_PATH, () => {
        session = staffSession(agent);
        return contractJson(sessionInfoSchema, session);
      }),
      http.get(PORTAL_PING_PATH, () => contractText(portalPingResponseSchema, "ok")),
    );
    const app = renderApp("/console/queries/300001", () => session);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Username"), "demo.agent");
    await user.type(screen.getByLabelText("Password"), "secret");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Query 300001" })).toBeInTheDocument();
    expect(app.location()).toBe("/console/queries/300001");
    expect(document.title).toBe(`Query 300001 · Staff console · ${testConfig.brand.shortName}`);
  });

  it("sends a member to login, which takes them home: no console screen and no console call", async () => {
    const app = renderApp("/console", () => memberSession);
    await waitFor(() => expect(app.location()).toBe("/contact-us/default"));
    expect(screen.queryByRole("heading", { name: "Queries" })).toBeNull();
    expect(app.consoleCalls()).toEqual([]);
  });

  it("shows staff the console, loaded lazily, in its own frame", async () => {
    server.use(queueHandler());
    const app = renderApp("/console", () => staffSession(agent));
    expect(await screen.findByRole("heading", { level: 1, name: "Queries" })).toBeInTheDocument();
    expect(screen.getByRole("banner")).toHaveTextContent(`${testConfig.brand.name} · Staff console`);
    expect(document.title).toBe(`Queries · Staff console · ${testConfig.brand.shortName}`);
    expect(screen.queryByRole("navigation", { name: "Member menu" })).toBeNull();
    expect(app.location()).toBe("/console");
  });

  it("logs out: the console's answers leave the cache, and the login page shows", async () => {
    setCookie("XSRF-TOKEN", "t");
    server.use(
      consoleQueryHandler(),
      http.post("/wsg/logout", () => noContent()),
    );
    const app = renderApp("/console/queries/300001", () => staffSession(agent));
    await screen.findByRole("heading", { level: 2, name: "Thread" });
    expect(app.consoleCache().length).toBeGreaterThan(0);
    await userEvent
      .setup()
      .click(within(screen.getByRole("banner")).getByRole("button", { name: "Log out" }));
    await waitFor(() => expect(app.location()).toBe("/login"));
    expect(sentKeys(app.sent)).toContain("POST /wsg/logout");
    expect(app.consoleCache()).toEqual([]);
    expect(screen.queryByText("Zanele Khumalo")).toBeNull();
  });

  it("when the session runs out, forgets the console's answers and asks for the login again", async () => {
    let session: SessionInfo = staffSession(agent);
    server.use(
      consoleQueryHandler(),
      http.get("/api/console/queries", () => {
        session = { authenticated: false };
        return errorJson(401, "AUTH_REQUIRED", "Please log in.");
      }),
    );
    const app = renderApp("/console/queries/300001", () => session);
    await screen.findByRole("heading", { level: 2, name: "Thread" });
    await userEvent.setup().click(
      within(screen.getByRole("navigation", { name: "Console menu" })).getByRole("link", {
        name: "Queries",
      }),
    );
    await waitFor(() => expect(app.location()).toBe("/login?redirectTo=%2Fconsole"));
    expect(app.consoleCache()).toEqual([]);
  });
});
