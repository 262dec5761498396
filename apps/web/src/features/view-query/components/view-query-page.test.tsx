import { ERROR_MESSAGES, NO_AGENT_RESPONSE_YET } from "@portal/domain";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { recordRequests, sentKeys, server } from "../../../testing/msw-server";
import { createTestQueryClient, TestProviders } from "../../../testing/test-utils";
import {
  agentResponseFailing,
  agentResponseHandler,
  queryViewFailing,
  queryViewHandler,
  viewedQuery,
  viewedQueryWithReplyFiles,
  viewedUpdate,
} from "../testing/handlers";
import { ViewQueryPage } from "./view-query-page";

/** What the page says of a reply sent with another query of the conversation. */
const REPLY_IN_CONVERSATION =
  "Our reply was sent to you by email with another query of this conversation: open that query below to read it.";

const base64 = (html: string) => btoa(String.fromCharCode(...new TextEncoder().encode(html)));

function renderAt(location: string) {
  const router = createMemoryRouter(
    [
      {
        path: "/update/:origin",
        element: <ViewQueryPage renderUpdateForm={(reference) => <p>Update form for {reference}</p>} />,
      },
      { path: "/contact-us/default", element: <p>Home page</p> },
      { path: "/contact-us/medxpress", element: <p>MedXpress contact page</p> },
    ],
    { initialEntries: [location] },
  );
  render(
    <TestProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

const updateToggle = () => screen.queryByRole("button", { name: "Update Query" });

describe("ViewQueryPage", () => {
  it.each([
    "/update/default?reference=300001",
    "/update/default?timeline=false",
    "/update/default?reference=abc&timeline=false",
  ])("sends %s to the root", async (location) => {
    const sent = recordRequests();
    renderAt(location);
    expect(await screen.findByText("Home page")).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("shows Loading..., then the query, its attachment links and the open update form", async () => {
    server.use(queryViewHandler(), agentResponseHandler());
    const sent = recordRequests();
    renderAt("/update/default?reference=300001&timeline=false");
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");

    const card = await screen.findByRole("region", { name: "View your query" });
    expect(within(card).getByText(/^Reference number:/)).toHaveTextContent("Reference number: 300001");
    expect(
      within(card)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Category", "Query details", "Date"]);
    expect(within(card).getByRole("cell", { name: "Medical claims" })).toBeInTheDocument();
    expect(within(card).getByRole("cell", { name: "My claim was short paid." })).toBeInTheDocument();
    expect(within(card).getByRole("cell", { name: "2026-11-20" })).toBeInTheDocument();
    expect(sentKeys(sent).sort()).toEqual([
      "GET /api/smart-inquiry/member-queries/300001/agent-response?origin=MEMBER_WEB",
      "GET /api/smart-inquiry/member-queries/300001?origin=MEMBER_WEB",
    ]);

    const disclosure = screen.getByRole("button", { name: "View attachments" });
    expect(disclosure).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(disclosure);
    const link = screen.getByRole("link", { name: "invoice.pdf" });
    expect(link).toHaveAttribute(
      "href",
      "/api/smart-inquiry/member-queries/300001/attachments/41?origin=MEMBER_WEB",
    );
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    // The file's kind: a decorative icon, and the kind in words before the name for screen readers.
    const item = link.closest("li") as HTMLElement;
    expect(item).toHaveTextContent("PDF document: invoice.pdf");
    expect(item.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
    expect(item.querySelector("svg")).toHaveAttribute("data-file-kind", "pdf");
    expect(within(item).getByText("PDF document:")).toHaveClass("visually-hidden");

    expect(screen.getByText(NO_AGENT_RESPONSE_YET)).toBeInTheDocument();
    expect(updateToggle()).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText("Update form for 300001")).toBeVisible();
  });

  it("says by when a reply is expected, and says nothing when no date was promised", async () => {
    // The day before the promise (the fixtures' today): after it the page says the reply is late.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-23T08:00:00Z") });
    try {
      server.use(queryViewHandler(), agentResponseHandler());
      renderAt("/update/default?reference=300001&timeline=true");
      const card = await screen.findByRole("region", { name: "View your query" });
      expect(within(card).getByText("Reply expected by 2026-11-24")).toHaveClass("small");
      cleanup();

      server.use(queryViewHandler({ ...viewedQuery, replyExpectedBy: null }));
      renderAt("/update/default?reference=300001&timeline=true");
      const undated = await screen.findByRole("region", { name: "View your query" });
      expect(within(undated).queryByText(/Reply expected by/)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows an update's whole conversation in order, each step with its reference and date", async () => {
    server.use(queryViewHandler(viewedUpdate), agentResponseHandler());
    const router = renderAt("/update/default?reference=300003&timeline=true");
    const card = await screen.findByRole("region", { name: "View your query" });
    expect(card).toHaveTextContent("An update to query 300001; the whole conversation is below.");
    const thread = screen.getByRole("region", { name: "The whole conversation" });
    const steps = within(thread)
      .getAllByRole("listitem")
      .map((step) => step.textContent);
    expect(steps).toEqual([
      "Your query 300001 · 2026-11-20My claim was short paid.",
      "Our reply by email about query 300001 · 2026-11-21",
      "Your update 300003 to query 300001 · 2026-11-23 (shown above)Here is the invoice.",
    ]);
    const current = within(thread).getAllByRole("listitem")[2] as HTMLElement;
    expect(current).toHaveAttribute("aria-current", "page");
    // This page's own number is not a link; the original's opens its page, to read.
    expect(
      within(current)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["300001"]);
    const [original] = within(thread).getAllByRole("link", { name: "300001" });
    expect(original).toHaveAttribute("href", "/update/default?reference=300001&timeline=true");
    await userEvent.click(original as HTMLElement);
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      "/update/default?reference=300001&timeline=true",
    );
  });

  it("shows no conversation for a query nothing was added to", async () => {
    server.use(
      queryViewHandler({
        ...viewedQuery,
        parentReferenceNumber: null,
        thread: [
          {
            type: "QUERY",
            referenceNumber: 300001,
            parentReferenceNumber: null,
            queryDetail: viewedQuery.queryDetail,
            dateLogged: viewedQuery.dateLogged,
          },
        ],
      }),
      agentResponseHandler(),
    );
    renderAt("/update/default?reference=300001&timeline=true");
    const card = await screen.findByRole("region", { name: "View your query" });
    expect(card).not.toHaveTextContent("An update to query");
    expect(screen.queryByRole("region", { name: "The whole conversation" })).toBeNull();
  });

  it("starts with the update form closed when coming from the timeline", async () => {
    server.use(queryViewHandler(), agentResponseHandler());
    renderAt("/update/default?reference=300001&timeline=true");
    await screen.findByRole("region", { name: "View your query" });
    expect(updateToggle()).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByText("Update form for 300001")).not.toBeVisible();
    await userEvent.click(updateToggle() as HTMLElement);
    expect(screen.getByText("Update form for 300001")).toBeVisible();
  });

  it("hides the update option for a query that cannot be updated, saying why and what to do instead", async () => {
    server.use(queryViewHandler({ ...viewedQuery, canUpdate: false }), agentResponseHandler());
    const router = renderAt("/update/default?reference=300001&timeline=false");
    await screen.findByRole("region", { name: "View your query" });
    expect(updateToggle()).toBeNull();
    expect(screen.queryByText("Update form for 300001")).toBeNull();
    const note = screen.getByTestId("update-unavailable");
    expect(note).toHaveTextContent(
      "This query can't be updated any more: it is closed, or it was logged too long ago." +
        "To tell us more, please log a new query and quote reference number 300001.",
    );
    // Where the button would be: right after the Back button.
    expect(
      screen.getByRole("button", { name: "Back" }).compareDocumentPosition(note) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await userEvent.click(within(note).getByRole("link", { name: "Log a new query" }));
    expect(await screen.findByText("Home page")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/contact-us/default");
  });

  it("says nothing about updates when the query can be updated", async () => {
    server.use(queryViewHandler(), agentResponseHandler());
    renderAt("/update/default?reference=300001&timeline=true");
    await screen.findByRole("region", { name: "View your query" });
    expect(updateToggle()).toBeInTheDocument();
    expect(screen.queryByTestId("update-unavailable")).toBeNull();
  });

  it("asks with MED_XPRESS for the medxpress origin, and offers no update when the answer says so", async () => {
    // The server answers canUpdate false for every MED_XPRESS query (requirements §10.6).
    server.use(queryViewHandler({ ...viewedQuery, canUpdate: false }), agentResponseHandler());
    const sent = recordRequests();
    renderAt("/update/medxpress?reference=300001&timeline=false");
    await screen.findByRole("region", { name: "View your query" });
    expect(updateToggle()).toBeNull();
    expect(sent).toHaveLength(2);
    expect(sentKeys(sent).every((key) => key.endsWith("origin=MED_XPRESS"))).toBe(true);
    const note = screen.getByTestId("update-unavailable");
    expect(note).toHaveTextContent("Queries logged through MedXpress can't be updated here.");
    expect(note).toHaveTextContent("please log a new query and quote reference number 300001.");
    expect(within(note).getByRole("link", { name: "Log a new query" })).toHaveAttribute(
      "href",
      "/contact-us/medxpress",
    );
  });

  it("follows the answer's canUpdate alone, adding no rule of its own for the origin", async () => {
    server.use(queryViewHandler(), agentResponseHandler());
    renderAt("/update/medxpress?reference=300001&timeline=false");
    await screen.findByRole("region", { name: "View your query" });
    expect(updateToggle()).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText("Update form for 300001")).toBeVisible();
  });

  it("hides the update option while the e-mailed reply is open, and brings it back on Close", async () => {
    server.use(
      queryViewHandler(),
      agentResponseHandler(base64("<p>Dear Zoë, <strong>approved</strong>.</p>")),
    );
    renderAt("/update/default?reference=300001&timeline=false");
    await userEvent.click(await screen.findByRole("button", { name: "View response sent to you via email" }));
    const reply = screen.getByRole("region", { name: "Response sent via email" });
    const frame = within(reply).getByTitle("The response sent to you via email");
    expect(frame).toHaveAttribute("sandbox", "allow-same-origin allow-popups allow-popups-to-escape-sandbox");
    expect(frame).toHaveAttribute(
      "src",
      "/api/smart-inquiry/member-queries/300001/agent-response/document?origin=MEMBER_WEB",
    );
    expect(frame).not.toHaveAttribute("srcdoc");
    expect(updateToggle()).toBeNull();

    // Keyboard users follow along: focus goes to the reply, then back to the button that opened it.
    expect(within(reply).getByRole("heading", { name: "Response sent via email" })).toHaveFocus();

    await userEvent.click(within(reply).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("region", { name: "Response sent via email" })).toBeNull();
    expect(updateToggle()).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "View response sent to you via email" })).toHaveFocus();
  });

  it("lists the files sent with the reply under it, each a link to download it with its name and size", async () => {
    server.use(queryViewHandler(viewedQueryWithReplyFiles), agentResponseHandler(base64("<p>Attached.</p>")));
    renderAt("/update/medxpress?reference=300001&timeline=true");
    const viewReply = await screen.findByRole("button", { name: "View response sent to you via email" });
    const files = screen.getByRole("region", { name: "Files sent with this reply" });
    // Under the reply: after the button that opens it, and after the reply once it is open.
    expect(viewReply.compareDocumentPosition(files) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const links = within(files).getAllByRole("link");
    const statement = within(files).getByRole("link", { name: "PDF document: statement.pdf (900 B)" });
    expect(links).toEqual([
      statement,
      within(files).getByRole("link", { name: "Image: claim form.png (248.0 KB)" }),
    ]);
    expect(statement).toHaveAttribute(
      "href",
      "/api/smart-inquiry/member-queries/300001/reply-attachments/900001?origin=MED_XPRESS",
    );
    expect(statement).toHaveAttribute("download");
    // The link fills its row: at least 24 px tall (reply-files.test.tsx reads the rules).
    expect(statement).toHaveClass("d-block", "p-2");

    await userEvent.click(viewReply);
    const reply = screen.getByRole("region", { name: "Response sent via email" });
    expect(reply.compareDocumentPosition(files) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole("region", { name: "Files sent with this reply" })).toBe(files);
  });

  it("shows no list of files while no reply was sent, nor for a reply without files", async () => {
    server.use(queryViewHandler(viewedQueryWithReplyFiles), agentResponseHandler());
    renderAt("/update/default?reference=300001&timeline=true");
    await screen.findByText(NO_AGENT_RESPONSE_YET);
    expect(screen.queryByRole("region", { name: "Files sent with this reply" })).toBeNull();
    cleanup();

    server.use(queryViewHandler(), agentResponseHandler(base64("<p>No files.</p>")));
    renderAt("/update/default?reference=300001&timeline=true");
    await screen.findByRole("button", { name: "View response sent to you via email" });
    expect(screen.queryByRole("region", { name: "Files sent with this reply" })).toBeNull();
  });

  it("loads the reply in a frame where nothing can run (the server cleans and locks the document)", async () => {
    server.use(queryViewHandler(), agentResponseHandler(base64("<p>Dear member</p>")));
    renderAt("/update/medxpress?reference=300001&timeline=false");
    await userEvent.click(await screen.findByRole("button", { name: "View response sent to you via email" }));
    const frame = screen.getByTitle("The response sent to you via email");
    expect(frame.getAttribute("sandbox")).not.toContain("allow-scripts");
    expect(frame).toHaveAttribute(
      "src",
      "/api/smart-inquiry/member-queries/300001/agent-response/document?origin=MED_XPRESS",
    );
  });

  it("starts with the update form closed unless timeline is clearly false", async () => {
    server.use(queryViewHandler(), agentResponseHandler());
    renderAt("/update/default?reference=300001&timeline=maybe");
    await screen.findByRole("region", { name: "View your query" });
    expect(updateToggle()).toHaveAttribute("aria-expanded", "false");
  });

  it("shows the 0015 sentence, no update option, and why, with what to do instead, for a legacy query", async () => {
    server.use(queryViewFailing(422, "0015"), agentResponseHandler());
    renderAt("/update/default?reference=100001&timeline=false");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(new RegExp(`^${ERROR_MESSAGES.outdatedQuery}$`));
    expect(updateToggle()).toBeNull();
    const note = screen.getByTestId("update-unavailable");
    expect(note).toHaveTextContent(
      "This query was logged through another channel, so you can't view or update it here." +
        "To tell us more, please log a new query and quote reference number 100001.",
    );
    expect(within(note).getByRole("link", { name: "Log a new query" })).toHaveAttribute(
      "href",
      "/contact-us/default",
    );
  });

  it("shows the fetch sentence when either call fails, and no note: a later try may work", async () => {
    server.use(queryViewHandler(), agentResponseFailing());
    renderAt("/update/default?reference=300001&timeline=false");
    expect(await screen.findByRole("alert")).toHaveTextContent(ERROR_MESSAGES.queryFetch);
    expect(updateToggle()).toBeNull();
    expect(screen.queryByRole("region", { name: "View your query" })).toBeNull();
    expect(screen.queryByTestId("update-unavailable")).toBeNull();
  });

  it("shows no note when a query that cannot be updated comes with a failed reply fetch", async () => {
    server.use(queryViewHandler({ ...viewedQuery, canUpdate: false }), agentResponseFailing());
    renderAt("/update/default?reference=300001&timeline=false");
    expect(await screen.findByRole("alert")).toHaveTextContent(ERROR_MESSAGES.queryFetch);
    expect(screen.queryByTestId("update-unavailable")).toBeNull();
  });

  describe("says one thing about the reply, whichever query of the conversation it shows", () => {
    const now = new Date("2026-12-02T08:00:00Z");
    const card = () => screen.findByRole("region", { name: "View your query" });

    it("an update answered with another query: replied, never 'no reply yet', and where to read it", async () => {
      vi.useFakeTimers({ toFake: ["Date"], now });
      try {
        const answered = {
          ...viewedUpdate,
          repliedAt: "2026-12-01T09:00:00.000Z",
          thread: [
            ...(viewedUpdate.thread ?? []),
            { type: "REPLY" as const, referenceNumber: 300001, sentAt: "2026-12-01T09:00:00.000Z" },
          ],
        };
        server.use(queryViewHandler(answered), agentResponseHandler(null));
        renderAt("/update/default?reference=300003&timeline=true");
        const view = await card();
        expect(within(view).getByText("Replied on 2026-12-01")).toBeVisible();
        expect(within(view).getByText(REPLY_IN_CONVERSATION)).toBeVisible();
        expect(screen.queryByText(NO_AGENT_RESPONSE_YET)).toBeNull();
        expect(screen.queryByText(/Reply expected by/)).toBeNull();
        expect(screen.queryByRole("button", { name: "View response sent to you via email" })).toBeNull();
      } finally {
        vi.useRealTimers();
      }
    });

    it("its own reply: replied, the button, no 'no reply yet'", async () => {
      vi.useFakeTimers({ toFake: ["Date"], now });
      try {
        server.use(
          queryViewHandler({ ...viewedQuery, repliedAt: "2026-12-01T09:00:00.000Z" }),
          agentResponseHandler(base64("<p>Paid.</p>")),
        );
        renderAt("/update/default?reference=300001&timeline=true");
        const view = await card();
        expect(within(view).getByText("Replied on 2026-12-01")).toBeVisible();
        expect(
          within(view).getByRole("button", { name: "View response sent to you via email" }),
        ).toBeVisible();
        expect(screen.queryByText(NO_AGENT_RESPONSE_YET)).toBeNull();
        expect(screen.queryByText(REPLY_IN_CONVERSATION)).toBeNull();
      } finally {
        vi.useRealTimers();
      }
    });

    it("closed without a reply: closed, no date expected, no 'no reply yet', however late", async () => {
      vi.useFakeTimers({ toFake: ["Date"], now });
      try {
        server.use(
          queryViewHandler({ ...viewedQuery, status: "CLOSED", canUpdate: false }),
          agentResponseHandler(null),
        );
        renderAt("/update/default?reference=300001&timeline=true");
        const view = await card();
        expect(within(view).getByText("This query is closed.")).toBeVisible();
        expect(screen.queryByText(/Reply expected by/)).toBeNull();
        expect(screen.queryByText(/our reply is late/)).toBeNull();
        expect(screen.queryByText(NO_AGENT_RESPONSE_YET)).toBeNull();
      } finally {
        vi.useRealTimers();
      }
    });

    it("open and unanswered: when it is expected, and that none was sent yet", async () => {
      vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-23T08:00:00Z") });
      try {
        server.use(queryViewHandler({ ...viewedQuery, status: "OPEN" }), agentResponseHandler(null));
        renderAt("/update/default?reference=300001&timeline=true");
        const view = await card();
        expect(within(view).getByText("Reply expected by 2026-11-24")).toBeVisible();
        expect(within(view).getByText(NO_AGENT_RESPONSE_YET)).toBeVisible();
        expect(screen.queryByText(/Replied on/)).toBeNull();
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
