import {
  buildAuthenticationRequestMessage,
  GATEWAY_PATH,
  PORTAL_PING_PATH,
  portalPingResponseSchema,
  sessionInfoSchema,
} from "@portal/domain";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getCookie, removeCookie, setCookie } from "../../../lib/cookies";
import { contractJson, contractText, errorJson } from "../../../testing/contract-json";
import { server } from "../../../testing/msw-server";
import { loggedInSession, staffSession } from "../../../testing/session-handlers";
import { renderWithProviders, testConfig } from "../../../testing/test-utils";
import { LoginForm } from "./login-form";

interface Call {
  method: string;
  url: string;
  body: unknown;
  headers: Headers;
  portalIdCookie: string | undefined;
}

/** Records every request, with the PORTALID cookie as it was at that moment. */
function stubServer(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  server.use(
    http.all("*", async ({ request }) => {
      const body = await request.text();
      const call: Call = {
        method: request.method,
        url: new URL(request.url).pathname,
        body: body === "" ? undefined : JSON.parse(body),
        headers: request.headers,
        portalIdCookie: getCookie("PORTALID"),
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

/** The gateway's answer to a good login: the member's session. */
const loggedIn = () => contractJson(sessionInfoSchema, loggedInSession);
const pong = () => contractText(portalPingResponseSchema, "pong");

function setup() {
  const onSuccess = vi.fn();
  const user = userEvent.setup();
  const { queryClient } = renderWithProviders(<LoginForm onSuccess={onSuccess} />, { route: "/login" });
  return { user, onSuccess, queryClient };
}

describe("LoginForm", () => {
  beforeEach(() => setCookie("XSRF-TOKEN", "pre-session-token"));

  it("ties the labels to the inputs with autocomplete hints", () => {
    setup();
    expect(screen.getByLabelText("Username")).toHaveAttribute("autocomplete", "username");
    expect(screen.getByLabelText("Password")).toHaveAttribute("autocomplete", "current-password");
    expect(screen.getByLabelText("Password")).toHaveAttribute("type", "password");
  });

  it("shows an error only once a field was touched", async () => {
    const { user } = setup();
    expect(screen.queryByText("Please enter your username")).toBeNull();
    await user.click(screen.getByLabelText("Username"));
    expect(screen.queryByText("Please enter your username")).toBeNull();
    await user.tab();
    const username = screen.getByLabelText("Username");
    expect(await screen.findByText("Please enter your username")).toHaveAttribute(
      "id",
      username.getAttribute("aria-describedby"),
    );
    expect(username).toHaveAttribute("aria-invalid", "true");
    // The password field was focused but not yet left or changed.
    expect(screen.queryByText("Please enter your password")).toBeNull();
  });

  it("shows an error once a field was changed back to empty", async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText("Password"), "x");
    await user.clear(screen.getByLabelText("Password"));
    expect(await screen.findByText("Please enter your password")).toBeInTheDocument();
    expect(screen.queryByText("Please enter your username")).toBeNull();
  });

  it("marks every field on submit and sends nothing when they are empty", async () => {
    const calls = stubServer(loggedIn);
    const { user, onSuccess } = setup();
    await user.click(screen.getByRole("button", { name: /Log in/ }));
    expect(await screen.findByText("Please enter your username")).toBeInTheDocument();
    expect(screen.getByText("Please enter your password")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("takes the first field to put right into focus when the form is sent", async () => {
    stubServer(loggedIn);
    const { user } = setup();
    await user.type(screen.getByLabelText("Username"), "member1");
    await user.click(screen.getByRole("button", { name: /Log in/ }));
    expect(await screen.findByText("Please enter your password")).toBeInTheDocument();
    expect(screen.getByLabelText("Password")).toHaveFocus();
    expect(screen.queryByText("Please enter your username")).toBeNull();
  });

  it("sends the username without the spaces around it, and the password as typed", async () => {
    const calls = stubServer(({ url }) => (url === PORTAL_PING_PATH ? pong() : loggedIn()));
    const { user, onSuccess } = setup();
    await user.type(screen.getByLabelText("Username"), "  member1 ");
    await user.type(screen.getByLabelText("Password"), " pass word ");
    await user.click(screen.getByRole("button", { name: /Log in/ }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(calls[0]?.body).toMatchObject({ Login: "member1", Password: " pass word " });
  });

  it("a username of spaces only counts as none", async () => {
    const calls = stubServer(loggedIn);
    const { user } = setup();
    await user.type(screen.getByLabelText("Username"), "   ");
    await user.tab();
    expect(await screen.findByText("Please enter your username")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Password"), "pw");
    await user.click(screen.getByRole("button", { name: /Log in/ }));
    expect(screen.getByLabelText("Username")).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it("logs in: gateway POST with the full message, ping with PORTALID set, then the cookie removed", async () => {
    const calls = stubServer(({ url }) => (url === PORTAL_PING_PATH ? pong() : loggedIn()));
    const { user, onSuccess } = setup();
    await user.type(screen.getByLabelText("Username"), "member1");
    await user.type(screen.getByLabelText("Password"), "correct horse");
    await user.click(screen.getByRole("button", { name: /Log in/ }));

    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    const [gateway, ping] = calls;
    expect(calls).toHaveLength(2);
    expect(gateway).toMatchObject({ method: "POST", url: GATEWAY_PATH });
    const redirectUri = window.location.origin + window.location.pathname;
    expect(gateway?.body).toEqual({
      schemaVersion: 1,
      Login: "member1",
      Password: "correct horse",
      ddid: { authorizationCode: "", domain: "memberportal", clientId: "portal-web-test", redirectUri },
    });
    expect(gateway?.body).toEqual(
      buildAuthenticationRequestMessage({
        username: "member1",
        password: "correct horse",
        domain: testConfig.authDomain,
        clientId: testConfig.authClientId,
        redirectUri,
      }),
    );
    expect(gateway?.headers.get("X-XSRF-TOKEN")).toBe("pre-session-token");
    expect(gateway?.portalIdCookie).toBeUndefined();
    expect(ping).toMatchObject({
      method: "GET",
      url: PORTAL_PING_PATH,
      portalIdCookie: "WSGPORTAL",
    });
    expect(getCookie("PORTALID")).toBeUndefined();
  });

  it.each([
    ["a member", loggedInSession],
    ["staff", staffSession],
  ])("hands the gateway's answer for %s to onSuccess and keeps it as the session", async (_who, session) => {
    stubServer(({ url }) => (url === PORTAL_PING_PATH ? pong() : contractJson(sessionInfoSchema, session)));
    const { user, onSuccess, queryClient } = setup();
    queryClient.setQueryData(["open-queries", "someone else's"], ["cached"]);
    await user.type(screen.getByLabelText("Username"), "member1");
    await user.type(screen.getByLabelText("Password"), "pw");
    await user.click(screen.getByRole("button", { name: /Log in/ }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(session));
    expect(queryClient.getQueryData(["session"])).toEqual(session);
    expect(queryClient.getQueryData(["open-queries", "someone else's"])).toBeUndefined();
  });

  it("ignores a failing ping", async () => {
    stubServer(({ url }) => (url === PORTAL_PING_PATH ? errorJson(500, "INTERNAL_ERROR") : loggedIn()));
    const { user, onSuccess } = setup();
    await user.type(screen.getByLabelText("Username"), "member1");
    await user.type(screen.getByLabelText("Password"), "pw");
    await user.click(screen.getByRole("button", { name: /Log in/ }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(getCookie("PORTALID")).toBeUndefined();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("asks for the session first when there is no anti-forgery cookie yet", async () => {
    removeCookie("XSRF-TOKEN");
    const calls = stubServer(({ url }) => {
      if (url !== "/wsg/session") return url === PORTAL_PING_PATH ? pong() : loggedIn();
      setCookie("XSRF-TOKEN", "fresh");
      return contractJson(sessionInfoSchema, { authenticated: false });
    });
    const { user, onSuccess } = setup();
    await user.type(screen.getByLabelText("Username"), "member1");
    await user.type(screen.getByLabelText("Password"), "pw");
    await user.click(screen.getByRole("button", { name: /Log in/ }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(calls.map((call) => `${call.method} ${call.url}`).slice(0, 2)).toEqual([
      "GET /wsg/session",
      "POST /wsg/rest",
    ]);
    expect(calls[1]?.headers.get("X-XSRF-TOKEN")).toBe("fresh");
  });

  it("shows the server's message in a red alert when the login fails", async () => {
    const calls = stubServer(() => errorJson(401, "LOGIN_FAILED", "Your username or password is incorrect."));
    const { user, onSuccess } = setup();
    await user.type(screen.getByLabelText("Username"), "member1");
    await user.type(screen.getByLabelText("Password"), "wrong");
    await user.click(screen.getByRole("button", { name: /Log in/ }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Your username or password is incorrect.");
    expect(alert).toHaveClass("alert", "alert-danger");
    expect(onSuccess).not.toHaveBeenCalled();
    // No ping after a refused login.
    expect(calls).toHaveLength(1);
  });

  it("falls back to the HTTP error text when the body has no message", async () => {
    // Not the service's answer but a proxy's in front of it: no body, so no contract to check.
    stubServer(() => new HttpResponse("", { status: 503, statusText: "Service Unavailable" }));
    const { user } = setup();
    await user.type(screen.getByLabelText("Username"), "member1");
    await user.type(screen.getByLabelText("Password"), "pw");
    await user.click(screen.getByRole("button", { name: /Log in/ }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Http failure response for /wsg/rest: 503 Service Unavailable",
    );
  });

  it("disables the button with a spinner while sending", async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    stubServer(async () => {
      await answered;
      return errorJson(401, "LOGIN_FAILED", "Your username or password is incorrect.");
    });
    const { user } = setup();
    await user.type(screen.getByLabelText("Username"), "member1");
    await user.type(screen.getByLabelText("Password"), "pw");
    await user.click(screen.getByRole("button", { name: /Log in/ }));
    const button = await screen.findByRole("button", { name: /Logging in/ });
    expect(button).toBeDisabled();
    answer();
    await screen.findByRole("alert");
    expect(screen.getByRole("button", { name: "Log in" })).toBeEnabled();
  });
});
