import type { QueueResponse } from "@portal/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { recordRequests, sentKeys, server } from "../../../testing/msw-server";
import { agent, queueHandler, queuePage, queueRow } from "../testing/handlers";
import { renderConsole } from "../testing/render-console";

const FIRST_PAGE = "GET /api/console/queries?status=OPEN&assigned=ANYONE";

function setup(pages: Record<string, QueueResponse> = { "": queuePage([queueRow()]) }) {
  server.use(queueHandler(pages));
  const sent = recordRequests();
  const queueCalls = () => sentKeys(sent).filter((key) => key.startsWith("GET /api/console/queries?"));
  const view = renderConsole("/console");
  return { ...view, queueCalls, user: userEvent.setup() };
}

const table = () => screen.findByRole("table", { name: "Queries, the soonest reply due first" });
const bodyRows = (element: HTMLElement) => within(element).getAllByRole("row").slice(1);

describe("the queue", () => {
  it("shows a loading indicator, then one row per query with every column", async () => {
    setup({
      "": queuePage([
        queueRow(),
        queueRow({
          referenceNumber: 300004,
          parentReferenceNumber: 300001,
          origin: "MED_XPRESS",
          category: "MEDXPRESS_DELIVERY_QUERY",
          subCategory: null,
          replyDueOn: "2026-11-23",
          overdue: true,
          assignedTo: { entityNumber: agent.entityNumber, firstName: "Thandi", lastName: "Mokoena" },
        }),
      ]),
    });
    expect(screen.getByRole("heading", { level: 1, name: "Queries" })).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent("Loading queries...");

    const [first, second] = bodyRows(await table());
    expect(
      within(first as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual([
      "Zanele Khumalo20991234",
      "Medical claimsClaim short paid",
      "Member portal",
      "2026-11-20",
      "Tue 24 Nov 2026",
      "Unassigned",
      "Open",
    ]);
    expect(within(first as HTMLElement).getByRole("link", { name: "300001" })).toHaveAttribute(
      "href",
      "/console/queries/300001",
    );
    const update = second as HTMLElement;
    expect(within(update).getByRole("rowheader")).toHaveTextContent("300004Update to 300001");
    expect(within(update).getByText("Delivery query")).toBeInTheDocument();
    expect(within(update).getByText("MedXpress")).toBeInTheDocument();
    expect(within(update).getByText("Thandi Mokoena")).toBeInTheDocument();
    // Overdue is said in words, not only in red.
    const overdue = within(update).getByText("Overdue");
    expect(overdue).toHaveClass("badge");
    expect(overdue.parentElement).toHaveClass("text-danger");
    expect(overdue.parentElement).toHaveTextContent("Mon 23 Nov 2026 Overdue");
    expect(within(first as HTMLElement).queryByText("Overdue")).toBeNull();
  });

  it("shows the counts beside the filters they belong to", async () => {
    setup();
    await table();
    const options = (label: string) =>
      within(screen.getByLabelText(label))
        .getAllByRole("option")
        .map((option) => option.textContent);
    expect(options("Status")).toEqual(["Open (12)", "Closed (30)", "All (42)"]);
    expect(options("Assigned to")).toEqual(["Anyone", "Assigned to me (2)", "Unassigned (5)"]);
    expect(options("Origin")).toEqual(["Any origin", "Member portal", "MedXpress"]);
    expect(options("Category")).toContain("Medical claims");
    expect(options("Category")).toContain("Order query");
    expect(screen.getByLabelText("Overdue only")).toHaveAccessibleDescription("3 overdue");
  });

  it("asks the server again with each filter, and keeps them in the address", async () => {
    const { user, queueCalls, location } = setup();
    await table();
    await user.selectOptions(screen.getByLabelText("Status"), "CLOSED");
    await user.selectOptions(screen.getByLabelText("Origin"), "MED_XPRESS");
    await user.selectOptions(screen.getByLabelText("Category"), "MEDICAL_CLAIMS");
    await user.selectOptions(screen.getByLabelText("Assigned to"), "UNASSIGNED");
    await user.click(screen.getByLabelText("Overdue only"));
    await waitFor(() =>
      expect(queueCalls().at(-1)).toBe(
        "GET /api/console/queries?status=CLOSED&assigned=UNASSIGNED&origin=MED_XPRESS&category=MEDICAL_CLAIMS&overdue=true",
      ),
    );
    expect(queueCalls()[0]).toBe(FIRST_PAGE);
    expect(queueCalls()).toHaveLength(6);
    expect(location()).toBe(
      "/console?status=CLOSED&origin=MED_XPRESS&category=MEDICAL_CLAIMS&assigned=UNASSIGNED&overdue=true",
    );
  });

  it("searches for the text in the box labelled Search", async () => {
    const { user, queueCalls } = setup();
    await table();
    await user.type(screen.getByLabelText("Search"), "  Khumalo ");
    await user.keyboard("{Enter}");
    // Focus stays in the box, ready for the next search.
    expect(screen.getByLabelText("Search")).toHaveFocus();
    await waitFor(() =>
      expect(queueCalls()).toEqual([
        FIRST_PAGE,
        "GET /api/console/queries?status=OPEN&assigned=ANYONE&search=Khumalo",
      ]),
    );
  });

  it("appends the next page on Load more, until there is none", async () => {
    const { user, queueCalls } = setup({
      "": queuePage([queueRow()], "cursor-1"),
      "cursor-1": queuePage([queueRow({ referenceNumber: 300009 })]),
    });
    expect(bodyRows(await table())).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(async () => expect(bodyRows(await table())).toHaveLength(2));
    expect(screen.getByRole("link", { name: "300009" })).toBeInTheDocument();
    expect(queueCalls()).toEqual([FIRST_PAGE, `${FIRST_PAGE}&after=cursor-1`]);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("says so when no query matches", async () => {
    setup({ "": queuePage([]) });
    expect(await screen.findByText("No queries match these filters.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("says so when the queue cannot be loaded, and tries again", async () => {
    const { user, queueCalls } = setup({});
    expect(await screen.findByRole("alert")).toHaveTextContent("The queries could not be loaded.");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(queueCalls()).toHaveLength(2));
  });
});
