import { ERROR_MESSAGES } from "@portal/domain";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { recordRequests, sentKeys, server } from "../../../testing/msw-server";
import { renderWithProviders } from "../../../testing/test-utils";
import { LogNewQueryCard } from "./log-new-query-card";
import { ASSISTANT_GREETING, ASSISTANT_NO_ANSWER } from "./virtual-assistant-chat";

const CLAIMS_HELP = "/fragments/smart-inquiry/categories/medical-claims.html";
const PLAN_HELP = "/fragments/smart-inquiry/categories/manage-plan.html";

function setup() {
  server.use(
    http.get(`/site/preview${CLAIMS_HELP}`, () => HttpResponse.html("<p>Claims help: see My claims.</p>")),
    http.get(`/site/preview${PLAN_HELP}`, () =>
      HttpResponse.html("<p>Plan help: change your plan online.</p>"),
    ),
  );
  const sent = recordRequests();
  const user = userEvent.setup();
  renderWithProviders(
    <LogNewQueryCard>
      <p>The form goes here</p>
    </LogNewQueryCard>,
  );
  return { user, sent };
}

async function openChat(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Chat to our virtual assistant" }));
  return screen.getByRole("dialog", { name: "Virtual assistant" });
}

async function ask(user: ReturnType<typeof userEvent.setup>, question: string) {
  await user.type(screen.getByLabelText("Your question"), question);
  await user.click(screen.getByRole("button", { name: "Ask" }));
}

describe("LogNewQueryCard", () => {
  it("has its heading, the reply promise and the form inside", () => {
    setup();
    const card = screen.getByRole("region", { name: "Log a new query" });
    expect(within(card).getByRole("heading", { level: 2, name: "Log a new query" })).toBeInTheDocument();
    expect(card).toHaveTextContent("We reply to new queries within 1 to 2 days.");
    expect(within(card).getByText("The form goes here")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("virtual assistant", () => {
  it("opens an accessible dialog with a greeting, and Escape closes it and gives focus back", async () => {
    const { user } = setup();
    const opener = screen.getByRole("button", { name: "Chat to our virtual assistant" });
    const dialog = await openChat(user);
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(within(dialog).getByRole("log", { name: "Conversation" })).toHaveTextContent(ASSISTANT_GREETING);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(opener).toHaveFocus();
  });

  it("answers a question with the matching category's help fragment", async () => {
    const { user, sent } = setup();
    const dialog = await openChat(user);
    await ask(user, "Why was my claim not paid?");
    const log = within(dialog).getByRole("log");
    expect(log).toHaveTextContent("You: Why was my claim not paid?");
    expect(await within(log).findByText("Claims help: see My claims.")).toBeInTheDocument();
    expect(log).toHaveTextContent("This may help with medical claims:");
    expect(sentKeys(sent)).toEqual([`GET /site/preview${CLAIMS_HELP}`]);
    expect(screen.getByLabelText("Your question")).toHaveValue("");
  });

  it("says it found nothing for an unrelated question, and keeps the conversation", async () => {
    const { user } = setup();
    const dialog = await openChat(user);
    await ask(user, "How do I change my plan?");
    await within(dialog).findByText("Plan help: change your plan online.");
    await ask(user, "Where can I park?");
    const log = within(dialog).getByRole("log");
    expect(within(log).getByText(ASSISTANT_NO_ANSWER)).toBeInTheDocument();
    expect(log).toHaveTextContent("Plan help: change your plan online.");
    expect(within(log).getAllByRole("listitem")).toHaveLength(5);
  });

  it("ignores an empty question", async () => {
    const { user } = setup();
    const dialog = await openChat(user);
    await ask(user, "   ");
    expect(within(within(dialog).getByRole("log")).getAllByRole("listitem")).toHaveLength(1);
  });

  it("shows the content failure sentence when the help cannot be loaded", async () => {
    const { user } = setup();
    const dialog = await openChat(user);
    await ask(user, "chronic medicine application");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(ERROR_MESSAGES.contentLoad);
  });
});
