import { ACCOUNT_MESSAGES, ACCOUNT_PATHS, USERNAME_RULE } from "@portal/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { setCookie } from "../../../lib/cookies";
import { recordRequests, sentKeys, server } from "../../../testing/msw-server";
import { renderWithProviders } from "../../../testing/test-utils";
import { accountCallAnswers, accountCallFails, accountLinkIs, mailedToken } from "../testing/handlers";
import { FAILURE_MESSAGES, PASSWORDS_DIFFER } from "../utils/messages";
import { ActivateAccountPage } from "./activate-account-page";

const POST_ACTIVATION = `POST ${ACCOUNT_PATHS.activation}`;
const PASSWORD = "Green-Valley-Morning-42";

/**
 * The page behind a mailed link, once its check (the link is VALID unless told otherwise) has come:
 * the requests recorded are those made after it.
 */
async function renderPage(token = mailedToken) {
  server.use(accountLinkIs("VALID"));
  const user = userEvent.setup();
  const view = renderWithProviders(<ActivateAccountPage token={token} />, {
    route: `/register/activate/${token}`,
    extraRoutes: ["/login", "/register"],
  });
  if (token === mailedToken) await screen.findByRole("form", { name: "Create your log-in" });
  const sent = recordRequests();
  return { ...view, sent, user };
}

const field = (label: string) => screen.getByLabelText(label);
const createButton = () => screen.getByRole("button", { name: "Create my log-in" });

async function chooseLogIn(user: ReturnType<typeof userEvent.setup>, username = "Thandi.Nkosi") {
  await user.type(field("Username"), username);
  await user.type(field("Password"), PASSWORD);
  await user.type(field("Confirm password"), PASSWORD);
}

describe("ActivateAccountPage", () => {
  beforeEach(() => setCookie("XSRF-TOKEN", "pre-session-token"));

  it("shows the username and password rules before anything is typed, tied to their fields", async () => {
    await renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Create your log-in" })).toBeInTheDocument();
    expect(document.title).toBe("Create your log-in · Test Scheme");
    expect(field("Username")).toHaveAccessibleDescription(USERNAME_RULE);
    expect(field("Username")).toHaveAttribute("autocomplete", "username");
    const password = field("Password");
    expect(password).toHaveAttribute("type", "password");
    expect(password).toHaveAttribute("autocomplete", "new-password");
    const rules = password.getAttribute("aria-describedby") ?? "";
    const description = document.getElementById(rules);
    expect(description).toHaveTextContent("at least 12 characters");
    expect(description).toHaveTextContent("at least one letter");
    expect(description).toHaveTextContent("at least one digit or symbol");
    expect(description).toHaveTextContent("not contain your username");
    expect(field("Confirm password")).toHaveAttribute("type", "password");
  });

  it("checks the contract's rules and the repeated password before sending anything", async () => {
    const { user, sent } = await renderPage();
    await user.click(createButton());
    // The error says what is wrong; the rule itself stays the hint, said once.
    expect(
      await screen.findByText("Please choose a username.", { selector: ".invalid-feedback" }),
    ).toBeInTheDocument();
    expect(screen.getAllByText(USERNAME_RULE)).toHaveLength(1);
    expect(screen.getByText("The password must be at least 12 characters long.")).toBeInTheDocument();
    expect(screen.getByText("Please type the password again.")).toBeInTheDocument();
    expect(field("Username")).toHaveFocus();
    expect(field("Password")).toHaveAttribute("aria-invalid", "true");
    expect(sentKeys(sent)).toEqual([]);
  });

  it("refuses a password that contains the username, as the server would", async () => {
    const { user, sent } = await renderPage();
    await user.type(field("Username"), "thandi");
    await user.type(field("Password"), "my-name-is-Thandi-1");
    await user.type(field("Confirm password"), "my-name-is-Thandi-1");
    await user.click(createButton());
    expect(await screen.findByText("The password must not contain the username.")).toBeInTheDocument();
    expect(field("Password")).toHaveAccessibleDescription(/The password must not contain the username\./);
    expect(sentKeys(sent)).toEqual([]);
  });

  it("says when the two passwords differ, and checks again when the first one changes", async () => {
    const { user } = await renderPage();
    await user.type(field("Password"), PASSWORD);
    await user.type(field("Confirm password"), `${PASSWORD}!`);
    expect(await screen.findByText(PASSWORDS_DIFFER)).toBeInTheDocument();
    expect(field("Confirm password")).toHaveAttribute("aria-invalid", "true");
    await user.type(field("Password"), "!");
    await waitFor(() => expect(screen.queryByText(PASSWORDS_DIFFER)).toBeNull());
  });

  it("sends the token, the username as stored and the password (never the repeat), then offers to log in", async () => {
    server.use(accountCallAnswers(ACCOUNT_PATHS.activation, ACCOUNT_MESSAGES.activated, 200));
    const { user, sent } = await renderPage();
    await chooseLogIn(user);
    await user.click(createButton());

    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent(ACCOUNT_MESSAGES.activated);
    expect(status).toHaveFocus();
    const posts = sent.filter((entry) => entry.key === POST_ACTIVATION);
    expect(await Promise.all(posts.map((entry) => entry.request.json()))).toEqual([
      { token: mailedToken, username: "thandi.nkosi", password: PASSWORD },
    ]);
    expect(posts[0]?.request.headers.get("X-XSRF-TOKEN")).toBe("pre-session-token");
    expect(screen.queryByLabelText("Password")).toBeNull();

    await user.click(within(status).getByRole("link", { name: "Log in" }));
    expect(await screen.findByText("Arrived at /login")).toBeInTheDocument();
  });

  it("offers a new link when the server says this one is used or expired", async () => {
    server.use(
      accountCallFails(ACCOUNT_PATHS.activation, 400, "ACCOUNT_LINK_INVALID", ACCOUNT_MESSAGES.linkInvalid),
    );
    const { user } = await renderPage();
    await chooseLogIn(user);
    await user.click(createButton());
    const problem = await screen.findByRole("alert");
    expect(problem).toHaveTextContent(ACCOUNT_MESSAGES.linkInvalid);
    expect(problem).toHaveFocus();
    expect(screen.queryByRole("button", { name: "Create my log-in" })).toBeNull();
    await user.click(within(problem).getByRole("link", { name: "Ask for a new link" }));
    expect(await screen.findByText("Arrived at /register")).toBeInTheDocument();
  });

  it("says at once that a cut-off link is no use, without a form or a call", async () => {
    const { sent } = await renderPage(mailedToken.slice(0, 20));
    expect(screen.getByRole("alert")).toHaveTextContent(ACCOUNT_MESSAGES.linkInvalid);
    expect(screen.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/register");
    expect(screen.queryByLabelText("Username")).toBeNull();
    expect(sentKeys(sent)).toEqual([]);
  });

  it("puts a taken username on the username field, focused, and keeps the passwords", async () => {
    server.use(
      accountCallFails(ACCOUNT_PATHS.activation, 409, "USERNAME_TAKEN", ACCOUNT_MESSAGES.usernameTaken),
    );
    const { user } = await renderPage();
    await chooseLogIn(user);
    await user.click(createButton());
    const username = field("Username");
    await waitFor(() => expect(username).toHaveFocus());
    expect(username).toHaveAttribute("aria-invalid", "true");
    expect(username).toHaveAccessibleDescription(new RegExp(ACCOUNT_MESSAGES.usernameTaken));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(field("Password")).toHaveValue(PASSWORD);
    expect(field("Confirm password")).toHaveValue(PASSWORD);

    await user.type(username, "2");
    await waitFor(() => expect(screen.queryByText(ACCOUNT_MESSAGES.usernameTaken)).toBeNull());
  });

  it("shows the server's sentence when throttled", async () => {
    const throttled = "Too many attempts. Please try again in 1 minute.";
    server.use(accountCallFails(ACCOUNT_PATHS.activation, 429, "RATE_LIMITED", throttled));
    const { user } = await renderPage();
    await chooseLogIn(user);
    await user.click(createButton());
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(throttled);
    expect(alert).toHaveFocus();
    expect(field("Username")).toHaveValue("Thandi.Nkosi");
  });

  it("says plainly that the log-in could not be made when the server fails", async () => {
    server.use(accountCallFails(ACCOUNT_PATHS.activation, 500, "INTERNAL_ERROR"));
    const { user } = await renderPage();
    await chooseLogIn(user);
    await user.click(createButton());
    expect(await screen.findByRole("alert")).toHaveTextContent(FAILURE_MESSAGES.activate);
    expect(createButton()).toBeEnabled();
  });

  it.each([
    ["USED", ACCOUNT_MESSAGES.linkUsed],
    ["EXPIRED", ACCOUNT_MESSAGES.linkExpired],
    ["UNKNOWN", ACCOUNT_MESSAGES.linkInvalid],
  ] as const)(
    "checks the link when the page opens: a %s link says so at once, with no form",
    async (state, message) => {
      server.use(accountLinkIs(state));
      const sent = recordRequests();
      renderWithProviders(<ActivateAccountPage token={mailedToken} />, {
        route: `/register/activate/${mailedToken}`,
        extraRoutes: ["/login", "/register"],
      });
      expect(screen.getByRole("status")).toHaveTextContent("Checking your link...");
      expect(await screen.findByRole("alert")).toHaveTextContent(message);
      expect(screen.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/register");
      expect(screen.queryByRole("form")).toBeNull();
      expect(sentKeys(sent)).toEqual(["POST /wsg/account-link/check"]);
    },
  );
});
