import { ACCOUNT_MESSAGES, ACCOUNT_PATHS } from "@portal/domain";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { setCookie } from "../../../lib/cookies";
import { recordRequests, sentKeys, server } from "../../../testing/msw-server";
import { renderWithProviders } from "../../../testing/test-utils";
import { accountCallAnswers, accountCallFails } from "../testing/handlers";
import { FAILURE_MESSAGES } from "../utils/messages";
import { ForgotPasswordPage } from "./forgot-password-page";

const POST_RESET = `POST ${ACCOUNT_PATHS.passwordReset}`;

function renderPage() {
  const sent = recordRequests();
  const user = userEvent.setup();
  const view = renderWithProviders(<ForgotPasswordPage />, {
    route: "/forgot-password",
    extraRoutes: ["/login"],
  });
  return { ...view, sent, user };
}

const loginField = () => screen.getByLabelText("Username or email address");
const sendButton = () => screen.getByRole("button", { name: "Send me a link" });

describe("ForgotPasswordPage", () => {
  beforeEach(() => setCookie("XSRF-TOKEN", "pre-session-token"));

  it("asks for a username or an e-mail address", () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeInTheDocument();
    expect(document.title).toBe("Forgot your password? · Test Scheme");
    expect(loginField()).toHaveAttribute("autocomplete", "username");
    expect(loginField()).toHaveAttribute("aria-required", "true");
  });

  it("sends nothing while the field is empty", async () => {
    const { user, sent } = renderPage();
    await user.click(sendButton());
    expect(await screen.findByText("Please enter your username or email address.")).toBeInTheDocument();
    expect(loginField()).toHaveAttribute("aria-invalid", "true");
    expect(loginField()).toHaveFocus();
    expect(sentKeys(sent)).toEqual([]);
  });

  it("sends what was typed, trimmed, and gives the same answer whoever it is", async () => {
    server.use(accountCallAnswers(ACCOUNT_PATHS.passwordReset, ACCOUNT_MESSAGES.resetLinkSent, 202));
    const { user, sent } = renderPage();
    await user.type(loginField(), "  thandi.nkosi@example.com ");
    await user.click(sendButton());
    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent(ACCOUNT_MESSAGES.resetLinkSent);
    expect(status).toHaveFocus();
    const posts = sent.filter((entry) => entry.key === POST_RESET);
    expect(await Promise.all(posts.map((entry) => entry.request.json()))).toEqual([
      { login: "thandi.nkosi@example.com" },
    ]);
    expect(posts[0]?.request.headers.get("X-XSRF-TOKEN")).toBe("pre-session-token");
    await user.click(within(status).getByRole("link", { name: "Back to log in" }));
    expect(await screen.findByText("Arrived at /login")).toBeInTheDocument();
  });

  it("shows the server's sentence when throttled, and keeps what was typed", async () => {
    const throttled = "Too many attempts. Please try again in 3 minutes.";
    server.use(accountCallFails(ACCOUNT_PATHS.passwordReset, 429, "RATE_LIMITED", throttled));
    const { user } = renderPage();
    await user.type(loginField(), "thandi.nkosi");
    await user.click(sendButton());
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(throttled);
    expect(alert).toHaveFocus();
    expect(loginField()).toHaveValue("thandi.nkosi");
  });

  it("says plainly that no link could be sent when the server fails", async () => {
    server.use(accountCallFails(ACCOUNT_PATHS.passwordReset, 500, "INTERNAL_ERROR", "Stack trace here"));
    const { user } = renderPage();
    await user.type(loginField(), "thandi.nkosi");
    await user.click(sendButton());
    expect(await screen.findByRole("alert")).toHaveTextContent(FAILURE_MESSAGES.sendLink);
    expect(screen.queryByText(/Stack trace/)).toBeNull();
  });

  it("works with the keyboard alone", async () => {
    server.use(accountCallAnswers(ACCOUNT_PATHS.passwordReset, ACCOUNT_MESSAGES.resetLinkSent, 202));
    const { user } = renderPage();
    await user.tab();
    expect(loginField()).toHaveFocus();
    await user.keyboard("thandi.nkosi{Enter}");
    expect(await screen.findByRole("status")).toHaveFocus();
  });
});
