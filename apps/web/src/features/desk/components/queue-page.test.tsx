import { BULK_ACTION_MAX, type QueueResponse } from "@portal/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { agent, type ConsolePerson, supervisor } from "../../../testing/console/console-handlers";
import { errorJson } from "../../../testing/contract-json";
import { recordRequests, type SentRequest, sentKeys, server } from "../../../testing/msw-server";
import { stubViewportWidth } from "../../../testing/viewport";
import { QUEUE_REFRESH_MS } from "../api/get-queue";
import {
  BULK_PATH,
  bulkHandler,
  consoleQueryHandler,
  queueHandler,
  queuePage,
  queueRow,
} from "../testing/handlers";
import { renderConsole } from "../testing/render-console";
import { SHORTCUT_PAGES } from "../utils/shortcuts";

const QUEUE = "GET /api/console/queries";
const FIRST_PAGE = `${QUEUE}?status=OPEN&assigned=ANYONE&sort=due`;

function setup(
  pages: Record<string, QueueResponse> = { "": queuePage([queueRow()]) },
  { person = agent, route = "/console" }: { person?: ConsolePerson; route?: string } = {},
) {
  server.use(queueHandler(pages));
  const sent = recordRequests();
  const queueCalls = () => sentKeys(sent).filter((key) => key.startsWith(`${QUEUE}?`));
  const view = renderConsole(route, { person });
  return { ...view, sent, queueCalls, user: userEvent.setup() };
}

const table = () => screen.findByRole("table", { name: /^Conversations, / });
const bodyRows = (element: HTMLElement) => within(element).getAllByRole("row").slice(1);
const header = (name: string) => screen.getByRole("columnheader", { name });

async function bodyOf(sent: SentRequest[], key: string): Promise<unknown> {
  const request = sent.find((entry) => entry.key === key)?.request;
  if (!request) throw new Error(`${key} was not sent`);
  return request.json();
}

/** Three conversations: waiting on the desk, overdue with updates, waiting on the member. */
const threeRows = () =>
  queuePage([
    queueRow(),
    queueRow({
      referenceNumber: 300004,
      latestReferenceNumber: 300011,
      messageCount: 3,
      origin: "MED_XPRESS",
      category: "MEDXPRESS_DELIVERY_QUERY",
      subCategory: null,
      replyDueOn: "2026-11-23",
      overdue: true,
      assignedTo: { entityNumber: agent.entityNumber, firstName: "Thandi", lastName: "Mokoena" },
    }),
    queueRow({ referenceNumber: 300020, waitingOn: "MEMBER", replyDueOn: null, messageCount: 2 }),
  ]);

describe("the queue", () => {
  it("shows a loading indicator, then one row per conversation with every column", async () => {
    setup({ "": threeRows() });
    expect(screen.getByRole("heading", { level: 1, name: "Queries" })).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent("Loading queries...");

    const [first, second, third] = bodyRows(await table()) as HTMLElement[];
    expect(
      within(screen.getByRole("table"))
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual([
      "Reference",
      "Member",
      "Category",
      "Messages",
      "Last message ↕",
      "Due ▲",
      "Waiting on",
      "Assigned to",
      "Status",
    ]);
    const cells = within(first as HTMLElement)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      "Zanele Khumalo20991234",
      "Medical claimsClaim short paid",
      "1",
      expect.stringMatching(/^2026-11-21 \d\d:\d\d$/),
      "2026-11-24",
      "The desk",
      "Unassigned",
      "Open",
    ]);
    expect(within(first as HTMLElement).getByRole("link", { name: "300001" })).toHaveAttribute(
      "href",
      "/console/queries/300001",
    );
    // A conversation with updates: its first query's reference, its newest message's beside it.
    expect(within(second as HTMLElement).getByRole("rowheader")).toHaveTextContent("300004Latest: 300011");
    expect(within(second as HTMLElement).getByRole("link", { name: "300004" })).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText("Delivery query")).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText("Thandi Mokoena")).toBeInTheDocument();
    expect(within(second as HTMLElement).getAllByRole("cell")[2]).toHaveTextContent("3");
    // Overdue is said in words, not only in red.
    const overdue = within(second as HTMLElement).getByText("Overdue");
    expect(overdue).toHaveClass("badge");
    expect(overdue.parentElement).toHaveClass("text-danger");
    expect(overdue.parentElement).toHaveTextContent("2026-11-23 Overdue");
    expect(within(first as HTMLElement).queryByText("Overdue")).toBeNull();
    // Answered and waiting on the member: no reply is owed.
    expect(within(third as HTMLElement).getAllByRole("cell")[4]).toHaveTextContent("None owed");
    expect(within(third as HTMLElement).getAllByRole("cell")[5]).toHaveTextContent("The member");
  });

  it("shows the desk's counts beside the filters they belong to", async () => {
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
    expect(screen.getByLabelText("Waiting on the member")).toHaveAccessibleDescription("4 waiting");
  });

  it("asks the server again with each filter, and keeps them in the address", async () => {
    const { user, queueCalls, location } = setup();
    await table();
    await user.selectOptions(screen.getByLabelText("Status"), "ALL");
    await user.selectOptions(screen.getByLabelText("Origin"), "MED_XPRESS");
    await user.selectOptions(screen.getByLabelText("Category"), "MEDICAL_CLAIMS");
    await user.selectOptions(screen.getByLabelText("Assigned to"), "UNASSIGNED");
    await user.click(screen.getByLabelText("Waiting on the member"));
    await waitFor(() =>
      expect(queueCalls().at(-1)).toBe(
        `${QUEUE}?status=ALL&assigned=UNASSIGNED&sort=-latest&origin=MED_XPRESS&category=MEDICAL_CLAIMS&waiting=true`,
      ),
    );
    expect(queueCalls()[0]).toBe(FIRST_PAGE);
    expect(queueCalls()).toHaveLength(6);
    expect(location()).toBe(
      "/console?status=ALL&origin=MED_XPRESS&category=MEDICAL_CLAIMS&assigned=UNASSIGNED&waiting=true",
    );
  });

  it("keeps overdue and waiting on the member apart: ticking one unticks the other", async () => {
    const { user, location } = setup();
    await table();
    await user.click(screen.getByLabelText("Overdue only"));
    expect(location()).toBe("/console?overdue=true");
    await user.click(screen.getByLabelText("Waiting on the member"));
    expect(screen.getByLabelText("Overdue only")).not.toBeChecked();
    expect(screen.getByLabelText("Waiting on the member")).toBeChecked();
    expect(location()).toBe("/console?waiting=true");
    await user.click(screen.getByLabelText("Overdue only"));
    expect(location()).toBe("/console?overdue=true");
  });

  it("orders by the Due and Last message headers, said by aria-sort and the caption", async () => {
    const { user, queueCalls, location } = setup();
    await table();
    expect(header("Due")).toHaveAttribute("aria-sort", "ascending");
    expect(header("Last message")).not.toHaveAttribute("aria-sort");
    expect(screen.getByRole("table")).toHaveAccessibleName("Conversations, the soonest reply due first");

    await user.click(within(header("Last message")).getByRole("button", { name: "Last message" }));
    await waitFor(() =>
      expect(queueCalls().at(-1)).toBe(`${QUEUE}?status=OPEN&assigned=ANYONE&sort=-latest`),
    );
    expect(location()).toBe("/console?sort=-latest");
    expect(header("Last message")).toHaveAttribute("aria-sort", "descending");
    expect(header("Due")).not.toHaveAttribute("aria-sort");
    expect(screen.getByRole("table")).toHaveAccessibleName("Conversations, the newest message first");

    await user.click(within(header("Last message")).getByRole("button"));
    await waitFor(() => expect(location()).toBe("/console?sort=latest"));
    expect(header("Last message")).toHaveAttribute("aria-sort", "ascending");

    await user.click(within(header("Due")).getByRole("button"));
    expect(location()).toBe("/console");
    await user.click(within(header("Due")).getByRole("button"));
    await waitFor(() => expect(location()).toBe("/console?sort=-due"));
    expect(header("Due")).toHaveAttribute("aria-sort", "descending");
    expect(screen.getByRole("table")).toHaveAccessibleName("Conversations, the latest reply due first");

    // Another tab starts in its own order: the newest message first for closed conversations.
    await user.selectOptions(screen.getByLabelText("Status"), "CLOSED");
    await waitFor(() =>
      expect(queueCalls().at(-1)).toBe(`${QUEUE}?status=CLOSED&assigned=ANYONE&sort=-latest`),
    );
    expect(location()).toBe("/console?status=CLOSED");
  });

  it("reads the order from the address, and ignores one it does not know", async () => {
    const { queueCalls } = setup(undefined, { route: "/console?status=CLOSED&sort=due&waiting=true" });
    await table();
    expect(queueCalls()[0]).toBe(`${QUEUE}?status=CLOSED&assigned=ANYONE&sort=due&waiting=true`);
    expect(header("Due")).toHaveAttribute("aria-sort", "ascending");

    const other = setup(undefined, { route: "/console?sort=sideways" });
    await waitFor(() => expect(other.queueCalls()).toContain(FIRST_PAGE));
  });

  it("searches for the text in the box labelled Search, whose hint says what it finds", async () => {
    const { user, queueCalls } = setup();
    await table();
    const box = screen.getByLabelText("Search");
    expect(box).toHaveAccessibleDescription(
      "Words the member or the desk wrote in the conversation, a reference number, a membership number, the member's first name or surname, or the e-mail address a query came from.",
    );
    await user.type(box, "  physiotherapist account ");
    await user.keyboard("{Enter}");
    // Focus stays in the box, ready for the next search.
    expect(box).toHaveFocus();
    await waitFor(() =>
      expect(queueCalls()).toEqual([FIRST_PAGE, `${FIRST_PAGE}&search=physiotherapist+account`]),
    );
  });

  it("shows where a word search found each conversation, the words marked, never as HTML", async () => {
    setup({
      "": queuePage([
        queueRow({
          excerpt: [
            { text: "…the ", match: false },
            { text: "physiotherapist", match: true },
            { text: " sent <b>twice</b>", match: false },
          ],
        }),
        queueRow({ referenceNumber: 300005 }),
      ]),
    });
    const [first, second] = bodyRows(await table()) as HTMLElement[];
    expect(header("Found")).toBeInTheDocument();
    const found = within(first as HTMLElement)
      .getAllByRole("cell")
      .at(-1) as HTMLElement;
    expect(found).toHaveTextContent("…the physiotherapist sent <b>twice</b>");
    expect(found.querySelector("mark")).toHaveTextContent("physiotherapist");
    expect(found.querySelectorAll("mark")).toHaveLength(1);
    expect(found.querySelector("b")).toBeNull();
    expect(
      within(second as HTMLElement)
        .getAllByRole("cell")
        .at(-1),
    ).toHaveTextContent("");
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

describe("the queue's keyboard shortcuts", () => {
  it("j and k (or the arrow keys, once on a row) move between rows; Enter opens one", async () => {
    server.use(consoleQueryHandler());
    const { user, location } = setup({ "": threeRows() });
    await table();
    const link = (name: string) => screen.getByRole("link", { name });
    await user.keyboard("j");
    expect(link("300001")).toHaveFocus();
    await user.keyboard("j");
    expect(link("300004")).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(link("300020")).toHaveFocus();
    // The last row stays the last.
    await user.keyboard("j");
    expect(link("300020")).toHaveFocus();
    await user.keyboard("k");
    await user.keyboard("{ArrowUp}");
    expect(link("300001")).toHaveFocus();
    await user.keyboard("j");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(location()).toBe("/console/queries/300004"));
  });

  it("Enter on a supervisor's row tick opens that row; Space still ticks it", async () => {
    server.use(consoleQueryHandler());
    const { user, location } = setup({ "": threeRows() }, { person: supervisor });
    await table();
    const tick = screen.getByRole("checkbox", { name: "Select 300004" });
    tick.focus();
    await user.keyboard(" ");
    expect(tick).toBeChecked();
    await user.keyboard("k");
    expect(screen.getByRole("link", { name: "300001" })).toHaveFocus();
    screen.getByRole("checkbox", { name: "Select 300020" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(location()).toBe("/console/queries/300020"));
  });

  it("/ goes to the search box, where letters are typed, not shortcuts", async () => {
    const { user } = setup({ "": threeRows() });
    await table();
    await user.keyboard("/");
    const box = screen.getByLabelText("Search");
    expect(box).toHaveFocus();
    await user.keyboard("jk?");
    expect(box).toHaveValue("jk?");
    expect(box).toHaveFocus();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(box).toHaveAttribute("aria-keyshortcuts", "/");
  });

  it("? lists every shortcut in a dialog; Escape closes it and focus goes back", async () => {
    const { user } = setup({ "": threeRows() });
    await table();
    await user.keyboard("j");
    const row = screen.getByRole("link", { name: "300001" });
    await user.keyboard("?");
    const dialog = screen.getByRole("dialog", { name: "Keyboard shortcuts" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(within(dialog).getByRole("heading", { name: "Keyboard shortcuts" })).toBeInTheDocument();
    const listed = within(dialog)
      .getAllByRole("definition")
      .map((entry) => entry.textContent);
    const defined = Object.values(SHORTCUT_PAGES).flatMap((page) =>
      page.shortcuts.map((shortcut) => shortcut.description),
    );
    expect(listed).toEqual(defined);
    expect(within(dialog).getByRole("region", { name: "In the queue" })).toHaveTextContent(
      "j or Down arrowMove to the next conversation",
    );
    expect(within(dialog).getByRole("region", { name: "On a query's page" })).toHaveTextContent(
      "rGo to the reply",
    );
    // Shortcuts do nothing while the dialog is open.
    await user.keyboard("j");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(row).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Keyboard shortcuts" }));
    expect(screen.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.getByRole("button", { name: "Keyboard shortcuts" })).toHaveFocus();
  });

  it("fire with no Ctrl, Alt or Meta, nor in a list box", async () => {
    const { user } = setup({ "": threeRows() });
    await table();
    await user.keyboard("{Control>}j{/Control}");
    expect(screen.getByRole("link", { name: "300001" })).not.toHaveFocus();
    screen.getByLabelText("Status").focus();
    await user.keyboard("?");
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("a supervisor's bulk actions", () => {
  const rowBox = (reference: number) => screen.getByRole("checkbox", { name: `Select ${reference}` });
  const bar = () => screen.getByRole("region", { name: "Selected conversations" });

  it("agents have no ticks and no bar", async () => {
    setup({ "": threeRows() });
    await table();
    expect(screen.queryByRole("checkbox", { name: "Select all on this page" })).toBeNull();
    expect(screen.queryByRole("checkbox", { name: "Select 300001" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Selected conversations" })).toBeNull();
  });

  it("assigns the ticked conversations, and says what changed and what did not", async () => {
    server.use(bulkHandler((body) => ({ changed: body.referenceNumbers.slice(0, 2), unchanged: [300020] })));
    const { user, sent, queueCalls } = setup({ "": threeRows() }, { person: supervisor });
    await table();
    expect(within(bar()).getByText("No conversations selected")).toBeInTheDocument();
    expect(within(bar()).getByRole("button", { name: "Assign" })).toBeDisabled();
    expect(within(bar()).getByRole("button", { name: "Close" })).toBeDisabled();

    await user.click(rowBox(300001));
    const all = screen.getByRole("checkbox", { name: "Select all on this page" });
    expect(all).not.toBeChecked();
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    await user.click(all);
    expect(rowBox(300004)).toBeChecked();
    expect(rowBox(300020)).toBeChecked();
    expect(within(bar()).getByText("3 conversations selected")).toBeInTheDocument();

    const select = within(bar()).getByLabelText("Assign to");
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole("option")
          .map((option) => option.textContent),
      ).toEqual([
        "Assign to…",
        "Nobody (unassigned)",
        "Thandi Mokoena (Agent)",
        "Pieter van Wyk (Supervisor)",
      ]),
    );
    await user.click(within(bar()).getByRole("button", { name: "Assign" }));
    expect(within(bar()).getByRole("alert")).toHaveTextContent("Choose who to assign them to.");
    expect(sentKeys(sent)).not.toContain(`POST ${BULK_PATH}`);

    await user.selectOptions(select, String(agent.entityNumber));
    await user.click(within(bar()).getByRole("button", { name: "Assign" }));
    await waitFor(() =>
      expect(within(bar()).getByRole("status")).toHaveTextContent(
        "2 conversations assigned to Thandi Mokoena: 300001, 300004. 1 conversation not changed (already so, or not found): 300020.",
      ),
    );
    expect(await bodyOf(sent, `POST ${BULK_PATH}`)).toEqual({
      action: "ASSIGN",
      referenceNumbers: [300001, 300004, 300020],
      assigneeEntityNumber: agent.entityNumber,
    });
    // The ticks are gone, and the queue is read again.
    expect(rowBox(300001)).not.toBeChecked();
    await waitFor(() => expect(queueCalls()).toHaveLength(2));
  });

  it("unassigns them when asked to assign them to nobody", async () => {
    server.use(bulkHandler());
    const { user, sent } = setup({ "": threeRows() }, { person: supervisor });
    await table();
    await user.click(rowBox(300004));
    await user.selectOptions(within(bar()).getByLabelText("Assign to"), "Nobody (unassigned)");
    await user.click(within(bar()).getByRole("button", { name: "Assign" }));
    expect(await within(bar()).findByText("1 conversation unassigned: 300004.")).toBeInTheDocument();
    expect(await bodyOf(sent, `POST ${BULK_PATH}`)).toEqual({
      action: "ASSIGN",
      referenceNumbers: [300004],
      assigneeEntityNumber: null,
    });
  });

  it("closes them only after a confirmation, which can be cancelled", async () => {
    server.use(bulkHandler());
    const { user, sent } = setup({ "": threeRows() }, { person: supervisor });
    await table();
    await user.click(rowBox(300001));
    await user.click(rowBox(300020));
    await user.click(within(bar()).getByRole("button", { name: "Close" }));
    const confirm = within(bar()).getByRole("button", { name: "Close them" });
    expect(confirm).toHaveFocus();
    expect(confirm).toHaveAccessibleDescription("Close 2 conversations? Each can be reopened from its page.");
    await user.click(within(bar()).getByRole("button", { name: "Cancel" }));
    expect(within(bar()).getByRole("button", { name: "Close" })).toHaveFocus();
    expect(sentKeys(sent)).not.toContain(`POST ${BULK_PATH}`);

    await user.click(within(bar()).getByRole("button", { name: "Close" }));
    await user.click(within(bar()).getByRole("button", { name: "Close them" }));
    expect(await within(bar()).findByText("2 conversations closed: 300001, 300020.")).toBeInTheDocument();
    expect(await bodyOf(sent, `POST ${BULK_PATH}`)).toEqual({
      action: "CLOSE",
      referenceNumbers: [300001, 300020],
    });
  });

  it("says so when the server refuses", async () => {
    // What the server answers a session that lost the supervisor's role meanwhile.
    server.use(http.post(BULK_PATH, () => errorJson(403, "FORBIDDEN")));
    const { user } = setup({ "": threeRows() }, { person: supervisor });
    await table();
    await user.click(rowBox(300001));
    await user.click(within(bar()).getByRole("button", { name: "Close" }));
    await user.click(within(bar()).getByRole("button", { name: "Close them" }));
    expect(await within(bar()).findByRole("alert")).toHaveTextContent(
      "You do not have permission to do this.",
    );
  });

  it(`takes at most ${BULK_ACTION_MAX} at a time`, async () => {
    const many = Array.from({ length: BULK_ACTION_MAX + 1 }, (_, index) =>
      queueRow({ referenceNumber: 310000 + index }),
    );
    const { user } = setup({ "": queuePage(many) }, { person: supervisor });
    await table();
    await user.click(screen.getByRole("checkbox", { name: "Select all on this page" }));
    expect(
      within(bar()).getByText(`Choose at most ${BULK_ACTION_MAX} conversations at a time.`),
    ).toBeInTheDocument();
    expect(within(bar()).getByRole("button", { name: "Assign" })).toBeDisabled();
    expect(within(bar()).getByRole("button", { name: "Close" })).toBeDisabled();
    await user.click(rowBox(310000));
    expect(within(bar()).queryByText(/Choose at most/)).toBeNull();
  });
});

describe("the queue, kept current and where the agent left it", () => {
  it("asks again every 30 seconds and says politely when new queries came", async () => {
    const pages: Record<string, QueueResponse> = { "": threeRows() };
    const { queryClient } = setup(pages);
    await table();
    const refreshed = queryClient
      .getQueryCache()
      .findAll({ queryKey: ["console", "queue"] })
      .map((query) => query.observers.map((observer) => observer.options.refetchInterval));
    expect(refreshed.flat()).toContain(QUEUE_REFRESH_MS);
    // What the refresh brings: one more conversation.
    pages[""] = queuePage([...(threeRows().queries ?? []), queueRow({ referenceNumber: 300030 })]);
    await queryClient.refetchQueries({ queryKey: ["console", "queue"], type: "active" });
    expect(await screen.findByText("1 new query in the queue.")).toHaveAttribute("aria-live", "polite");
    expect(screen.getByRole("link", { name: "300030" })).toBeInTheDocument();
  });

  it("goes back to the same filters from a query by the Queries link", async () => {
    const { user, location } = setup({ "": threeRows() }, { route: "/console?status=ALL&assigned=ME" });
    const [first] = bodyRows(await table()) as HTMLElement[];
    await user.click(within(first as HTMLElement).getAllByRole("link")[0] as HTMLElement);
    await waitFor(() => expect(location()).toMatch(/^\/console\/queries\//));
    await user.click(screen.getByRole("link", { name: "Queries" }));
    expect(location()).toBe("/console?status=ALL&assigned=ME");
  });

  it("shows each conversation's reply due and status on a phone, one under another", async () => {
    stubViewportWidth(390);
    setup({ "": threeRows() });
    const list = await screen.findByRole("list", { name: "Queries" });
    expect(screen.queryByRole("table")).toBeNull();
    const [first] = within(list).getAllByRole("listitem");
    const terms = within(first as HTMLElement)
      .getAllByRole("term")
      .map((term) => term.textContent);
    expect(terms).toEqual(
      expect.arrayContaining(["Reference", "Reply due", "Status", "Member", "Assigned to"]),
    );
  });
});
