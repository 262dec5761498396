import { ACCOUNT_MESSAGES, ACCOUNT_PATHS } from "@portal/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { setCookie } from "../../../lib/cookies";
import { recordRequests, sentKeys, server } from "../../../testing/msw-server";
import { renderWithProviders } from "../../../testing/test-utils";
import { accountCallAnswers, accountCallFails, accountLinkIs, mailedToken } from "../testing/handlers";
import { FAILURE_MESSAGES, PASSWORDS_DIFFER } from "../utils/messages";
import { ResetPasswordPage } from "./reset-password-page";

const POST_COMPLETE = `POST ${ACCOUNT_PATHS.passwordResetComplete}`;
const NEW_PASSWORD = "Quiet-River-Lantern-17";

/**
 * The page behind a mailed link, once its check (the link is VALID unless told otherwise) has come:
 * the requests recorded are those made after it.
 */
async function renderPage(token = mailedToken) {
  server.use(accountLinkIs("VALID"));
  const user = userEvent.setup();
  const view = renderWithProviders(<ResetPasswordPage token={token} />, {
    route: `/forgot-password/reset/${token}`,
    extraRoutes: ["/login", "/forgot-password"],
  });
  if (token === mailedToken) await screen.findByRole("form", { name: "Choose a new password" });
  const sent = recordRequests();
  return { ...view, sent, user };
}

const field = (label: string) => screen.getByLabelText(label);
const setButton = () => screen.getByRole("button", { name: "Set new password" });

async function typeNewPassword(user: ReturnType<typeof userEvent.setup>, repeat = NEW_PASSWORD) {
  await user.type(field("New password"), NEW_PASSWORD);
  await user.type(field("Confirm new password"), repeat);
}

describe("ResetPasswordPage", () => {
  beforeEach(() => setCookie("XSRF-TOKEN", "pre-session-token"));

  it("shows the password rules before anything is typed", async () => {
    await renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeInTheDocument();
    expect(document.title).toBe("Choose a new password · Test Scheme");
    expect(field("New password")).toHaveAccessibleDescription(/at least 12 characters/);
    expect(field("New password")).toHaveAttribute("autocomplete", "new-password");
    expect(field("Confirm new password")).toHaveAttribute("type", "password");
  });

  it("refuses a weak password and a repeat that differs before sending anything", async () => {
    const { user, sent } = await renderPage();
    await user.type(field("New password"), "password");
    await user.type(field("Confirm new password"), "passwort");
    await user.click(setButton());
    expect(await screen.findByText("The password must be at least 12 characters long.")).toBeInTheDocument();
    expect(screen.getByText(PASSWORDS_DIFFER)).toBeInTheDocument();
    expect(field("New password")).toHaveFocus();
    expect(sentKeys(sent)).toEqual([]);
  });

  it("sends the token and the new password, then offers to log in", async () => {
    server.use(
      accountCallAnswers(ACCOUNT_PATHS.passwordResetComplete, ACCOUNT_MESSAGES.passwordChanged, 200),
    );
    const { user, sent } = await renderPage();
    await typeNewPassword(user);
    await user.click(setButton());
    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent(ACCOUNT_MESSAGES.passwordChanged);
    expect(status).toHaveFocus();
    const posts = sent.filter((entry) => entry.key === POST_COMPLETE);
    expect(await Promise.all(posts.map((entry) => entry.request.json()))).toEqual([
      { token: mailedToken, password: NEW_PASSWORD },
    ]);
    expect(posts[0]?.request.headers.get("X-XSRF-TOKEN")).toBe("pre-session-token");
    await user.click(within(status).getByRole("link", { name: "Log in" }));
    expect(await screen.findByText("Arrived at /login")).toBeInTheDocument();
  });

  it("offers a new link when the server says this one is used or expired", async () => {
    server.use(
      accountCallFails(
        ACCOUNT_PATHS.passwordResetComplete,
        400,
        "ACCOUNT_LINK_INVALID",
        ACCOUNT_MESSAGES.linkInvalid,
      ),
    );
    const { user } = await renderPage();
    await typeNewPassword(user);
    await user.click(setButton());
    const problem = await screen.findByRole("alert");
    expect(problem).toHaveTextContent(ACCOUNT_MESSAGES.linkInvalid);
    expect(problem).toHaveFocus();
    await user.click(within(problem).getByRole("link", { name: "Ask for a new link" }));
    expect(await screen.findByText("Arrived at /forgot-password")).toBeInTheDocument();
  });

  it("says at once that a malformed link is no use, without a form or a call", async () => {
    const { sent } = await renderPage("not a token");
    expect(screen.getByRole("alert")).toHaveTextContent(ACCOUNT_MESSAGES.linkInvalid);
    expect(screen.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    expect(screen.queryByLabelText("New password")).toBeNull();
    expect(sentKeys(sent)).toEqual([]);
  });

  it("says which password rule the server found broken (the form cannot know the username)", async () => {
    server.use(
      accountCallFails(
        ACCOUNT_PATHS.passwordResetComplete,
        400,
        "VALIDATION_FAILED",
        "password: The password must not contain the username.",
      ),
    );
    const { user } = await renderPage();
    await typeNewPassword(user);
    await user.click(setButton());
    expect(await screen.findByRole("alert")).toHaveTextContent("The password must not contain the username.");
    expect(field("New password")).toHaveValue(NEW_PASSWORD);
  });

  it("shows the server's sentence when throttled", async () => {
    const throttled = "Too many attempts. Please try again in 2 minutes.";
    server.use(accountCallFails(ACCOUNT_PATHS.passwordResetComplete, 429, "RATE_LIMITED", throttled));
    const { user } = await renderPage();
    await typeNewPassword(user);
    await user.click(setButton());
    expect(await screen.findByRole("alert")).toHaveTextContent(throttled);
    expect(field("Confirm new password")).toHaveValue(NEW_PASSWORD);
  });

  it("says plainly that the password could not be changed when the server fails", async () => {
    server.use(accountCallFails(ACCOUNT_PATHS.passwordResetComplete, 503, "INTERNAL_ERROR"));
    const { user } = await renderPage();
    await typeNewPassword(user);
    await user.click(setButton());
    expect(await screen.findByRole("alert")).toHaveTextContent(FAILURE_MESSAGES.resetPassword);
    await waitFor(() => expect(setButton()).toBeEnabled());
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
      renderWithProviders(<ResetPasswordPage token={mailedToken} />, {
        route: `/forgot-password/reset/${mailedToken}`,
        extraRoutes: ["/login", "/forgot-password"],
      });
      expect(screen.getByRole("status")).toHaveTextContent("Checking your link...");
      expect(await screen.findByRole("alert")).toHaveTextContent(message);
      expect(screen.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute(
        "href",
        "/forgot-password",
      );
      expect(screen.queryByRole("form")).toBeNull();
      expect(sentKeys(sent)).toEqual(["POST /wsg/account-link/check"]);
    },
  );
});
