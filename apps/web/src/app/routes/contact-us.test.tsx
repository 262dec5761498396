import { createQueryResponseSchema, helpSearchResponseSchema, REPLY_PROMISES } from "@portal/domain";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http } from "msw";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { paths } from "../../config/paths";
import { OPEN_QUERIES_PATH, openQueriesHandler } from "../../features/open-queries/testing/handlers";
import { contentFragmentHandlers } from "../../testing/content-handlers";
import { contractJson } from "../../testing/contract-json";
import { stubUploads } from "../../testing/fake-upload";
import { memberDetailsHandler, memberWithEmails } from "../../testing/member-details-handlers";
import { recordRequests, sentKeys, server } from "../../testing/msw-server";
import { createTestQueryClient, TestProviders } from "../../testing/test-utils";
import { ContactUsRoute } from "./contact-us";

function renderRoute(path: string) {
  server.use(
    ...contentFragmentHandlers(),
    memberDetailsHandler(memberWithEmails("ada@example.com")),
    openQueriesHandler(),
  );
  const sent = recordRequests();
  const listCalls = () => sentKeys(sent).filter((key) => key.startsWith(`GET ${OPEN_QUERIES_PATH}?`));
  const uploads = stubUploads();
  const router = createMemoryRouter([{ path: paths.contactUs.path, element: <ContactUsRoute /> }], {
    initialEntries: [path],
  });
  render(
    <TestProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { listCalls, uploads, router };
}

describe("contact-us route", () => {
  it("default origin: the heading, the open queries, then the card with the default form", async () => {
    const { listCalls } = renderRoute("/contact-us/default");
    expect(screen.getByRole("heading", { level: 1, name: "How can we help?" })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Your open queries" });
    const card = screen.getByRole("region", { name: "Log a new query" });
    expect(table.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByLabelText("Additional Email address(optional):")).toBeInTheDocument();
    expect(listCalls()).toEqual([
      "GET /api/smart-inquiry/member-queries?daysAgo=7&status=OPEN&origin=MEMBER_WEB",
    ]);
  });

  it.each(["medxpress", "partner"])("%s origin: no open queries, the medxpress form", async (origin) => {
    const { listCalls } = renderRoute(`/contact-us/${origin}`);
    expect(screen.getByRole("heading", { level: 1, name: "How can we help?" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Log a new query" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Additional Email address(optional):")).toBeNull();
    expect(screen.getByRole("option", { name: "Order query" })).toBeInTheDocument();
    expect(screen.queryByText("Your open queries")).toBeNull();
    expect(listCalls()).toEqual([]);
  });

  it("refreshes the open queries after a query was logged", async () => {
    const { listCalls, uploads } = renderRoute("/contact-us/default");
    await screen.findByRole("table");
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com"));
    await user.selectOptions(screen.getByLabelText("What do you want to log a query about:"), "OTHER");
    await user.type(screen.getByLabelText("Query details"), "Hello again");
    await user.click(screen.getByRole("button", { name: "Send Query" }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]?.answerJson(createQueryResponseSchema, { referenceNumber: 300002 }));
    await screen.findByText(REPLY_PROMISES.newQuery);
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it("lets keyboard users skip past the open queries' Update links to Log a new query", async () => {
    renderRoute("/contact-us/default");
    await screen.findByRole("table");
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole("link", { name: "Skip to Log a new query" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("heading", { level: 2, name: "Log a new query" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Chat to our virtual assistant" })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText("What do you want to log a query about:")).toHaveFocus();
  });

  it("has no such link where there are no open queries to skip", async () => {
    renderRoute("/contact-us/medxpress");
    expect(screen.queryByRole("link", { name: "Skip to Log a new query" })).toBeNull();
  });

  it("the virtual assistant hands over: the chat closes, the form has the answer's category and subcategory, and focus", async () => {
    const bankDetails = "/fragments/smart-inquiry/redirects/manage-plan/update-bank-details.html";
    server.use(
      http.get("/api/help/search", () =>
        contractJson(helpSearchResponseSchema, {
          results: [
            { path: bankDetails, title: "Update bank details", excerpt: "Update them at My bank details." },
          ],
        }),
      ),
    );
    renderRoute("/contact-us/default");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Chat to our virtual assistant" }));
    await user.type(screen.getByLabelText("Your question"), "new bank account");
    await user.click(screen.getByRole("button", { name: "Ask" }));
    await user.click(await screen.findByRole("button", { name: "Still need help? Log a query" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    const categorySelect = screen.getByLabelText("What do you want to log a query about:");
    expect(categorySelect).toHaveValue("MANAGE_PLAN");
    await waitFor(() => expect(screen.getByLabelText("Query category")).toHaveValue("UPDATE_BANK_DETAILS"));
    expect(categorySelect).toHaveFocus();
  });
});
