import type { ConsoleQueryResponse } from "@portal/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { agent, cannedRepliesHandler, supervisor } from "../../../testing/console/console-handlers";
import { errorJson } from "../../../testing/contract-json";
import { recordRequests, type SentRequest, sentKeys, server } from "../../../testing/msw-server";
import {
  assigneeHandler,
  assignToMeHandler,
  consoleQuery,
  consoleQueryFailing,
  consoleQueryHandler,
  draftsHandlers,
  helpSuggestionsHandler,
  noteHandler,
  QUERY_PATH,
  reopenHandler,
  replyHandler,
} from "../testing/handlers";
import { renderConsole } from "../testing/render-console";

const QUERY = "/api/console/queries/300001";

function setup({
  query = consoleQuery,
  person = agent,
  route = "/console/queries/300001",
}: {
  query?: ConsoleQueryResponse;
  person?: typeof agent;
  route?: string;
} = {}) {
  server.use(
    consoleQueryHandler(() => query),
    noteHandler(),
    assignToMeHandler(),
    assigneeHandler(),
    reopenHandler(),
    cannedRepliesHandler(),
    helpSuggestionsHandler([]),
  );
  const sent = recordRequests();
  const view = renderConsole(route, { person });
  return { ...view, sent, user: userEvent.setup() };
}

const loaded = () => screen.findByRole("heading", { level: 2, name: "Thread" });
const section = (name: string) => screen.getByRole("region", { name });
const reads = (sent: SentRequest[]) => sentKeys(sent).filter((key) => key === `GET ${QUERY}`);

async function bodyOf(sent: SentRequest[], key: string): Promise<unknown> {
  const request = sent.find((entry) => entry.key === key)?.request;
  if (!request) throw new Error(`${key} was not sent`);
  return request.json();
}

describe("the query page", () => {
  it("shows the whole thread, each message with its date and downloadable files", async () => {
    setup();
    expect(screen.getByRole("heading", { level: 1, name: "Query 300001" })).toHaveFocus();
    await loaded();
    const thread = section("Thread");
    const original = within(thread).getByRole("article", { name: "Original query 300001" });
    expect(original).toHaveTextContent("My claim was short paid. Please check it.");
    expect(original).toHaveTextContent(/Logged 2026-11-20 \d\d:\d\d/);
    expect(within(original).getByRole("link", { name: /invoice\.pdf/ })).toHaveAttribute(
      "href",
      "/api/console/queries/300001/attachments/41",
    );
    const update = within(thread).getByRole("article", { name: "Update 300004 (received by e-mail)" });
    expect(update).toHaveTextContent("Here is the statement as well.");
    expect(within(update).getByRole("link", { name: /statement\.png/ })).toHaveAttribute(
      "href",
      "/api/console/queries/300004/attachments/42",
    );
  });

  it("shows the conversation's history: who assigned it, and documents received", async () => {
    setup();
    await loaded();
    const items = within(section("History")).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^2026-11-21 \d\d:\d\d Assigned to .+ by Pieter van Wyk$/),
      expect.stringMatching(
        /^2026-11-21 \d\d:\d\d Documents received \(submission 800002\), recorded by .+$/,
      ),
    ]);
  });

  it("shows the member's summary with their other conversations and the way to record documents", async () => {
    setup();
    await loaded();
    const member = section("Member");
    expect(member).toHaveTextContent("NameZanele Khumalo");
    expect(member).toHaveTextContent("Membership number20991234");
    expect(member).toHaveTextContent("PlanMeridian Comprehensive");
    expect(member).toHaveTextContent("Dependents2");
    expect(member).toHaveTextContent("Reads and is mailed inisiZulu");
    // The conversation on screen is not one of the "other" ones.
    expect(within(member).queryByRole("link", { name: /300001/ })).toBeNull();
    const others = within(member).getByRole("list", { name: "Other conversations" });
    const other = within(others).getByRole("listitem");
    expect(within(other).getByRole("link", { name: "300007 — Manage plan" })).toHaveAttribute(
      "href",
      "/console/queries/300007",
    );
    expect(other).toHaveTextContent(/Closed, last message 2026-10-02 \d\d:\d\d/);
    expect(within(member).getByRole("link", { name: "Record documents received" })).toHaveAttribute(
      "href",
      "/console/documents/new?member=41",
    );
  });

  it("says when the member has no other conversation", async () => {
    setup({
      query: {
        ...consoleQuery,
        member: {
          ...consoleQuery.member,
          otherConversations: consoleQuery.member.otherConversations.slice(0, 1),
        },
      },
    });
    await loaded();
    expect(section("Member")).toHaveTextContent("Other conversationsNone.");
  });

  it("shows status, due date (overdue in words) and where replies go", async () => {
    setup();
    await loaded();
    const status = section("Status");
    expect(status).toHaveTextContent("StatusOpenWaiting onThe desk");
    expect(within(status).getByText("Overdue")).toHaveClass("badge");
    expect(status).toHaveTextContent("Reply due2026-11-24 Overdue");
    expect(status).toHaveTextContent("Medical claims — Claim short paid");
    expect(status).toHaveTextContent("zanele@example.com");
    expect(status).toHaveTextContent("and z.khumalo@example.org");
  });

  it("warns before replying when the reply address is not one the register holds for the member", async () => {
    const typo = {
      ...consoleQuery,
      query: { ...consoleQuery.query, email: "zanele@exmaple.com", emailInRegister: false },
    };
    setup({ query: typo });
    await loaded();
    const composer = section("Send a reply");
    const warning =
      "Replies go to zanele@exmaple.com, which is not an address in the register for this member. Check before replying.";
    expect(within(composer).getByText(warning)).toHaveClass("alert", "alert-warning");
    // Heard with each send button, not only when read in passing.
    expect(within(composer).getByRole("button", { name: "Send reply" })).toHaveAccessibleDescription(warning);
    expect(within(composer).getByRole("button", { name: "Send and close" })).toHaveAccessibleDescription(
      warning,
    );
  });

  it("gives no warning when the reply address is in the register", async () => {
    setup();
    await loaded();
    const composer = section("Send a reply");
    expect(within(composer).queryByText(/not an address in the register/)).toBeNull();
    expect(within(composer).getByRole("button", { name: "Send reply" })).not.toHaveAttribute(
      "aria-describedby",
    );
  });

  it("shows the replies sent, cleaned of anything that could run", async () => {
    setup();
    await loaded();
    const replies = section("Replies sent");
    const reply = within(replies).getByRole("article");
    expect(reply).toHaveTextContent(/Sent 2026-11-21 \d\d:\d\d by Thandi Mokoena/);
    expect(within(reply).getByText("checking").tagName).toBe("STRONG");
    expect(reply.querySelector("img, script, [onerror]")).toBeNull();
  });

  it("marks a reply whose e-mail failed, and says why in words; one sent says it was e-mailed", async () => {
    const [sentReply] = consoleQuery.query.replies;
    if (!sentReply) throw new Error("the test query has a reply");
    setup({
      query: {
        ...consoleQuery,
        query: {
          ...consoleQuery.query,
          replies: [
            sentReply,
            {
              ...sentReply,
              id: 11,
              sentAt: "2026-11-22T08:00:00.000Z",
              mail: { status: "FAILED", failureCode: "EEXIST" },
            },
            {
              ...sentReply,
              id: 12,
              sentAt: "2026-11-23T08:00:00.000Z",
              mail: { status: "PENDING", failureCode: "ETIMEDOUT" },
            },
          ],
        },
      },
    });
    await loaded();
    const replies = section("Replies sent");
    const [delivered, failed, retrying] = within(replies).getAllByRole("article");
    expect(delivered).toHaveAccessibleName(/^Reply sent 2026-11-21/);
    expect(delivered).toHaveTextContent("E-mailed to the member.");
    expect(failed).toHaveAccessibleName(/^Reply of 2026-11-22 \d\d:\d\d, its e-mail not delivered$/);
    expect(failed).not.toHaveTextContent(/Sent 2026/);
    expect(failed).toHaveTextContent(/Written 2026-11-22 \d\d:\d\d by Thandi Mokoena/);
    expect(failed).toHaveTextContent(
      "The e-mail with this reply was not delivered.The portal could not write the mail to its mail folder: something of that name is in the way there. The member can read the reply in the portal. A supervisor can send the e-mail again under Failed mails.",
    );
    expect(failed).not.toHaveTextContent("EEXIST");
    expect(retrying).toHaveTextContent(
      "The e-mail with this reply has not been delivered yet.The mail server took too long to answer. The portal tries again.",
    );
  });

  it("shows the internal notes, marked as never shown to the member, and adds one", async () => {
    const { sent, user } = setup();
    await loaded();
    const notes = section("Internal notes");
    expect(within(notes).getByText("Internal — never shown to the member")).toBeInTheDocument();
    expect(within(notes).getByRole("list", { name: "Notes" })).toHaveTextContent(
      /Asked claims to look at the tariff\.Pieter van Wyk, 2026-11-21/,
    );

    await user.click(within(notes).getByRole("button", { name: "Add note" }));
    expect(await within(notes).findByText("Please write the note.")).toBeInTheDocument();
    expect(sentKeys(sent)).not.toContain(`POST ${QUERY}/notes`);

    await user.type(within(notes).getByLabelText("New note"), "  Called the member.  ");
    await user.click(within(notes).getByRole("button", { name: "Add note" }));
    await waitFor(() => expect(within(notes).getByRole("status")).toHaveTextContent("Note added."));
    expect(await bodyOf(sent, `POST ${QUERY}/notes`)).toEqual({ text: "Called the member." });
    expect(within(notes).getByLabelText("New note")).toHaveValue("");
    // The page reads the query again, with the new note.
    await waitFor(() => expect(reads(sent)).toHaveLength(2));
  });

  it("assigns the query to the agent; an agent has no choice of someone else", async () => {
    const { sent, user } = setup();
    await loaded();
    const status = section("Status");
    expect(within(status).queryByLabelText("Assign to")).toBeNull();
    await user.click(within(status).getByRole("button", { name: "Assign to me" }));
    expect(await within(status).findByText("The query is assigned to you.")).toBeInTheDocument();
    expect(sentKeys(sent)).toContain(`POST ${QUERY}/assign-to-me`);
  });

  it("lets a supervisor assign the query to anyone, or to nobody", async () => {
    const query = {
      ...consoleQuery,
      query: {
        ...consoleQuery.query,
        assignedTo: { entityNumber: agent.entityNumber, firstName: "Thandi", lastName: "Mokoena" },
      },
    };
    const { sent, user } = setup({ query, person: supervisor });
    await loaded();
    const status = section("Status");
    const select = await within(status).findByLabelText("Assign to");
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole("option")
          .map((option) => option.textContent),
      ).toEqual(["Nobody (unassigned)", "Thandi Mokoena (Agent)", "Pieter van Wyk (Supervisor)"]),
    );
    expect(select).toHaveValue(String(agent.entityNumber));
    await user.selectOptions(select, String(supervisor.entityNumber));
    await user.click(within(status).getByRole("button", { name: "Assign" }));
    expect(await within(status).findByText("The query is assigned.")).toBeInTheDocument();
    expect(await bodyOf(sent, `PUT ${QUERY}/assignee`)).toEqual({
      assigneeEntityNumber: supervisor.entityNumber,
    });
  });

  it("reopens a closed query, which offers no Send and close", async () => {
    const closed = {
      ...consoleQuery,
      query: { ...consoleQuery.query, status: "CLOSED" as const, overdue: false },
    };
    const { sent, user } = setup({ query: closed });
    await loaded();
    expect(screen.getByRole("button", { name: "Send reply" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send and close" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Reopen" }));
    expect(await screen.findByText("The query is open again.")).toBeInTheDocument();
    expect(sentKeys(sent)).toContain(`POST ${QUERY}/reopen`);
  });

  it("says so when someone else reopened it first", async () => {
    const closed = { ...consoleQuery, query: { ...consoleQuery.query, status: "CLOSED" as const } };
    const { user } = setup({ query: closed });
    server.use(http.post(`${QUERY_PATH}/reopen`, () => errorJson(409, "CONFLICT")));
    await loaded();
    await user.click(screen.getByRole("button", { name: "Reopen" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This query is already open.");
  });

  it("an open query has no Reopen, and offers Send reply and Send and close", async () => {
    setup();
    await loaded();
    expect(screen.queryByRole("button", { name: "Reopen" })).toBeNull();
    expect(screen.getByRole("button", { name: "Send and close" })).toBeInTheDocument();
    // The reply editor comes in a chunk of its own, after the page.
    expect(await screen.findByRole("textbox", { name: "Reply" })).toBeInTheDocument();
  });

  it("says who the conversation waits on: the member once answered, nobody once closed", async () => {
    let query: ConsoleQueryResponse = {
      ...consoleQuery,
      query: { ...consoleQuery.query, waitingOn: "MEMBER", replyDueOn: null, overdue: false },
    };
    const view = setup({ query });
    server.use(consoleQueryHandler(() => query));
    await loaded();
    expect(section("Status")).toHaveTextContent("Waiting onThe member");
    expect(section("Status")).toHaveTextContent("Reply dueNone owed");
    query = { ...query, query: { ...query.query, status: "CLOSED" } };
    await view.queryClient.invalidateQueries();
    await waitFor(() => expect(section("Status")).toHaveTextContent("Waiting onNobody (closed)"));
  });

  it("says when no query has the reference number", async () => {
    server.use(consoleQueryFailing(404, "NOT_FOUND"));
    renderConsole("/console/queries/999999");
    expect(await screen.findByRole("alert")).toHaveTextContent("No query has this reference number.");
    expect(screen.getByRole("heading", { level: 1, name: "Query 999999" })).toBeInTheDocument();
  });
});

describe("the query page's keyboard shortcuts", () => {
  it("r goes to the reply, without typing the r", async () => {
    const { user } = setup();
    await loaded();
    const composer = section("Send a reply");
    await waitFor(() => expect(composer.querySelector('[contenteditable="true"]')).not.toBeNull());
    await user.keyboard("r");
    const focused = document.activeElement as HTMLElement;
    expect(focused.closest('[contenteditable="true"]')).not.toBeNull();
    expect(composer).toContainElement(focused);
    expect(focused.textContent).toBe("");
  });

  it("a assigns the conversation to me, and says so when it already is", async () => {
    const mine = {
      ...consoleQuery,
      query: {
        ...consoleQuery.query,
        assignedTo: { entityNumber: agent.entityNumber, firstName: "Thandi", lastName: "Mokoena" },
      },
    };
    let current = consoleQuery;
    const { sent, user, queryClient } = setup({ query: consoleQuery });
    server.use(consoleQueryHandler(() => current));
    await loaded();
    const status = section("Status");
    expect(within(status).getByRole("button", { name: "Assign to me" })).toHaveAttribute(
      "aria-keyshortcuts",
      "a",
    );
    await user.keyboard("a");
    expect(await within(status).findByText("The query is assigned to you.")).toBeInTheDocument();
    expect(sentKeys(sent).filter((key) => key === `POST ${QUERY}/assign-to-me`)).toHaveLength(1);

    current = mine;
    await queryClient.invalidateQueries();
    await waitFor(() => expect(within(status).queryByRole("button", { name: "Assign to me" })).toBeNull());
    await user.keyboard("a");
    expect(await within(status).findByText("The query is already assigned to you.")).toBeInTheDocument();
    expect(sentKeys(sent).filter((key) => key === `POST ${QUERY}/assign-to-me`)).toHaveLength(1);
  });

  it("does nothing while the agent types a note", async () => {
    const { sent, user } = setup();
    await loaded();
    const note = within(section("Internal notes")).getByLabelText("New note");
    await user.click(note);
    await user.keyboard("ar?");
    expect(note).toHaveValue("ar?");
    expect(note).toHaveFocus();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sentKeys(sent)).not.toContain(`POST ${QUERY}/assign-to-me`);
  });

  it("? lists the shortcuts; Escape closes the list", async () => {
    const { user } = setup();
    await loaded();
    await user.keyboard("?");
    const dialog = screen.getByRole("dialog", { name: "Keyboard shortcuts" });
    expect(within(dialog).getByRole("region", { name: "On a query's page" })).toHaveTextContent(
      "aAssign the conversation to me",
    );
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("a reply written while the conversation changed", () => {
  it("says what came since the query was opened, and sends only when the agent chooses to", async () => {
    let query: ConsoleQueryResponse = consoleQuery;
    const { sent, user } = setup();
    server.use(
      consoleQueryHandler(() => query),
      ...draftsHandlers(),
      replyHandler(11),
    );
    // The first send is refused: a colleague replied meanwhile, and the page now has their reply.
    server.use(
      http.post(
        `${QUERY_PATH}/replies`,
        () => {
          query = {
            ...consoleQuery,
            query: {
              ...consoleQuery.query,
              replies: [
                ...consoleQuery.query.replies,
                {
                  id: 10,
                  html: "<p>We paid the balance today.</p>",
                  sentAt: "2026-11-24T09:15:00.000Z",
                  sentBy: { entityNumber: supervisor.entityNumber, firstName: "Pieter", lastName: "van Wyk" },
                  attachments: [],
                  mail: null,
                },
              ],
            },
          };
          return errorJson(
            409,
            "CONVERSATION_CHANGED",
            "Someone replied to this query after you opened it. Read their reply before you send yours.",
          );
        },
        { once: true },
      ),
    );
    await loaded();
    const editor = await screen.findByRole("textbox", { name: "Reply" });
    await user.click(editor);
    await user.keyboard("We are checking the tariff.");
    await user.click(screen.getByRole("button", { name: "Send and close" }));

    const warning = await screen.findByRole("alert");
    expect(warning).toHaveTextContent("Someone replied to this query after you opened it.");
    expect(warning).toHaveTextContent("Your reply has not been sent.");
    const came = await within(warning).findByRole("list", { name: "Came since you opened the query" });
    expect(
      within(came)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/^A reply from Pieter van Wyk, 2026-11-24 \d\d:15$/)]);
    // The colleague's reply is on the page, and the agent's text is still in the editor.
    expect(await screen.findByText("We paid the balance today.")).toBeInTheDocument();
    expect(editor).toHaveTextContent("We are checking the tariff.");

    await user.click(within(warning).getByRole("button", { name: "Send anyway" }));
    await waitFor(() => expect(screen.getByText("Reply sent. The query is closed.")).toBeInTheDocument());
    const posts = sent.filter((entry) => entry.key === `POST ${QUERY}/replies`);
    expect(posts).toHaveLength(2);
    const [first, second] = await Promise.all(posts.map((entry) => entry.request.json()));
    expect(first).toMatchObject({ close: true, seenReplyId: 5, seenMessageReference: 300004 });
    // The same composed reply (its key), now on the view that has the colleague's reply.
    expect(second).toMatchObject({ close: true, seenReplyId: 10, idempotencyKey: first.idempotencyKey });
  });
});

describe("the note being written", () => {
  it("comes back from the server's draft, is saved as it is typed, and is gone once added", async () => {
    const drafts = {
      reply: null,
      note: { text: "Asked claims for", savedAt: "2026-11-24T08:00:00.000Z" },
    };
    const { user } = setup();
    server.use(...draftsHandlers(drafts));
    await loaded();
    const note = section("Internal notes");
    const field = within(note).getByLabelText("New note");
    await waitFor(() => expect(field).toHaveValue("Asked claims for"));
    await user.type(field, " the tariff.");
    await waitFor(() => expect(drafts.note?.text).toBe("Asked claims for the tariff."), { timeout: 3000 });
    await user.click(within(note).getByRole("button", { name: "Add note" }));
    await waitFor(() => expect(field).toHaveValue(""));
  });
});

describe("taking over a query", () => {
  it("asks before assigning to me a query someone else has, and assigns only when told to", async () => {
    const theirs: ConsoleQueryResponse = {
      ...consoleQuery,
      query: {
        ...consoleQuery.query,
        assignedTo: { entityNumber: supervisor.entityNumber, firstName: "Pieter", lastName: "van Wyk" },
      },
    };
    const { sent, user } = setup({ query: theirs });
    await loaded();
    await user.click(screen.getByRole("button", { name: "Assign to me" }));
    const question = screen.getByRole("alertdialog", {
      name: "This query is assigned to Pieter van Wyk. Take it over?",
    });
    expect(question).toHaveFocus();
    await user.click(within(question).getByRole("button", { name: "Leave it with Pieter van Wyk" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(sentKeys(sent)).not.toContain(`POST ${QUERY}/assign-to-me`);

    await user.click(screen.getByRole("button", { name: "Assign to me" }));
    await user.click(screen.getByRole("button", { name: "Take it over" }));
    await waitFor(() => expect(sentKeys(sent)).toContain(`POST ${QUERY}/assign-to-me`));
    expect(await screen.findByText("The query is assigned to you.")).toBeInTheDocument();
  });
});
