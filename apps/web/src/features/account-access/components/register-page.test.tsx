import {
  ACCOUNT_MESSAGES,
  ACCOUNT_PATHS,
  accountMessageSchema,
  sessionInfoSchema,
  VALIDATION_MESSAGES,
} from "@portal/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { removeCookie, setCookie } from "../../../lib/cookies";
import { contractJson } from "../../../testing/contract-json";
import { recordRequests, type SentRequest, sentKeys, server } from "../../../testing/msw-server";
import { renderWithProviders } from "../../../testing/test-utils";
import { accountCallAnswers, accountCallFails } from "../testing/handlers";
import { DATE_OF_BIRTH_MISSING, FAILURE_MESSAGES } from "../utils/messages";
import { RegisterPage } from "./register-page";

const POST_REGISTRATION = `POST ${ACCOUNT_PATHS.registration}`;

function renderPage() {
  const sent = recordRequests();
  const user = userEvent.setup();
  const view = renderWithProviders(<RegisterPage />, { route: "/register", extraRoutes: ["/login"] });
  return { ...view, sent, user };
}

const field = (label: string) => screen.getByLabelText(label);

async function fillThandi(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field("Membership number"), " 20010001 ");
  await user.type(field("ID or passport number"), "8705140123081");
  await user.type(field("Date of birth"), "1987-05-14");
  await user.type(field("Email address"), "thandi.nkosi@example.com");
}

const postedBodies = async (sent: SentRequest[]) =>
  Promise.all(sent.filter((entry) => entry.key === POST_REGISTRATION).map((entry) => entry.request.json()));

describe("RegisterPage", () => {
  beforeEach(() => setCookie("XSRF-TOKEN", "pre-session-token"));

  it("names the page and ties every label to its input, with the hints the fields need", () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Register" })).toBeInTheDocument();
    expect(document.title).toBe("Register · Test Scheme");
    // Typed as every screen writes a day, not drawn by the browser in its own order (12/01/2026).
    expect(field("Date of birth")).toHaveAttribute("type", "text");
    expect(field("Date of birth")).toHaveAttribute("placeholder", "yyyy-mm-dd");
    expect(field("Date of birth")).toHaveAttribute("autocomplete", "bday");
    expect(field("Email address")).toHaveAttribute("type", "email");
    expect(field("Email address")).toHaveAccessibleDescription("The address the scheme holds for you.");
    expect(field("Membership number")).toHaveAttribute("aria-required", "true");
    expect(screen.getByRole("button", { name: "Send me a link" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
  });

  it("checks every field with the contract's rules before sending anything", async () => {
    const { user, sent } = renderPage();
    await user.click(screen.getByRole("button", { name: "Send me a link" }));
    expect(await screen.findByText("Please enter your membership number.")).toBeInTheDocument();
    expect(screen.getByText("Please enter your ID or passport number.")).toBeInTheDocument();
    expect(screen.getByText(DATE_OF_BIRTH_MISSING)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION_MESSAGES.email)).toBeInTheDocument();
    const membershipNumber = field("Membership number");
    expect(membershipNumber).toHaveAttribute("aria-invalid", "true");
    expect(membershipNumber).toHaveAccessibleDescription(/Please enter your membership number\./);
    // The first field in error takes focus, so the keyboard starts where the work is.
    expect(membershipNumber).toHaveFocus();
    expect(sentKeys(sent)).toEqual([]);
  });

  it("shows an error once a field was left empty, and takes it away once it is right", async () => {
    const { user } = renderPage();
    await user.type(field("Email address"), "not-an-address");
    await user.tab();
    expect(await screen.findByText(VALIDATION_MESSAGES.email)).toBeInTheDocument();
    expect(screen.queryByText("Please enter your membership number.")).toBeNull();
    await user.clear(field("Email address"));
    await user.type(field("Email address"), "thandi.nkosi@example.com");
    await waitFor(() => expect(screen.queryByText(VALIDATION_MESSAGES.email)).toBeNull());
    expect(field("Email address")).not.toHaveAttribute("aria-invalid");
  });

  it("sends the details as the contract reads them, with the anti-forgery header, and says a link is on its way", async () => {
    server.use(accountCallAnswers(ACCOUNT_PATHS.registration, ACCOUNT_MESSAGES.registrationLinkSent, 202));
    const { user, sent } = renderPage();
    await fillThandi(user);
    await user.click(screen.getByRole("button", { name: "Send me a link" }));

    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent(ACCOUNT_MESSAGES.registrationLinkSent);
    expect(status).toHaveFocus();
    expect(await postedBodies(sent)).toEqual([
      {
        membershipNumber: "20010001",
        identityNumber: "8705140123081",
        dateOfBirth: "1987-05-14",
        email: "thandi.nkosi@example.com",
      },
    ]);
    const [post] = sent.filter((entry) => entry.key === POST_REGISTRATION);
    expect(post?.request.headers.get("X-XSRF-TOKEN")).toBe("pre-session-token");
    expect(screen.queryByRole("form")).toBeNull();

    await user.click(within(status).getByRole("link", { name: "Back to log in" }));
    expect(await screen.findByText("Arrived at /login")).toBeInTheDocument();
  });

  it("asks for the session first when the browser has no anti-forgery cookie yet", async () => {
    removeCookie("XSRF-TOKEN");
    server.use(
      http.get("/wsg/session", () => {
        setCookie("XSRF-TOKEN", "fresh");
        return contractJson(sessionInfoSchema, { authenticated: false });
      }),
      accountCallAnswers(ACCOUNT_PATHS.registration, ACCOUNT_MESSAGES.registrationLinkSent, 202),
    );
    const { user, sent } = renderPage();
    await fillThandi(user);
    await user.click(screen.getByRole("button", { name: "Send me a link" }));
    await screen.findByRole("status");
    expect(sentKeys(sent)).toEqual(["GET /wsg/session", POST_REGISTRATION]);
    expect(sent[1]?.request.headers.get("X-XSRF-TOKEN")).toBe("fresh");
  });

  it("shows the server's sentence when throttled, and keeps what was typed", async () => {
    const throttled = "Too many attempts. Please try again in 5 minutes.";
    server.use(accountCallFails(ACCOUNT_PATHS.registration, 429, "RATE_LIMITED", throttled));
    const { user } = renderPage();
    await fillThandi(user);
    await user.click(screen.getByRole("button", { name: "Send me a link" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(throttled);
    expect(alert).toHaveFocus();
    expect(field("Membership number")).toHaveValue(" 20010001 ");
    expect(field("Date of birth")).toHaveValue("1987-05-14");
    expect(field("Email address")).toHaveValue("thandi.nkosi@example.com");
    expect(screen.getByRole("button", { name: "Send me a link" })).toBeEnabled();
  });

  it.each([
    ["a server error", () => accountCallFails(ACCOUNT_PATHS.registration, 500, "INTERNAL_ERROR", "Boom.")],
    ["a forged-request refusal", () => accountCallFails(ACCOUNT_PATHS.registration, 403, "XSRF_REJECTED")],
    // A proxy's answer in front of the service: no body, so no contract to check.
    [
      "a proxy's empty 502",
      () => http.post(ACCOUNT_PATHS.registration, () => new HttpResponse("", { status: 502 })),
    ],
  ])(
    "says plainly that no link could be sent after %s, and never shows the server's text",
    async (_what, answer) => {
      server.use(answer());
      const { user } = renderPage();
      await fillThandi(user);
      await user.click(screen.getByRole("button", { name: "Send me a link" }));
      expect(await screen.findByRole("alert")).toHaveTextContent(FAILURE_MESSAGES.sendLink);
      expect(screen.queryByText("Boom.")).toBeNull();
      expect(field("ID or passport number")).toHaveValue("8705140123081");
    },
  );

  it("disables the button with a spinner while sending", async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post(ACCOUNT_PATHS.registration, async () => {
        await answered;
        return contractJson(
          accountMessageSchema,
          { message: ACCOUNT_MESSAGES.registrationLinkSent },
          { status: 202 },
        );
      }),
    );
    const { user } = renderPage();
    await fillThandi(user);
    await user.click(screen.getByRole("button", { name: "Send me a link" }));
    expect(await screen.findByRole("button", { name: /Sending/ })).toBeDisabled();
    answer();
    expect(await screen.findByRole("status")).toHaveTextContent(ACCOUNT_MESSAGES.registrationLinkSent);
  });

  it("can be filled in and sent with the keyboard alone", async () => {
    server.use(accountCallAnswers(ACCOUNT_PATHS.registration, ACCOUNT_MESSAGES.registrationLinkSent, 202));
    const { user } = renderPage();
    await user.tab();
    expect(field("Membership number")).toHaveFocus();
    await user.keyboard("20010001");
    await user.tab();
    await user.keyboard("8705140123081");
    await user.tab();
    await user.keyboard("1987-05-14");
    await user.tab();
    await user.keyboard("thandi.nkosi@example.com");
    await user.tab();
    expect(screen.getByRole("button", { name: "Send me a link" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("status")).toHaveFocus();
  });
});
