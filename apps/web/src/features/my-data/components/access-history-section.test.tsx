import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { recordRequests, sentKeys, server } from "../../../testing/msw-server";
import { renderWithProviders } from "../../../testing/test-utils";
import { stubViewportWidth } from "../../../testing/viewport";
import { accessHistoryFailing, accessHistoryHandler, agentRead, historyPages } from "../testing/handlers";
import { AccessHistorySection } from "./access-history-section";

const CAPTION = "Who has read or changed your information, newest first";

/** The rows of the table as lists of cell texts, header row first. */
function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole("row")
    .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent ?? ""));
}

function renderSection() {
  return renderWithProviders(<AccessHistorySection />, { route: "/my-data" });
}

describe("AccessHistorySection", () => {
  it("explains the record, then shows who read or changed what, staff by their role, in the scheme's time", async () => {
    server.use(accessHistoryHandler());
    const sent = recordRequests();
    renderSection();
    const section = screen.getByRole("region", { name: "Who has seen my information" });
    expect(within(section).getByRole("heading", { level: 2 })).toHaveTextContent(
      "Who has seen my information",
    );
    expect(section).toHaveTextContent("Staff are named here by their role, never by name.");
    expect(section).toHaveTextContent(
      /Every time a member of the scheme's staff reads your information, it is recorded/,
    );
    expect(within(section).getByRole("status")).toHaveTextContent("Loading who has seen your information...");

    const table = await screen.findByRole("table", { name: CAPTION });
    expect(rowsOf(table)).toEqual([
      ["When", "Who", "What", "Read or changed"],
      // 12:05 UTC is 14:05 in Johannesburg; 22:30 UTC is already the next day there.
      ["2026-11-20 14:05", "An agent of the scheme", "Query 300001", "Read"],
      ["2026-11-20 00:30", "You", "Your password", "Changed"],
    ]);
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["When", "Who", "What", "Read or changed"]);
    // Each row is headed by its time, for a screen reader moving along a row.
    expect(within(table).getByRole("rowheader", { name: "2026-11-20 14:05" })).toBeInTheDocument();
    expect(within(table).getByText("2026-11-20 14:05")).toHaveAttribute("datetime", agentRead.at);
    // The agent is a role, never a name.
    expect(table).not.toHaveTextContent(/Lerato|Mokoena/);
    // The table scrolls on a phone: its box is reachable by keyboard.
    expect(screen.getByRole("region", { name: CAPTION })).toHaveAttribute("tabindex", "0");
    expect(within(section).queryByRole("alert")).toBeNull();
    expect(sentKeys(sent)).toEqual(["GET /api/my-data/access-history"]);
  });

  it("appends the next page on Load more, moves focus to its first row, and stops at the last page", async () => {
    server.use(accessHistoryHandler());
    const sent = recordRequests();
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Load more" }));
    const table = screen.getByRole("table", { name: CAPTION });
    await within(table).findByText("An attachment of query 300001");
    expect(rowsOf(table).slice(1)).toEqual([
      ["2026-11-20 14:05", "An agent of the scheme", "Query 300001", "Read"],
      ["2026-11-20 00:30", "You", "Your password", "Changed"],
      [
        "2026-11-02 10:00",
        "A supervisor of the scheme",
        "An attachment of query 300001",
        "Read 3 times that day",
      ],
      ["2026-10-30 09:15", "The scheme's information officer", "Your documents (reference 800001)", "Read"],
    ]);
    await waitFor(() =>
      expect(within(table).getByRole("rowheader", { name: "2026-11-02 10:00" })).toHaveFocus(),
    );
    expect(sentKeys(sent)).toEqual([
      "GET /api/my-data/access-history",
      "GET /api/my-data/access-history?after=page-1",
    ]);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("keeps the rows and offers Load more again when the next page fails", async () => {
    server.use(accessHistoryHandler([historyPages[0] ?? { events: [], nextCursor: null }]));
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "We could not load more of your access history. Please try again.",
    );
    expect(rowsOf(screen.getByRole("table"))).toHaveLength(3);

    server.use(accessHistoryHandler());
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await screen.findByText("An attachment of query 300001");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says so when no one has seen or changed anything yet", async () => {
    server.use(accessHistoryHandler([{ events: [], nextCursor: null }]));
    renderSection();
    expect(await screen.findByText("No one has seen or changed your information yet.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("shows the page's sentence in a red alert when the history cannot be loaded", async () => {
    server.use(accessHistoryFailing());
    renderSection();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(
      "We could not load who has seen your information. Please try again later.",
    );
    expect(alert).toHaveClass("alert-danger");
    expect(alert).not.toHaveTextContent("boom");
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByText("No one has seen or changed your information yet.")).toBeNull();
  });
});

describe("AccessHistorySection on a phone", () => {
  it("at 390 px lists each entry's four values one under another, every one named, with no table to cut off", async () => {
    stubViewportWidth(390);
    server.use(accessHistoryHandler());
    renderSection();
    const list = await screen.findByRole("list", { name: CAPTION });
    expect(screen.queryByRole("table")).toBeNull();
    const entries = within(list).getAllByRole("listitem");
    expect(
      entries.map((entry) =>
        within(entry)
          .getAllByRole("term")
          .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`),
      ),
    ).toEqual([
      [
        "When: 2026-11-20 14:05",
        "Who: An agent of the scheme",
        "What: Query 300001",
        "Read or changed: Read",
      ],
      ["When: 2026-11-20 00:30", "Who: You", "What: Your password", "Read or changed: Changed"],
    ]);
  });

  it("moves focus to the first new entry on Load more", async () => {
    stubViewportWidth(390);
    server.use(accessHistoryHandler());
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Load more" }));
    const list = screen.getByRole("list", { name: CAPTION });
    await within(list).findByText("An attachment of query 300001");
    await waitFor(() => expect(within(list).getByText("2026-11-02 10:00").parentElement).toHaveFocus());
  });

  it("is the table again on a wide screen", async () => {
    stubViewportWidth(1280);
    server.use(accessHistoryHandler());
    renderSection();
    expect(await screen.findByRole("table", { name: CAPTION })).toBeInTheDocument();
  });
});
