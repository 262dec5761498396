import { ERROR_MESSAGES, TIMELINE_NOTE } from "@portal/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { paths } from "../../../config/paths";
import { recordRequests, sentKeys, server } from "../../../testing/msw-server";
import { renderWithProviders } from "../../../testing/test-utils";
import {
  closedMedxpressItem,
  interactionTimelineFailing,
  interactionTimelineHandler,
  legacyItem,
  openQueryItem,
  removedQueryItem,
  timelinePages,
} from "../testing/handlers";
import { InteractionTimelinePage } from "./interaction-timeline-page";

function renderPage() {
  return renderWithProviders(<InteractionTimelinePage />, {
    route: "/interaction-timeline",
    extraRoutes: [paths.update.path, paths.documentSubmission.path],
  });
}

const entries = () => screen.getAllByRole("article");
const entry = (title: string) => screen.getByRole("article", { name: title });

/** The details of an entry as "term: value" pairs. */
function details(article: HTMLElement): string[] {
  return within(article)
    .getAllByRole("term")
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
}

describe("InteractionTimelinePage", () => {
  it("asks for the first page, shows a loading status, then the entries newest first under a titled page", async () => {
    server.use(interactionTimelineHandler());
    const sent = recordRequests();
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Interaction timeline" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Loading your interaction timeline...");
    await screen.findByRole("article", { name: "Query 300010" });
    expect(screen.queryByRole("status")).toBeNull();
    expect(entries().map((article) => within(article).getByRole("heading").textContent)).toEqual([
      "Query 300010",
      "Document submission 800001",
    ]);
    expect(sentKeys(sent)).toEqual(["GET /api/smart-inquiry/interaction-timeline"]);
    expect(document.title).toBe("Interaction timeline · Test Scheme");
  });

  it("says under its heading that a new query shows only 24 hours after it was logged, as the success message does", async () => {
    server.use(interactionTimelineHandler());
    renderPage();
    expect(screen.getByText(TIMELINE_NOTE)).toBeInTheDocument();
  });

  it("shows a query with its category, date, origin and status, its updates and replies in order, and its link", async () => {
    server.use(interactionTimelineHandler());
    const { router } = renderPage();
    await screen.findByRole("article", { name: "Query 300010" });
    const query = entry("Query 300010");
    expect(details(query)).toEqual([
      "Category: Medical claims",
      "Date: 2026-11-20",
      "Logged via: Member website",
      "Status: Open",
    ]);
    const thread = within(query).getByRole("list", { name: "Updates and replies of query 300010" });
    expect(
      within(thread)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Update 300011 logged on 2026-11-21",
      "Reply sent on 2026-11-22",
      "Update 300012 logged on 2026-11-23",
      "Reply sent on 2026-11-24",
    ]);
    const link = within(query).getByRole("link", { name: "View query 300010" });
    expect(link).toHaveAttribute("href", "/update/default?reference=300010&timeline=true");
    await userEvent.click(link);
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        "/update/default?reference=300010&timeline=true",
      ),
    );
  });

  it("shows a document submission with its category, date and number of files, linked to its screen", async () => {
    server.use(interactionTimelineHandler());
    const { router } = renderPage();
    const submission = await screen.findByRole("article", { name: "Document submission 800001" });
    expect(details(submission)).toEqual([
      "Category: Chronic conditions and cancer",
      "Date: 2026-11-12",
      "Documents: 2 documents",
    ]);
    const link = within(submission).getByRole("link", { name: "View document submission 800001" });
    expect(link).toHaveAttribute("href", "/document-submission?reference=800001");
    await userEvent.click(link);
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        "/document-submission?reference=800001",
      ),
    );
  });

  it("links a MedXpress query to the medxpress view-query screen, and says when it is closed", async () => {
    server.use(interactionTimelineHandler([{ items: [closedMedxpressItem], nextCursor: null }]));
    renderPage();
    const query = await screen.findByRole("article", { name: "Query 300005" });
    expect(details(query)).toEqual([
      "Category: Delivery query",
      "Date: 2026-10-02",
      "Logged via: MedXpress",
      "Status: Closed",
    ]);
    expect(within(query).getByRole("listitem")).toHaveTextContent(/^Reply sent on 2026-10-05$/);
    expect(within(query).getByRole("link", { name: "View query 300005" })).toHaveAttribute(
      "href",
      "/update/medxpress?reference=300005&timeline=true",
    );
  });

  it("shows a query removed under the retention policy as a tombstone with its date, without a link", async () => {
    server.use(interactionTimelineHandler([{ items: [removedQueryItem], nextCursor: null }]));
    renderPage();
    const removed = await screen.findByRole("article", { name: "Query 200001" });
    expect(removed).toHaveTextContent("Its content was removed under the retention policy on 2026-11-24.");
    expect(within(removed).queryByRole("link")).toBeNull();
  });

  it("lists a legacy query without a link, saying it can't be opened here", async () => {
    server.use(interactionTimelineHandler([{ items: [legacyItem, openQueryItem], nextCursor: null }]));
    renderPage();
    const legacy = await screen.findByRole("article", { name: "Query 100001" });
    expect(details(legacy)).toContain("Status: Closed");
    // Not the website, whatever origin the import gave it.
    expect(details(legacy)).toContain("Logged via: Phone or another channel");
    expect(within(legacy).queryByRole("link")).toBeNull();
    expect(within(legacy).queryByRole("list")).toBeNull();
    expect(legacy).toHaveTextContent("This query was logged elsewhere and can't be opened here.");
    expect(entry("Query 300010")).not.toHaveTextContent("can't be opened here");
  });

  it("appends the next page on Load more, moves focus to its first entry, and stops at the last page", async () => {
    server.use(interactionTimelineHandler());
    const sent = recordRequests();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Load more" }));
    await screen.findByRole("article", { name: "Query 300005" });
    expect(entries().map((article) => within(article).getByRole("heading").textContent)).toEqual([
      "Query 300010",
      "Document submission 800001",
      "Query 300005",
      "Query 100001",
    ]);
    await waitFor(() => expect(within(entry("Query 300005")).getByRole("heading")).toHaveFocus());
    expect(sentKeys(sent)).toEqual([
      "GET /api/smart-inquiry/interaction-timeline",
      "GET /api/smart-inquiry/interaction-timeline?before=page-1",
    ]);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("shows no Load more when the first page is the only one", async () => {
    const [firstPage] = timelinePages;
    server.use(interactionTimelineHandler([{ items: firstPage?.items ?? [], nextCursor: null }]));
    renderPage();
    await screen.findByRole("article", { name: "Query 300010" });
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("says so when there is nothing on the timeline yet", async () => {
    server.use(interactionTimelineHandler([{ items: [], nextCursor: null }]));
    renderPage();
    expect(
      await screen.findByText(
        "There are no queries or document submissions on your interaction timeline yet.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("list")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the catalogue's sentence in a red alert when the timeline cannot be loaded", async () => {
    server.use(interactionTimelineFailing());
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(ERROR_MESSAGES.openQueriesLoad);
    expect(alert).toHaveClass("alert-danger");
    expect(alert).not.toHaveTextContent("boom");
    expect(screen.queryByRole("article")).toBeNull();
    expect(screen.queryByText(/no queries or document submissions/)).toBeNull();
  });

  it("keeps the entries and offers Load more again when the next page fails", async () => {
    server.use(interactionTimelineHandler([timelinePages[0] ?? { items: [], nextCursor: null }]));
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(ERROR_MESSAGES.openQueriesLoad);
    expect(entries()).toHaveLength(2);

    server.use(interactionTimelineHandler());
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await screen.findByRole("article", { name: "Query 100001" });
    expect(screen.queryByRole("alert")).toBeNull();
    expect(entries()).toHaveLength(4);
  });
});
