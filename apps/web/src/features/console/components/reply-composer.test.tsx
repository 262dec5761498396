import { REPLY_TOO_COMPLEX_MESSAGES } from "@portal/domain";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { errorJson } from "../../../testing/contract-json";
import { recordRequests, sentKeys, server } from "../../../testing/msw-server";
import { renderWithProviders } from "../../../testing/test-utils";
import { QUERY_PATH, replyHandler } from "../testing/handlers";
import { ReplyComposer } from "./reply-composer";

const REPLIES = "POST /api/console/queries/300001/replies";

function setup({ closed = false }: { closed?: boolean } = {}) {
  server.use(replyHandler());
  const sent = recordRequests();
  renderWithProviders(<ReplyComposer referenceNumber={300001} closed={closed} />);
  const editor = screen.getByRole("textbox", { name: "Reply" });
  return { sent, editor, user: userEvent.setup() };
}

/** Puts HTML in the editor as if typed, and selects `text` in it (the whole content when absent). */
function write(editor: HTMLElement, html: string, text?: string) {
  editor.innerHTML = html;
  const range = document.createRange();
  range.selectNodeContents(editor);
  if (text !== undefined) {
    const walker = document.createTreeWalker(editor, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = (node as Text).data.indexOf(text);
      if (at >= 0) {
        range.setStart(node, at);
        range.setEnd(node, at + text.length);
        break;
      }
    }
  }
  act(() => {
    // Focus first: focusing an editable element moves the caret.
    editor.focus();
    document.getSelection()?.removeAllRanges();
    document.getSelection()?.addRange(range);
  });
}

const tool = (name: string) => screen.getByRole("button", { name });

function paste(editor: HTMLElement, data: Record<string, string>) {
  fireEvent.paste(editor, {
    clipboardData: { types: Object.keys(data), getData: (type: string) => data[type] ?? "" },
  });
}

describe("the reply editor", () => {
  it("is a labelled multi-line textbox with a formatting toolbar", () => {
    const { editor } = setup();
    expect(editor).toHaveAttribute("aria-multiline", "true");
    expect(editor).toHaveAttribute("contenteditable", "true");
    const toolbar = screen.getByRole("toolbar", { name: "Formatting" });
    for (const name of ["Bold", "Italic", "Bulleted list", "Numbered list", "Link"]) {
      expect(tool(name)).toHaveAttribute("aria-pressed", "false");
      expect(toolbar).toContainElement(tool(name));
    }
  });

  it("makes the selection bold and italic, and plain again; the buttons show it pressed", async () => {
    const { editor, user } = setup();
    write(editor, "<p>Your claim is paid</p>", "paid");
    await user.click(tool("Bold"));
    expect(editor.innerHTML).toBe("<p>Your claim is <strong>paid</strong></p>");
    expect(tool("Bold")).toHaveAttribute("aria-pressed", "true");
    await user.click(tool("Italic"));
    expect(editor.innerHTML).toBe("<p>Your claim is <strong><em>paid</em></strong></p>");
    expect(tool("Italic")).toHaveAttribute("aria-pressed", "true");
    await user.click(tool("Bold"));
    expect(editor.innerHTML).toBe("<p>Your claim is <em>paid</em></p>");
    expect(tool("Bold")).toHaveAttribute("aria-pressed", "false");
    expect(editor).toHaveFocus();
  });

  it("makes bulleted and numbered lists of the selected lines", async () => {
    const { editor, user } = setup();
    write(editor, "<p>Invoice</p><p>Statement</p>");
    await user.click(tool("Bulleted list"));
    expect(editor.innerHTML).toBe("<ul><li>Invoice</li><li>Statement</li></ul>");
    expect(tool("Bulleted list")).toHaveAttribute("aria-pressed", "true");
    await user.click(tool("Numbered list"));
    expect(editor.innerHTML).toBe("<ol><li>Invoice</li><li>Statement</li></ol>");
    expect(tool("Numbered list")).toHaveAttribute("aria-pressed", "true");
    expect(tool("Bulleted list")).toHaveAttribute("aria-pressed", "false");
  });

  it("links the selection to a web address, and refuses other kinds of address", async () => {
    const { editor, user } = setup();
    write(editor, "<p>See the benefits page</p>", "benefits page");
    await user.click(tool("Link"));
    const address = screen.getByLabelText("Link address");
    expect(address).toHaveFocus();
    await user.type(address, "javascript:alert(1)");
    await user.click(screen.getByRole("button", { name: "Add link" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Enter a web address starting with https://");
    expect(editor.querySelector("a")).toBeNull();
    await user.clear(address);
    await user.type(address, "www.example.com/benefits{Enter}");
    expect(editor.innerHTML).toBe(
      '<p>See the <a href="https://www.example.com/benefits">benefits page</a></p>',
    );
    expect(tool("Link")).toHaveAttribute("aria-pressed", "true");
    // Pressed again, the button removes the link.
    await user.click(tool("Link"));
    expect(editor.innerHTML).toBe("<p>See the benefits page</p>");
  });

  it("works from the keyboard: one Tab stop, arrow keys along the toolbar, Ctrl+B in the text", async () => {
    const { editor, user } = setup();
    write(editor, "<p>Please send it</p>", "send");
    await user.keyboard("{Control>}b{/Control}");
    expect(editor.innerHTML).toBe("<p>Please <strong>send</strong> it</p>");

    await user.tab({ shift: true });
    expect(tool("Bold")).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(tool("Italic")).toHaveFocus();
    expect(tool("Italic")).toHaveAttribute("tabindex", "0");
    expect(tool("Bold")).toHaveAttribute("tabindex", "-1");
    await user.keyboard("{Enter}");
    expect(editor.innerHTML).toBe("<p>Please <strong><em>send</em></strong> it</p>");
    expect(editor).toHaveFocus();

    await user.tab({ shift: true });
    expect(tool("Italic")).toHaveFocus();
    await user.keyboard("{End}");
    expect(tool("Link")).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(tool("Bold")).toHaveFocus();
  });

  it("keeps a table pasted from a spreadsheet, without its styles", () => {
    const { editor } = setup();
    write(editor, "<p>Here: </p>", "Here: ");
    paste(editor, {
      "text/html": `<html><head><style>.xl65{color:red}</style></head><body><table style="width:96pt" class="x"><col width=64>
        <tr><td class="xl65" style="font-weight:700">Item</td><td>Amount</td></tr>
        <tr><td>Consultation</td><td style="background:yellow">R 520.00</td></tr></table></body></html>`,
      "text/plain": "Item\tAmount\nConsultation\tR 520.00",
    });
    const table = editor.querySelector("table");
    expect(table).not.toBeNull();
    expect([...(table?.querySelectorAll("tr") ?? [])].map((row) => row.textContent)).toEqual([
      "ItemAmount",
      "ConsultationR 520.00",
    ]);
    expect(editor.querySelector("[style], [class], style, col")).toBeNull();
  });

  it("drops scripts, event handlers and styles from a paste", () => {
    const { editor } = setup();
    write(editor, "");
    paste(editor, {
      "text/html":
        '<p style="color:red" onclick="steal()">Dear member</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">here</a>',
    });
    expect(editor.innerHTML).toBe("<p>Dear member</p><a>here</a>");
  });

  it("pastes plain text as text, line by line", () => {
    const { editor } = setup();
    write(editor, "");
    paste(editor, { "text/plain": "Line one\n<b>Line two</b>" });
    expect(editor.innerHTML).toBe("Line one<br>&lt;b&gt;Line two&lt;/b&gt;");
  });
});

describe("preview and sending", () => {
  it("previews the cleaned reply as the member will see it, with the editor hidden meanwhile", async () => {
    const { editor, user } = setup();
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
    const { editor, sent, user } = setup();
    write(editor, '<p>Paid <strong>in full</strong>.</p><img src="x" onerror="alert(1)">');
    await user.click(screen.getByRole("button", { name: "Send and close" }));
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("Reply sent. The query is closed."),
    );
    const request = sent.find((entry) => entry.key === REPLIES)?.request;
    expect(await request?.json()).toEqual({ html: "<p>Paid <strong>in full</strong>.</p>", close: true });
    expect(editor).toBeEmptyDOMElement();
  });

  it("Send reply posts close: false", async () => {
    const { editor, sent, user } = setup();
    write(editor, "<p>We are looking into it.</p>");
    await user.click(screen.getByRole("button", { name: "Send reply" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(/^Reply sent\.$/));
    const request = sent.find((entry) => entry.key === REPLIES)?.request;
    expect(await request?.json()).toEqual({ html: "<p>We are looking into it.</p>", close: false });
  });

  it("sends nothing when the reply is empty", async () => {
    const { editor, sent, user } = setup();
    write(editor, "<p><br></p>");
    await user.click(screen.getByRole("button", { name: "Send reply" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Please write the reply.");
    expect(sentKeys(sent)).toEqual([]);
  });

  it("keeps the reply when sending fails, and says so", async () => {
    const { editor, user } = setup();
    server.use(http.post(`${QUERY_PATH}/replies`, () => errorJson(500, "INTERNAL_ERROR")));
    write(editor, "<p>Keep me</p>");
    await user.click(screen.getByRole("button", { name: "Send reply" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("The reply could not be sent. Please try again."),
    );
    expect(editor.innerHTML).toBe("<p>Keep me</p>");
  });

  it("says why the server refused a reply it will not clean, and keeps the reply", async () => {
    const { editor, user } = setup();
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

  it("offers no Send and close on a closed query", () => {
    setup({ closed: true });
    expect(screen.queryByRole("button", { name: "Send and close" })).toBeNull();
  });
});
