import { ERROR_MESSAGES } from "@portal/domain";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { paths } from "../../../config/paths";
import { recordRequests, sentKeys, server } from "../../../testing/msw-server";
import { renderWithProviders } from "../../../testing/test-utils";
import { stubViewportWidth } from "../../../testing/viewport";
import { openQueries, openQueriesFailing, openQueriesHandler, openUpdate } from "../testing/handlers";
import { OpenQueries } from "./open-queries";

// "Today" for the fixtures: Monday 17 March 2025 in Johannesburg, before their replies are due.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2025-03-17T08:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("OpenQueries", () => {
  it("asks for the open queries of the last 7 days of the member-web origin", async () => {
    server.use(openQueriesHandler());
    const sent = recordRequests();
    renderWithProviders(<OpenQueries origin="default" />);
    await screen.findByRole("table");
    expect(sentKeys(sent)).toEqual([
      "GET /api/smart-inquiry/member-queries?daysAgo=7&status=OPEN&origin=MEMBER_WEB",
    ]);
  });

  it("asks for the MED_XPRESS list for any other origin", async () => {
    server.use(openQueriesHandler());
    const sent = recordRequests();
    renderWithProviders(<OpenQueries origin="medxpress" />);
    await screen.findByRole("table");
    expect(sentKeys(sent)).toEqual([
      "GET /api/smart-inquiry/member-queries?daysAgo=7&status=OPEN&origin=MED_XPRESS",
    ]);
  });

  it("shows a loading status, then the titled table with labels, details and yyyy-MM-dd dates", async () => {
    server.use(openQueriesHandler());
    renderWithProviders(<OpenQueries origin="default" />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading your open queries...");

    const table = await screen.findByRole("table", { name: "Your open queries" });
    expect(screen.getByRole("heading", { level: 2, name: "Your open queries" })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Category", "Query details", "Date", "Update"]);
    const [, first, second] = within(table).getAllByRole("row");
    expect(
      within(first as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual([
      "Medical claimsReference 300002",
      "My dentist claim was not paid.Reply expected by 2025-03-18",
      "2025-03-14",
      "",
    ]);
    expect(
      within(second as HTMLElement).getByRole("cell", { name: "Manage plan Reference 300001" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("shows each query's reference number in small text under its category", async () => {
    server.use(openQueriesHandler());
    renderWithProviders(<OpenQueries origin="default" />);
    const table = await screen.findByRole("table", { name: "Your open queries" });
    const [, first, second] = within(table).getAllByRole("row");
    const [category] = within(first as HTMLElement).getAllByRole("cell");
    const reference = within(category as HTMLElement).getByText("Reference 300002");
    expect(reference).toHaveClass("small");
    expect(reference.previousSibling?.textContent).toBe("Medical claims");
    expect(within(second as HTMLElement).getByText("Reference 300001")).toBeInTheDocument();
  });

  it("shows when a reply is expected in small text under the query, and nothing without a date", async () => {
    server.use(openQueriesHandler());
    renderWithProviders(<OpenQueries origin="default" />);
    const table = await screen.findByRole("table", { name: "Your open queries" });
    const [, first, second] = within(table).getAllByRole("row");
    const [, details] = within(first as HTMLElement).getAllByRole("cell");
    const due = within(details as HTMLElement).getByText("Reply expected by 2025-03-18");
    expect(due).toHaveClass("small");
    expect(due.previousSibling?.textContent).toBe("My dentist claim was not paid.");
    expect(within(second as HTMLElement).queryByText(/Reply expected by/)).toBeNull();
    expect(within(second as HTMLElement).getAllByRole("cell")[1]).toHaveTextContent(
      /^Please change my bank details\.$/,
    );
  });

  it("links each row's update icon to the view-query screen with timeline=false", async () => {
    server.use(openQueriesHandler());
    const { router } = renderWithProviders(<OpenQueries origin="default" />, {
      extraRoutes: [paths.update.path],
    });
    const link = await screen.findByRole("link", { name: "Update query 300002" });
    expect(link).toHaveAttribute("href", "/update/default?reference=300002&timeline=false");
    expect(link.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
    link.click();
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        paths.update.getHref("default", { reference: 300002, timeline: false }),
      ),
    );
  });

  it("marks an update as an update to its original, linking to the original's page", async () => {
    server.use(openQueriesHandler([openUpdate, ...openQueries]));
    const { router } = renderWithProviders(<OpenQueries origin="default" />, {
      extraRoutes: [paths.update.path],
    });
    const table = await screen.findByRole("table", { name: "Your open queries" });
    const [, updateRow, originalRow] = within(table).getAllByRole("row");
    const categoryCell = within(updateRow as HTMLElement).getAllByRole("cell")[0] as HTMLElement;
    expect(categoryCell).toHaveTextContent("Reference 300003Update to query 300002");
    expect(within(originalRow as HTMLElement).queryByText(/Update to/)).toBeNull();
    const link = within(categoryCell).getByRole("link", { name: "query 300002" });
    expect(link).toHaveAttribute("href", "/update/default?reference=300002&timeline=true");
    // The update keeps its own pencil: adding to it is still adding to the thread.
    expect(within(updateRow as HTMLElement).getByRole("link", { name: "Update query 300003" })).toBeVisible();
    link.click();
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        "/update/default?reference=300002&timeline=true",
      ),
    );
  });

  it("shows nothing when there are no open queries", async () => {
    server.use(openQueriesHandler([]));
    const sent = recordRequests();
    const { container } = renderWithProviders(<OpenQueries origin="default" />);
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole("status")).toBeNull());
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByText("Your open queries")).toBeNull();
    expect(container).toBeEmptyDOMElement();
  });

  it("shows the required sentence in a red alert when the list cannot be loaded", async () => {
    server.use(openQueriesFailing());
    renderWithProviders(<OpenQueries origin="default" />);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(ERROR_MESSAGES.openQueriesLoad);
    expect(alert).toHaveClass("alert-danger");
    expect(alert).not.toHaveTextContent("boom");
    expect(screen.queryByRole("table")).toBeNull();
  });
});

describe("OpenQueries on a phone", () => {
  it("at 390 px shows the same queries as stacked rows of a list, with the same links, and no table", async () => {
    stubViewportWidth(390);
    server.use(openQueriesHandler());
    renderWithProviders(<OpenQueries origin="default" />, { extraRoutes: [paths.update.path] });
    const list = await screen.findByRole("list", { name: "Your open queries" });
    expect(screen.queryByRole("table")).toBeNull();
    const [first, second] = within(list).getAllByRole("listitem");
    expect(factsOf(first as HTMLElement)).toEqual([
      "Reference: 300002",
      "Category: Medical claims",
      "Query details: My dentist claim was not paid.Reply expected by 2025-03-18",
      "Date: 2025-03-14",
    ]);
    expect(factsOf(second as HTMLElement)).toEqual([
      "Reference: 300001",
      "Category: Manage plan",
      "Query details: Please change my bank details.",
      "Date: 2025-03-09",
    ]);
    const link = within(first as HTMLElement).getByRole("link", { name: "Update query 300002" });
    expect(link).toHaveAttribute("href", "/update/default?reference=300002&timeline=false");
    // The word beside the pencil: a bigger target, and the name still starts with what is seen.
    expect(link).toHaveTextContent(/^Update$/);
    expect(within(second as HTMLElement).getByRole("link", { name: "Update query 300001" })).toHaveAttribute(
      "href",
      "/update/default?reference=300001&timeline=false",
    );
  });

  it("at 390 px marks an update under its reference", async () => {
    stubViewportWidth(390);
    server.use(openQueriesHandler([openUpdate]));
    renderWithProviders(<OpenQueries origin="default" />, { extraRoutes: [paths.update.path] });
    const list = await screen.findByRole("list", { name: "Your open queries" });
    const [item] = within(list).getAllByRole("listitem");
    expect(factsOf(item as HTMLElement)[0]).toBe("Reference: 300003Update to query 300002");
    expect(within(item as HTMLElement).getByRole("link", { name: "query 300002" })).toHaveAttribute(
      "href",
      "/update/default?reference=300002&timeline=true",
    );
  });

  it("follows the screen: the table from 768 px, the stacked list below, switching when it is resized", async () => {
    const viewport = stubViewportWidth(1024);
    server.use(openQueriesHandler());
    renderWithProviders(<OpenQueries origin="default" />);
    expect(await screen.findByRole("table", { name: "Your open queries" })).toBeInTheDocument();
    viewport.resize(767);
    expect(screen.getByRole("list", { name: "Your open queries" })).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
    viewport.resize(768);
    expect(screen.getByRole("table", { name: "Your open queries" })).toBeInTheDocument();
    expect(screen.queryByRole("list")).toBeNull();
  });
});

/** A stacked row's values as "term: value" pairs, as a screen reader pairs them. */
function factsOf(item: HTMLElement): string[] {
  return within(item)
    .getAllByRole("term")
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
}

describe("OpenQueries: replies, late replies and queries logged elsewhere", () => {
  const answered = {
    ...openQueries[0],
    repliedAt: "2025-03-17T22:30:00.000Z",
  } as (typeof openQueries)[number];
  const byPhone = {
    ...openQueries[1],
    referenceNumber: 100001,
    legacy: true,
  } as (typeof openQueries)[number];

  it("says a reply arrived, on the day it was sent in the scheme's time zone, instead of the due date", async () => {
    server.use(openQueriesHandler([answered]));
    renderWithProviders(<OpenQueries origin="default" />);
    const table = await screen.findByRole("table", { name: "Your open queries" });
    const [, row] = within(table).getAllByRole("row");
    // 22:30 UTC on the 17th is 00:30 on the 18th in Johannesburg.
    expect(row).toHaveTextContent("Replied on 2025-03-18");
    expect(row).not.toHaveTextContent("Reply expected");
  });

  it("says a reply is late once its day has passed, and whom to call with which reference", async () => {
    vi.setSystemTime(new Date("2025-03-19T08:00:00Z"));
    server.use(openQueriesHandler([openQueries[0] as (typeof openQueries)[number]]));
    renderWithProviders(<OpenQueries origin="default" />);
    const table = await screen.findByRole("table", { name: "Your open queries" });
    const late = within(table).getByText(/our reply is late/);
    expect(late).toHaveTextContent(
      "Reply expected by 2025-03-18: our reply is late. Please call Member services on 0860 000 001 and quote reference 300002.",
    );
    expect(within(late).getByRole("link", { name: "0860 000 001" })).toHaveAttribute(
      "href",
      "tel:+27860000001",
    );
  });

  it("shows a query logged by phone as what it is, with no Update link to a screen that cannot open it", async () => {
    server.use(openQueriesHandler([byPhone]));
    renderWithProviders(<OpenQueries origin="default" />);
    const table = await screen.findByRole("table", { name: "Your open queries" });
    expect(within(table).queryByRole("link", { name: /Update query/ })).toBeNull();
    expect(table).toHaveTextContent("Logged by phone or another channel, so it can't be opened here.");
  });

  it("at 390 px also leaves out the Update link of a query logged by phone", async () => {
    stubViewportWidth(390);
    server.use(openQueriesHandler([byPhone, answered]));
    renderWithProviders(<OpenQueries origin="default" />, { extraRoutes: [paths.update.path] });
    const list = await screen.findByRole("list", { name: "Your open queries" });
    const [phone, web] = within(list).getAllByRole("listitem");
    expect(within(phone as HTMLElement).queryByRole("link", { name: /Update query/ })).toBeNull();
    expect(within(web as HTMLElement).getByRole("link", { name: "Update query 300002" })).toBeVisible();
    expect(web).toHaveTextContent("Replied on 2025-03-18");
  });

  it("links to the interaction timeline, where the closed and older queries are", async () => {
    server.use(openQueriesHandler());
    renderWithProviders(<OpenQueries origin="default" />, { extraRoutes: [paths.interactionTimeline.path] });
    const link = await screen.findByRole("link", {
      name: "All your queries, closed and older ones too, are on your interaction timeline",
    });
    expect(link).toHaveAttribute("href", "/interaction-timeline");
  });
});
