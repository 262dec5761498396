import { type CategoryChoice, helpSearchResponseSchema } from "@portal/domain";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { contractJson, errorJson } from "../../../testing/contract-json";
import { recordRequests, sentKeys, server } from "../../../testing/msw-server";
import { renderWithProviders } from "../../../testing/test-utils";
import { LogNewQueryCard } from "./log-new-query-card";
import {
  ASSISTANT_FOUND,
  ASSISTANT_GREETING,
  ASSISTANT_NO_ANSWER,
  ASSISTANT_PERSON,
  ASSISTANT_PERSON_QUERY,
  ASSISTANT_SEARCH_FAILED,
  HAND_OVER_LABEL,
  PERSON_HAND_OVER_LABEL,
} from "./virtual-assistant-chat";

const CLAIMS_HELP = "/fragments/smart-inquiry/categories/medical-claims.html";
const SUBMIT_HELP = "/fragments/smart-inquiry/redirects/medical-claims/submit-a-claim.html";
const TOOLTIP = "/fragments/smart-inquiry/additional-email-tooltip.html";

/** The help search's answers, by question. */
const ANSWERS: Record<string, { path: string; title: string; excerpt: string }[]> = {
  "How do I submit a claim?": [
    { path: SUBMIT_HELP, title: "Submit a claim", excerpt: "Submit it online at Submit a claim." },
    { path: CLAIMS_HELP, title: "Medical claims", excerpt: "You can see every claim under My claims." },
    { path: TOOLTIP, title: "Additional email address", excerpt: "Add a second email address." },
    { path: "/fragments/fourth.html", title: "A fourth answer", excerpt: "Not shown." },
  ],
  "Where can I park?": [],
};

function setup({ onLogQuery }: { onLogQuery?: (choice: CategoryChoice | undefined) => void } = {}) {
  server.use(
    http.get(`/site/preview${SUBMIT_HELP}`, () =>
      HttpResponse.html("<p>Submit help: upload the account.</p>"),
    ),
    http.get("/api/help/search", ({ request }) => {
      const q = new URL(request.url).searchParams.get("q") ?? "";
      // The server's hand-over to a person: no article, handOver.
      if (q === "Can I speak to a person?")
        return contractJson(helpSearchResponseSchema, { results: [], handOver: true });
      const results = ANSWERS[q];
      if (!results) return errorJson(503, "SERVICE_UNAVAILABLE", "down");
      return contractJson(helpSearchResponseSchema, { results });
    }),
  );
  const sent = recordRequests();
  const user = userEvent.setup();
  renderWithProviders(
    <LogNewQueryCard onLogQuery={onLogQuery}>
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

  it("answers with the best three help fragments, and Read more opens one in the chat", async () => {
    const { user, sent } = setup();
    const dialog = await openChat(user);
    await ask(user, "How do I submit a claim?");
    const log = within(dialog).getByRole("log");
    expect(log).toHaveTextContent("You: How do I submit a claim?");
    expect(await within(log).findByText(ASSISTANT_FOUND)).toBeInTheDocument();
    const answers = within(log)
      .getAllByRole("listitem")
      .filter((item) => item.closest("ul"));
    expect(answers.map((item) => within(item).getByText(/./, { selector: "strong" }).textContent)).toEqual([
      "Submit a claim",
      "Medical claims",
      "Additional email address",
    ]);
    expect(log).toHaveTextContent("Submit it online at Submit a claim.");
    expect(log).not.toHaveTextContent("A fourth answer");
    expect(sentKeys(sent)).toEqual([`GET /api/help/search?q=How+do+I+submit+a+claim%3F`]);
    const readMore = within(log).getByRole("button", { name: "Read more about Submit a claim" });
    expect(readMore).toHaveAttribute("aria-expanded", "false");
    await user.click(readMore);
    expect(await within(log).findByText("Submit help: upload the account.")).toBeInTheDocument();
    expect(readMore).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByLabelText("Your question")).toHaveValue("");
  });

  it("says it found nothing for an unrelated question, and keeps the conversation", async () => {
    const { user } = setup();
    const dialog = await openChat(user);
    await ask(user, "How do I submit a claim?");
    await within(dialog).findByText(ASSISTANT_FOUND);
    await ask(user, "Where can I park?");
    const log = within(dialog).getByRole("log");
    expect(await within(log).findByText(ASSISTANT_NO_ANSWER)).toBeInTheDocument();
    expect(log).toHaveTextContent("Submit it online at Submit a claim.");
  });

  it("says so when the search fails, and still offers the form", async () => {
    const { user } = setup({ onLogQuery: vi.fn() });
    const dialog = await openChat(user);
    await ask(user, "chronic medicine application");
    expect(await within(dialog).findByText(ASSISTANT_SEARCH_FAILED)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: HAND_OVER_LABEL })).toBeInTheDocument();
  });

  it("ignores an empty question", async () => {
    const { user, sent } = setup();
    const dialog = await openChat(user);
    await ask(user, "   ");
    expect(within(within(dialog).getByRole("log")).getAllByRole("listitem")).toHaveLength(1);
    expect(sentKeys(sent)).toEqual([]);
  });

  it("hands over to the form with the best answer's category, and closes", async () => {
    const onLogQuery = vi.fn();
    const { user } = setup({ onLogQuery });
    const dialog = await openChat(user);
    await ask(user, "How do I submit a claim?");
    await user.click(await within(dialog).findByRole("button", { name: HAND_OVER_LABEL }));
    expect(onLogQuery).toHaveBeenCalledWith({ category: "MEDICAL_CLAIMS", subCategory: "SUBMIT_A_CLAIM" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("hands over without a category when nothing was found", async () => {
    const onLogQuery = vi.fn();
    const { user } = setup({ onLogQuery });
    const dialog = await openChat(user);
    await ask(user, "Where can I park?");
    await user.click(await within(dialog).findByRole("button", { name: HAND_OVER_LABEL }));
    expect(onLogQuery).toHaveBeenCalledWith(undefined);
  });

  it("answers a request for a person with the scheme's numbers and the form, and no article", async () => {
    const onLogQuery = vi.fn();
    const { user } = setup({ onLogQuery });
    const dialog = await openChat(user);
    await ask(user, "Can I speak to a person?");
    const log = within(dialog).getByRole("log");
    expect(await within(log).findByText(ASSISTANT_PERSON)).toBeInTheDocument();
    // The footer's numbers, each a tel: link, with its hours and the days it is closed.
    const number = within(log).getByRole("link", { name: "0860 000 001" });
    expect(number).toHaveAttribute("href", expect.stringMatching(/^tel:\+27/));
    expect(number.closest("li")).toHaveTextContent(/^Member services: 0860 000 001 \(.+\)$/);
    expect(log).toHaveTextContent("Member services is closed on Sundays.");
    expect(log).toHaveTextContent(ASSISTANT_PERSON_QUERY);
    expect(within(log).queryByText(ASSISTANT_FOUND)).toBeNull();
    expect(within(log).queryByText(ASSISTANT_NO_ANSWER)).toBeNull();
    await user.click(within(log).getByRole("button", { name: PERSON_HAND_OVER_LABEL }));
    expect(onLogQuery).toHaveBeenCalledWith(undefined);
  });
});
