import { type DraftsResponse, REPLY_TOO_COMPLEX_MESSAGES, replySentResponseSchema } from "@portal/domain";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { delay, http } from "msw";
import { describe, expect, it } from "vitest";
import { cannedRepliesHandler } from "../../../testing/console/console-handlers";
import { contractJson, errorJson } from "../../../testing/contract-json";
import { recordRequests, sentKeys, server } from "../../../testing/msw-server";
import { renderWithProviders } from "../../../testing/test-utils";
import {
  consoleQuery,
  draftsHandlers,
  helpSuggestionsHandler,
  QUERY_PATH,
  replyHandler,
} from "../testing/handlers";
import { ReplyComposer } from "./reply-composer";

const REPLIES = "POST /api/console/queries/300001/replies";
const DRAFTS = "PUT /api/console/queries/300001/drafts";

async function setup({ closed = false, drafts }: { closed?: boolean; drafts?: DraftsResponse } = {}) {
  server.use(replyHandler(), cannedRepliesHandler(), helpSuggestionsHandler([]), ...draftsHandlers(drafts));
  const sent = recordRequests();
  renderWithProviders(
    <ReplyComposer
      referenceNumber={300001}
      closed={closed}
      cannedValues={{ firstName: "Thandi", referenceNumber: 300001, dueDate: "2026-11-27" }}
      replies={consoleQuery.query.replies}
      thread={consoleQuery.query.thread}
    />,
  );
  // The editor comes in a chunk of its own (lazy-reply-editor.tsx).
  const editor = await screen.findByRole("textbox", { name: "Reply" });
  return { sent, editor, user: userEvent.setup() };
}

/** Writes the reply by pasting HTML into the editor (reply-editor.test.tsx tests the editing itself). */
function write(editor: HTMLElement, html: string) {
  act(() => editor.focus());
  fireEvent.paste(editor, {
    clipboardData: { types: ["text/html"], getData: (type: string) => (type === "text/html" ? html : "") },
  });
}

/** The reply as posted: a JSON body, or multipart form data when files go with it. */
async function postedReply(request: Request | undefined): Promise<unknown> {
  if (!request?.headers.get("content-type")?.startsWith("multipart/form-data")) return request?.json();
  const form = await request.formData();
  return {
    html: form.get("html"),
    close: form.get("close") === "true",
    idempotencyKey: form.get("idempotencyKey"),
    seenReplyId: form.get("seenReplyId"),
    seenMessageReference: form.get("seenMessageReference"),
  };
}

describe("the reply editor", () => {
  it("comes with the composer: a labelled textbox with its formatting toolbar", async () => {
    const { editor } = await setup();
    expect(editor).toHaveAttribute("contenteditable", "true");
    const toolbar = screen.getByRole("toolbar", { name: "Formatting" });
    for (const name of ["Bold", "Italic", "Bulleted list", "Numbered list", "Link", "Undo", "Redo"]) {
      expect(toolbar).toContainElement(screen.getByRole("button", { name }));
    }
  });
});

describe("preview and sending", () => {
  it("previews the cleaned reply as the member will see it, with the editor hidden meanwhile", async () => {
    const { editor, user } = await setup();
    write(editor, '<p>Hello <strong>there</strong></p><img src="x" onerror="alert(1)">');
    await user.click(screen.getByRole("button", { name: "Preview" }));
    expect(screen.getByRole("button", { name: "Preview" })).toHaveAttribute("aria-pressed", "true");
    const preview = screen.getByRole("region", { name: "Preview" });
    expect(preview.querySelector(".reply-html")?.innerHTML).toBe("<p>Hello <strong>there</strong></p>");
    expect(screen.queryByRole("textbox", { name: "Reply" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Preview" }));
    expect(screen.queryByRole("region", { name: "Preview" })).toBeNull();
    expect(screen.getByRole("textbox", { name: "Reply" })).toHaveTextContent("Hello there");
  });

  it("Send and close posts the cleaned HTML with close: true, then empties the editor", async () => {
    const { editor, sent, user } = await setup();
    write(editor, '<p>Paid <strong>in full</strong>.</p><img src="x" onerror="alert(1)">');
    await user.click(screen.getByRole("button", { name: "Send and close" }));
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("Reply sent. The query is closed."),
    );
    const request = sent.find((entry) => entry.key === REPLIES)?.request;
    expect(await postedReply(request)).toMatchObject({
      html: "<p>Paid <strong>in full</strong>.</p>",
      close: true,
    });
    expect(editor).toHaveTextContent(/^$/);
    // The reply sent cannot be undone back into the editor, to be sent twice.
    expect(screen.getByRole("button", { name: "Undo" })).toHaveAttribute("aria-disabled", "true");
  });

  it("inserts a canned reply with the conversation's values, to be edited and sent", async () => {
    const { sent, editor, user } = await setup();
    await user.selectOptions(
      await screen.findByRole("combobox", { name: "Canned reply" }),
      "Claim being checked",
    );
    await user.click(screen.getByRole("button", { name: "Insert" }));
    await waitFor(() => expect(editor.textContent).toContain("Dear Thandi"));
    expect(editor.textContent).toContain("We are checking query 300001 and will answer by 2026-11-27.");
    await user.click(screen.getByRole("button", { name: "Send reply" }));
    await waitFor(() => expect(sentKeys(sent)).toContain(REPLIES));
    const posted = (await postedReply(sent.find((entry) => entry.key === REPLIES)?.request)) as {
      html: string;
    };
    expect(posted.html).toContain("<p>Dear Thandi</p>");
  });

  it("Send reply posts close: false", async () => {
    const { editor, sent, user } = await setup();
    write(editor, "<p>We are looking into it.</p>");
    await user.click(screen.getByRole("button", { name: "Send reply" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(/^Reply sent\.$/));
    const request = sent.find((entry) => entry.key === REPLIES)?.request;
    expect(await postedReply(request)).toMatchObject({
      html: "<p>We are looking into it.</p>",
      close: false,
    });
  });

  it("sends nothing when the reply is empty", async () => {
    const { editor, sent, user } = await setup();
    write(editor, "<p><br></p><p> </p>");
    await user.click(screen.getByRole("button", { name: "Send reply" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Please write the reply.");
    expect(sentKeys(sent)).not.toContain(REPLIES);
  });

  it("keeps the reply when sending fails, and says so", async () => {
    const { editor, user } = await setup();
    server.use(http.post(`${QUERY_PATH}/replies`, () => errorJson(500, "INTERNAL_ERROR")));
    write(editor, "<p>Keep me</p>");
    await user.click(screen.getByRole("button", { name: "Send reply" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("The reply could not be sent. Please try again."),
    );
    expect(editor).toHaveTextContent(/^Keep me$/);
  });

  it("says why the server refused a reply it will not clean, and keeps the reply", async () => {
    const { editor, user } = await setup();
    server.use(
      http.post(`${QUERY_PATH}/replies`, () =>
        errorJson(400, "REPLY_TOO_COMPLEX", REPLY_TOO_COMPLEX_MESSAGES.depth),
      ),
    );
    write(editor, "<blockquote><blockquote><p>Deep</p></blockquote></blockquote>");
    await user.click(screen.getByRole("button", { name: "Send reply" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(
        /^The reply is nested too deeply: its formatting goes more than 64 levels deep\./,
      ),
    );
    expect(editor).toHaveTextContent("Deep");
  });

  it("offers no Send and close on a closed query", async () => {
    await setup({ closed: true });
    expect(screen.queryByRole("button", { name: "Send and close" })).toBeNull();
  });
});

describe("the buttons and the send shortcut", () => {
  it("keeps the buttons in one bar at the composer's foot, and names Ctrl+Enter on Send reply and in words", async () => {
    await setup();
    const bar = screen.getByRole("group", { name: "Send the reply" });
    expect(bar).toHaveClass("reply-actions");
    for (const name of ["Preview", "Send reply", "Send and close"]) {
      expect(bar).toContainElement(screen.getByRole("button", { name }));
    }
    expect(screen.getByRole("button", { name: "Send reply" })).toHaveAttribute(
      "aria-keyshortcuts",
      "Control+Enter Meta+Enter",
    );
    expect(bar).toHaveTextContent("Ctrl+Enter in the reply sends it (⌘+Enter on a Mac).");
    expect(screen.getByRole("textbox", { name: "Reply" })).toHaveAccessibleDescription(/Ctrl\+Enter/);
  });

  it.each([
    ["Ctrl+Enter", "{Control>}{Enter}{/Control}"],
    ["Cmd+Enter", "{Meta>}{Enter}{/Meta}"],
  ])(
    "%s in the reply sends it as Send reply does (close: false), and puts no line break in",
    async (_, keys) => {
      const { editor, sent, user } = await setup();
      await user.click(editor);
      await user.keyboard("We are looking into it.");
      await user.keyboard(keys);
      await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(/^Reply sent\.$/));
      const posted = sent.filter((entry) => entry.key === REPLIES);
      expect(posted).toHaveLength(1);
      expect(await postedReply(posted[0]?.request)).toMatchObject({
        html: "<p>We are looking into it.</p>",
        close: false,
      });
    },
  );

  it("Ctrl+Enter on an empty reply sends nothing and says why", async () => {
    const { editor, sent, user } = await setup();
    await user.click(editor);
    await user.keyboard("{Control>}{Enter}{/Control}");
    expect(screen.getByRole("alert")).toHaveTextContent("Please write the reply.");
    expect(sentKeys(sent)).not.toContain(REPLIES);
  });
});

/** Selects `text` in the editor as a user would: focus, then a DOM selection ProseMirror reads. */
function selectText(editor: HTMLElement, text: string) {
  const walker = document.createTreeWalker(editor, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = (node as Text).data.indexOf(text);
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + text.length);
    act(() => {
      editor.focus();
      document.getSelection()?.removeAllRanges();
      document.getSelection()?.addRange(range);
      document.dispatchEvent(new Event("selectionchange"));
    });
    return;
  }
  throw new Error(`"${text}" is not in the editor`);
}

async function insertCanned(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(
    await screen.findByRole("combobox", { name: "Canned reply" }),
    "Claim being checked",
  );
  await user.click(screen.getByRole("button", { name: "Insert" }));
}

describe("a canned reply into a restored draft", () => {
  const drafts: DraftsResponse = {
    reply: { text: "<p>DRAFT about the tariff, not finished</p>", savedAt: "2026-11-24T08:30:00.000Z" },
    note: null,
  };

  it("replaces the text selected in the draft, where it was, and focuses the editor there", async () => {
    const { editor, user } = await setup({ drafts: structuredClone(drafts) });
    await waitFor(() => expect(editor).toHaveTextContent("DRAFT about the tariff"));
    selectText(editor, "not finished");
    await insertCanned(user);
    await waitFor(() => expect(editor).toHaveFocus());
    expect(editor.textContent).toBe(
      "DRAFT about the tariff, Dear ThandiWe are checking query 300001 and will answer by 2026-11-27.",
    );
    expect(
      screen.getByText("The canned reply “Claim being checked” inserted at the cursor."),
    ).toBeInTheDocument();
  });

  it("goes in where the cursor is, before the draft's words after it", async () => {
    const { editor, user } = await setup({ drafts: structuredClone(drafts) });
    await waitFor(() => expect(editor).toHaveTextContent("DRAFT about the tariff"));
    selectText(editor, "DRAFT about the tariff, ");
    await insertCanned(user);
    await waitFor(() => expect(editor).toHaveFocus());
    expect(editor.textContent).toBe(
      "Dear ThandiWe are checking query 300001 and will answer by 2026-11-27.not finished",
    );
  });

  it("never clicked into, the draft gets it at its end, focused and said in words: check the draft", async () => {
    const { editor, user } = await setup({ drafts: structuredClone(drafts) });
    await waitFor(() => expect(editor).toHaveTextContent("DRAFT about the tariff"));
    await insertCanned(user);
    await waitFor(() => expect(editor).toHaveFocus());
    expect(editor.textContent).toMatch(/^DRAFT about the tariff, not finishedDear Thandi/);
    expect(
      screen.getByText(
        "The canned reply “Claim being checked” inserted after your restored draft. Check the draft before you send.",
      ),
    ).toBeInTheDocument();
  });

  it("closes the preview first, so the text goes into the editor the agent sees", async () => {
    const { editor, user } = await setup();
    write(editor, "<p>Dear Thandi</p>");
    await user.click(screen.getByRole("button", { name: "Preview" }));
    expect(screen.queryByRole("textbox", { name: "Reply" })).toBeNull();
    await insertCanned(user);
    expect(screen.queryByRole("region", { name: "Preview" })).toBeNull();
    const shown = screen.getByRole("textbox", { name: "Reply" });
    await waitFor(() => expect(shown).toHaveFocus());
    expect(shown).toHaveTextContent("We are checking query 300001");
  });
});

describe("a reply sent once", () => {
  it("sends the composer's key and what the agent saw; a retry keeps the key, the next reply gets a new one", async () => {
    const { editor, sent, user } = await setup();
    // The first attempt fails (the handler added last answers first, once), the retry goes through.
    server.use(replyHandler(7));
    server.use(http.post(`${QUERY_PATH}/replies`, () => errorJson(500, "INTERNAL_ERROR"), { once: true }));
    write(editor, "<p>First reply.</p>");
    await user.click(screen.getByRole("button", { name: "Send reply" }));
    await waitFor(() => expect(screen.getByRole("alert")).toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Send reply" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(/^Reply sent\.$/));
    write(editor, "<p>Second reply.</p>");
    await user.click(screen.getByRole("button", { name: "Send reply" }));
    await waitFor(() => expect(sentKeys(sent).filter((key) => key === REPLIES)).toHaveLength(3));
    const [failed, retried, next] = (await Promise.all(
      sent.filter((entry) => entry.key === REPLIES).map((entry) => postedReply(entry.request)),
    )) as { idempotencyKey: string; seenReplyId: number | null; seenMessageReference: number }[];
    // The page showed reply 5 and the member's messages up to 300004.
    expect(failed).toMatchObject({ seenReplyId: 5, seenMessageReference: 300004 });
    expect(failed?.idempotencyKey).toMatch(/^[\x21-\x7e]{1,128}$/);
    expect(retried?.idempotencyKey).toBe(failed?.idempotencyKey);
    expect(next?.idempotencyKey).not.toBe(failed?.idempotencyKey);
    // The agent has seen their own reply, which the server answered with its id.
    expect(next).toMatchObject({ seenReplyId: 7, seenMessageReference: 300004 });
  });

  it("sends a double click once", async () => {
    const { editor, sent, user } = await setup();
    // The answer takes a moment, as a server's does: the second click comes while it is on its way.
    server.use(
      http.post(`${QUERY_PATH}/replies`, async () => {
        await delay(300);
        return contractJson(replySentResponseSchema, { replyId: 9 });
      }),
    );
    write(editor, "<p>Once only.</p>");
    await user.dblClick(screen.getByRole("button", { name: "Send reply" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(/^Reply sent\.$/));
    expect(sentKeys(sent).filter((key) => key === REPLIES)).toHaveLength(1);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("drafts", () => {
  it("brings back the draft saved on the server, and says so", async () => {
    const { editor } = await setup({
      drafts: {
        reply: { text: "<p>Dear Thandi, half</p>", savedAt: "2026-11-24T08:30:00.000Z" },
        note: null,
      },
    });
    await waitFor(() => expect(editor).toHaveTextContent("Dear Thandi, half"));
    expect(screen.getByText(/^Your draft saved .* is back in the editor\.$/)).toBeInTheDocument();
  });

  it("saves the reply a moment after the typing stops, and warns before the page is left until it is saved", async () => {
    const drafts: DraftsResponse = { reply: null, note: null };
    const { editor, sent, user } = await setup({ drafts });
    await user.click(editor);
    await user.keyboard("Dear Thandi");
    const leave = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    // Not saved yet: leaving asks first.
    expect(leave()).toBe(true);
    expect(sentKeys(sent)).not.toContain(DRAFTS);
    await waitFor(() => expect(drafts.reply?.text).toBe("<p>Dear Thandi</p>"), { timeout: 3000 });
    expect(sentKeys(sent).filter((key) => key === DRAFTS)).toHaveLength(1);
    await waitFor(() => expect(leave()).toBe(false));
  });
});
