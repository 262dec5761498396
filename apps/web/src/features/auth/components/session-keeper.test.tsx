import { GATEWAY_PATH, PORTAL_PING_PATH, sessionInfoSchema } from "@portal/domain";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setCookie } from "../../../lib/cookies";
import { reportServerAnswer, reportUnauthorized } from "../../../lib/http";
import { onSessionResumed } from "../../../lib/session-events";
import { contractJson, errorJson } from "../../../testing/contract-json";
import { server } from "../../../testing/msw-server";
import { sessionHandler } from "../../../testing/session-handlers";
import { renderWithProviders, testConfig } from "../../../testing/test-utils";
import { SESSION_ENDED_CLASS, SessionKeeper } from "./session-keeper";

// Warned before the idle limit; once the session has ended, a log-in in place keeps the work.

const config = { ...testConfig, sessionIdleMinutes: 3 };
const member = { entityNumber: 7, firstName: "Ada", lastName: "M" };

function renderPageWithKeeper() {
  return renderWithProviders(
    <main>
      <label htmlFor="details">Query details</label>
      <textarea id="details" />
      <SessionKeeper entityNumber={member.entityNumber} />
    </main>,
    { route: "/contact-us/default", config, extraRoutes: ["/login"] },
  );
}

const gatewayAnswers = (entityNumber: number) => [
  http.post(GATEWAY_PATH, () =>
    contractJson(sessionInfoSchema, {
      authenticated: true,
      workspace: "member",
      member: { ...member, entityNumber },
    }),
  ),
  http.get(PORTAL_PING_PATH, () => new HttpResponse("OK", { headers: { "content-type": "text/plain" } })),
];

describe("SessionKeeper", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setCookie("XSRF-TOKEN", "token", { path: "/" });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("asks two minutes before the idle limit, and Stay logged in keeps the session", async () => {
    server.use(sessionHandler());
    renderPageWithKeeper();
    expect(screen.queryByRole("dialog")).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(65_000));
    const warning = await screen.findByRole("dialog", { name: "Are you still there?" });
    expect(warning).toHaveTextContent("logged out after 3 minutes without activity");
    await userEvent.click(within(warning).getByRole("button", { name: "Stay logged in" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("a server answer counts as activity: no warning while the member is busy", async () => {
    renderPageWithKeeper();
    for (let step = 0; step < 6; step += 1) {
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      reportServerAnswer(200);
    }
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("once the session has ended, a log-in in place keeps what was typed, and the page is hidden meanwhile", async () => {
    server.use(...gatewayAnswers(member.entityNumber));
    renderPageWithKeeper();
    await userEvent.type(screen.getByLabelText("Query details"), "My claim was not paid");
    act(() => reportUnauthorized());
    const dialog = await screen.findByRole("dialog", { name: "Your session has ended" });
    expect(document.body.classList.contains(SESSION_ENDED_CLASS)).toBe(true);
    expect(dialog).toHaveTextContent("what you typed and the files you chose are kept");
    await userEvent.type(within(dialog).getByLabelText("Username"), "ada");
    await userEvent.type(within(dialog).getByLabelText("Password"), "Correct-Horse-1!");
    await userEvent.click(within(dialog).getByRole("button", { name: "Log in" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.body.classList.contains(SESSION_ENDED_CLASS)).toBe(false);
    expect(screen.getByLabelText("Query details")).toHaveValue("My claim was not paid");
  });

  it("says the session ended elsewhere when the server refused it before the idle limit", async () => {
    renderPageWithKeeper();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    act(() => reportUnauthorized());
    const dialog = await screen.findByRole("dialog", { name: "Your session has ended" });
    expect(dialog).toHaveTextContent(
      "You were logged out: you logged out in another tab or window, or your password was changed.",
    );
    expect(dialog).not.toHaveTextContent("without activity");
  });

  it("says the session ended for want of activity once the idle limit passed", async () => {
    renderPageWithKeeper();
    await act(() => vi.advanceTimersByTimeAsync(3 * 60_000 + 10_000));
    const dialog = await screen.findByRole("dialog", { name: "Your session has ended" });
    expect(dialog).toHaveTextContent("You were logged out after 3 minutes without activity.");
  });

  it("tells the page the session was taken up again, so errors from while it was gone can go", async () => {
    server.use(...gatewayAnswers(member.entityNumber));
    const resumed = vi.fn();
    const stop = onSessionResumed(resumed);
    renderPageWithKeeper();
    act(() => reportUnauthorized());
    const dialog = await screen.findByRole("dialog", { name: "Your session has ended" });
    expect(resumed).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByLabelText("Username"), "ada");
    await userEvent.type(within(dialog).getByLabelText("Password"), "Correct-Horse-1!");
    await userEvent.click(within(dialog).getByRole("button", { name: "Log in" }));
    await waitFor(() => expect(resumed).toHaveBeenCalledTimes(1));
    stop();
  });

  it("shows the gateway's sentence for a wrong password and stays", async () => {
    server.use(
      http.post(GATEWAY_PATH, () =>
        errorJson(401, "LOGIN_FAILED", "Your username or password is incorrect."),
      ),
    );
    renderPageWithKeeper();
    act(() => reportUnauthorized());
    const dialog = await screen.findByRole("dialog", { name: "Your session has ended" });
    await userEvent.type(within(dialog).getByLabelText("Username"), "ada");
    await userEvent.type(within(dialog).getByLabelText("Password"), "wrong");
    await userEvent.click(within(dialog).getByRole("button", { name: "Log in" }));
    expect(await within(dialog).findByText("Your username or password is incorrect.")).toBeVisible();
  });

  it("asks for both fields before logging in again, and sends nothing until they are filled", async () => {
    let gatewayCalls = 0;
    server.use(
      http.post(GATEWAY_PATH, () => {
        gatewayCalls += 1;
        return errorJson(401, "LOGIN_FAILED", "Your username or password is incorrect.");
      }),
    );
    renderPageWithKeeper();
    act(() => reportUnauthorized());
    const dialog = await screen.findByRole("dialog", { name: "Your session has ended" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Log in" }));
    expect(await within(dialog).findByText("Please enter your username")).toBeVisible();
    expect(within(dialog).getByText("Please enter your password")).toBeVisible();
    expect(within(dialog).getByLabelText("Username")).toHaveFocus();
    // The messages follow what is typed from then on.
    await userEvent.type(within(dialog).getByLabelText("Username"), "ada");
    expect(within(dialog).queryByText("Please enter your username")).toBeNull();
    expect(gatewayCalls).toBe(0);
  });

  it("Log out instead goes to the login screen, which says why", async () => {
    const { router } = renderPageWithKeeper();
    act(() => reportUnauthorized());
    const dialog = await screen.findByRole("dialog", { name: "Your session has ended" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Log out instead" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toBe("?reason=expired");
  });
});
