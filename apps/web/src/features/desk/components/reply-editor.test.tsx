import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRef } from "react";
import { describe, expect, it } from "vitest";
import { ReplyEditor, type ReplyEditorHandle } from "./reply-editor";

function setup({ disabled = false }: { disabled?: boolean } = {}) {
  const handle = createRef<ReplyEditorHandle>();
  const view = render(<ReplyEditor ref={handle} disabled={disabled} hidden={false} />);
  const editor = screen.getByRole("textbox", { name: "Reply" });
  const reply = () => handle.current?.getHtml() ?? "";
  return { handle, editor, reply, user: userEvent.setup(), view };
}

/** Fills the editor through its handle, as the composer does. */
function fill(handle: { current: ReplyEditorHandle | null }, html: string) {
  act(() => handle.current?.setHtml(html));
}

/** Where `text` starts in the editor's DOM text (found in one text node). */
function textAt(editor: HTMLElement, text: string): [Text, number] {
  const walker = document.createTreeWalker(editor, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = (node as Text).data.indexOf(text);
    if (at >= 0) return [node as Text, at];
  }
  throw new Error(`"${text}" is not in the editor`);
}

/**
 * Selects `text` in the editor as a user would: focus, then a DOM selection, which ProseMirror
 * reads on selectionchange. `through`: on to the end of that later text; `caret: "after"`: the
 * caret just after `text` instead.
 */
function select(
  editor: HTMLElement,
  text: string,
  { through, caret }: { through?: string; caret?: "after" } = {},
) {
  const [startNode, start] = textAt(editor, text);
  const [endNode, end] = through ? textAt(editor, through) : [startNode, start];
  const range = document.createRange();
  range.setStart(startNode, caret === "after" ? start + text.length : start);
  range.setEnd(endNode, end + (through ?? text).length);
  act(() => {
    editor.focus();
    document.getSelection()?.removeAllRanges();
    document.getSelection()?.addRange(range);
    document.dispatchEvent(new Event("selectionchange"));
  });
}

function paste(editor: HTMLElement, data: Record<string, string>) {
  fireEvent.paste(editor, {
    clipboardData: { types: Object.keys(data), getData: (type: string) => data[type] ?? "" },
  });
}

const tool = (name: string) => screen.getByRole("button", { name });

// Excel puts this on the clipboard for two rows of two cells (shortened).
const SPREADSHEET = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>.xl65{color:red}</style></head>
<body><!--StartFragment--><table border=0 style='border-collapse:collapse;width:96pt' class="x"><col width=64 span=2>
<tr height=20><td class=xl65 style="font-weight:700">Item</td><td class=xl65>Amount</td></tr>
<tr><td style="background:yellow">Consultation</td><td align=right>R 520.00</td></tr>
<!--EndFragment--></table></body></html>`;

describe("the reply editor", () => {
  it("is a labelled multi-line textbox, controlled by a toolbar of labelled buttons", () => {
    const { editor } = setup();
    expect(editor).toHaveAttribute("aria-multiline", "true");
    expect(editor).toHaveAttribute("contenteditable", "true");
    expect(editor).toHaveAccessibleDescription(/Ctrl\+B bold/);
    const toolbar = screen.getByRole("toolbar", { name: "Formatting" });
    expect(toolbar).toHaveAttribute("aria-controls", editor.id);
    for (const name of ["Bold", "Italic", "Bulleted list", "Numbered list", "Link"]) {
      expect(tool(name)).toHaveAttribute("aria-pressed", "false");
      expect(toolbar).toContainElement(tool(name));
    }
    // Nothing to undo or redo yet: said, but still on the toolbar's keyboard path.
    for (const name of ["Undo", "Redo"]) {
      expect(tool(name)).not.toHaveAttribute("aria-pressed");
      expect(tool(name)).toHaveAttribute("aria-disabled", "true");
      expect(tool(name)).toBeEnabled();
    }
    expect(tool("Bold")).toHaveAttribute("aria-keyshortcuts", "Control+B");
  });

  it("takes what is typed, a paragraph a line", async () => {
    const { editor, reply, user } = setup();
    expect(reply()).toBe("");
    await user.click(editor);
    await user.keyboard("Dear member{Enter}Your claim is paid.");
    expect(reply()).toBe("<p>Dear member</p><p>Your claim is paid.</p>");
  });

  it("makes the selection bold and italic from the toolbar, and plain again; the buttons show it", async () => {
    const { editor, handle, reply, user } = setup();
    fill(handle, "<p>Your claim is paid</p>");
    select(editor, "paid");
    await user.click(tool("Bold"));
    expect(reply()).toBe("<p>Your claim is <strong>paid</strong></p>");
    expect(tool("Bold")).toHaveAttribute("aria-pressed", "true");
    await user.click(tool("Italic"));
    expect(reply()).toBe("<p>Your claim is <strong><em>paid</em></strong></p>");
    expect(tool("Italic")).toHaveAttribute("aria-pressed", "true");
    await user.click(tool("Bold"));
    expect(reply()).toBe("<p>Your claim is <em>paid</em></p>");
    expect(tool("Bold")).toHaveAttribute("aria-pressed", "false");
    expect(editor).toHaveFocus();
  });

  it("has TipTap's shortcuts in the text: Ctrl+B, Ctrl+I", async () => {
    const { editor, handle, reply, user } = setup();
    fill(handle, "<p>Please send it</p>");
    select(editor, "send");
    await user.keyboard("{Control>}b{/Control}");
    expect(reply()).toBe("<p>Please <strong>send</strong> it</p>");
    await user.keyboard("{Control>}i{/Control}");
    expect(reply()).toBe("<p>Please <strong><em>send</em></strong> it</p>");
  });

  it("makes bulleted and numbered lists of the selected lines, and lines of a list again", async () => {
    const { editor, handle, reply, user } = setup();
    fill(handle, "<p>Invoice</p><p>Statement</p>");
    select(editor, "voice", { through: "State" });
    await user.click(tool("Bulleted list"));
    expect(reply()).toBe("<ul><li>Invoice</li><li>Statement</li></ul>");
    expect(tool("Bulleted list")).toHaveAttribute("aria-pressed", "true");
    await user.click(tool("Numbered list"));
    expect(reply()).toBe("<ol><li>Invoice</li><li>Statement</li></ol>");
    expect(tool("Numbered list")).toHaveAttribute("aria-pressed", "true");
    expect(tool("Bulleted list")).toHaveAttribute("aria-pressed", "false");
    await user.click(tool("Numbered list"));
    expect(reply()).toBe("<p>Invoice</p><p>Statement</p>");
  });

  it.each([
    ["Numbered list", "ol"],
    ["Bulleted list", "ul"],
  ])(
    "starts a %s on the new line after Enter: its own item, not joined to the line above",
    async (name, list) => {
      const { editor, reply, user } = setup();
      await user.click(editor);
      await user.keyboard("Please send us:{Enter}");
      await user.click(tool(name));
      expect(tool(name)).toHaveAttribute("aria-pressed", "true");
      await user.keyboard("a copy of your ID{Enter}the claim form");
      expect(reply()).toBe(
        `<p>Please send us:</p><${list}><li>a copy of your ID</li><li>the claim form</li></${list}>`,
      );
    },
  );

  it("links the selection to a web or mail address, refuses any other, and removes a link", async () => {
    const { editor, handle, reply, user } = setup();
    fill(handle, "<p>See the benefits page</p>");
    select(editor, "benefits page");
    await user.click(tool("Link"));
    const address = screen.getByLabelText("Link address");
    expect(address).toHaveFocus();
    await user.type(address, "javascript:alert(1)");
    await user.click(screen.getByRole("button", { name: "Add link" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Enter a web address starting with https://");
    expect(address).toHaveAttribute("aria-invalid", "true");
    expect(editor.querySelector("a")).toBeNull();
    await user.clear(address);
    await user.type(address, "www.example.com/benefits{Enter}");
    expect(reply()).toBe(
      '<p>See the <a rel="noopener noreferrer" href="https://www.example.com/benefits">benefits page</a></p>',
    );
    expect(screen.queryByLabelText("Link address")).toBeNull();
    await waitFor(() => expect(editor).toHaveFocus());
    expect(tool("Link")).toHaveAttribute("aria-pressed", "true");
    // Pressed again, the button removes the link, all of it, wherever the caret is in it.
    select(editor, "bene", { caret: "after" });
    await user.click(tool("Link"));
    expect(reply()).toBe("<p>See the benefits page</p>");
    expect(tool("Link")).toHaveAttribute("aria-pressed", "false");
  });

  it("with nothing selected, puts the address in as the link's text; Escape leaves the field", async () => {
    const { editor, reply, user } = setup();
    await user.click(editor);
    await user.keyboard("Write to ");
    await user.click(tool("Link"));
    await user.keyboard("{Escape}");
    expect(screen.queryByLabelText("Link address")).toBeNull();
    await waitFor(() => expect(editor).toHaveFocus());
    await user.click(tool("Link"));
    await user.type(screen.getByLabelText("Link address"), "mailto:help@example.com{Enter}");
    expect(reply()).toBe(
      '<p>Write to <a rel="noopener noreferrer" href="mailto:help@example.com">mailto:help@example.com</a></p>',
    );
  });

  it("keeps a table pasted from a spreadsheet as a table, without its styles", () => {
    const { editor, handle, reply } = setup();
    fill(handle, "<p>Here:</p>");
    select(editor, "Here:", { caret: "after" });
    paste(editor, { "text/html": SPREADSHEET, "text/plain": "Item\tAmount\nConsultation\tR 520.00" });
    const table = editor.querySelector("table");
    expect(table).not.toBeNull();
    expect([...(table?.querySelectorAll("tr") ?? [])].map((row) => row.textContent)).toEqual([
      "ItemAmount",
      "ConsultationR 520.00",
    ]);
    expect(editor.querySelector("[style], table [class], col, colgroup")).toBeNull();
    expect(reply()).toBe(
      "<p>Here:</p><table><tbody><tr><td>Item</td><td>Amount</td></tr>" +
        "<tr><td>Consultation</td><td>R 520.00</td></tr></tbody></table>",
    );
  });

  it("drops scripts, event handlers, images, styles and javascript: links from a paste", () => {
    const { editor, reply } = setup();
    act(() => editor.focus());
    paste(editor, {
      "text/html":
        '<p style="color:red" onclick="steal()">Dear member</p><script>alert(1)</script><img src="x" onerror="alert(2)"><p><a href="javascript:alert(3)">here</a></p>',
    });
    expect(reply()).toBe("<p>Dear member</p><p>here</p>");
    expect(editor.querySelector("script, img:not(.ProseMirror-separator), [onclick], [style]")).toBeNull();
  });

  it("pastes plain text as text, a paragraph a line; a blank line of a pasted mail stays one", () => {
    const { editor, handle, reply } = setup();
    act(() => editor.focus());
    paste(editor, { "text/plain": "Line one\n<b>Line two</b>" });
    expect(reply()).toBe("<p>Line one</p><p>&lt;b&gt;Line two&lt;/b&gt;</p>");

    fill(handle, "");
    act(() => editor.focus());
    paste(editor, { "text/html": "<div>Dear member</div><div><br></div><div>Thanks</div>" });
    expect(reply()).toBe("<p>Dear member</p><p><br></p><p>Thanks</p>");
  });

  it("undoes and redoes, from the toolbar and with Ctrl+Z and Ctrl+Y", async () => {
    const { editor, handle, reply, user } = setup();
    fill(handle, "<p>Your claim is paid</p>");
    select(editor, "paid");
    await user.click(tool("Bold"));
    expect(tool("Undo")).not.toHaveAttribute("aria-disabled");
    await user.click(tool("Undo"));
    expect(reply()).toBe("<p>Your claim is paid</p>");
    expect(tool("Redo")).not.toHaveAttribute("aria-disabled");
    await user.click(tool("Redo"));
    expect(reply()).toBe("<p>Your claim is <strong>paid</strong></p>");
    expect(tool("Redo")).toHaveAttribute("aria-disabled", "true");
    await user.keyboard("{Control>}z{/Control}");
    expect(reply()).toBe("<p>Your claim is paid</p>");
    await user.keyboard("{Control>}y{/Control}");
    expect(reply()).toBe("<p>Your claim is <strong>paid</strong></p>");
    // Clicked while there is nothing to redo, Redo does nothing.
    await user.click(tool("Redo"));
    expect(reply()).toBe("<p>Your claim is <strong>paid</strong></p>");
  });

  it("works from the keyboard: one Tab stop, arrow keys, Home and End along the toolbar", async () => {
    const { editor, user } = setup();
    await user.click(editor);
    await user.tab({ shift: true });
    expect(tool("Bold")).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(tool("Italic")).toHaveFocus();
    expect(tool("Italic")).toHaveAttribute("tabindex", "0");
    expect(tool("Bold")).toHaveAttribute("tabindex", "-1");
    await user.keyboard("{End}");
    expect(tool("Redo")).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(tool("Bold")).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(tool("Redo")).toHaveFocus();
    await user.keyboard("{Home}");
    expect(tool("Bold")).toHaveFocus();
    await user.tab();
    expect(editor).toHaveFocus();
  });

  it("can be filled, added to at the cursor, focused and emptied through its handle", async () => {
    const { editor, handle, reply, user } = setup();
    fill(handle, '<p>Dear member</p><p>Regards</p><script>alert(1)</script><p style="color:red">x</p>');
    expect(reply()).toBe("<p>Dear member</p><p>Regards</p><p>x</p>");

    select(editor, "Dear member", { caret: "after" });
    act(() => handle.current?.insertHtml(', see <a href="https://example.com/help">help</a><img src=x>'));
    expect(reply()).toBe(
      '<p>Dear member, see <a rel="noopener noreferrer" href="https://example.com/help">help</a></p><p>Regards</p><p>x</p>',
    );
    await waitFor(() => expect(editor).toHaveFocus());
    // What was inserted is one step to undo, and only that.
    await user.click(tool("Undo"));
    expect(reply()).toBe("<p>Dear member</p><p>Regards</p><p>x</p>");
    await user.click(tool("Redo"));

    // What it gives, it takes back as it was (a draft or canned reply put back in).
    const written =
      "<p>Dear member</p><p><br></p><ul><li>One<br><br></li><li><p>Two</p><p>More</p></li></ul><table><tbody><tr><th>A</th><td><br></td></tr></tbody></table>";
    const before = reply();
    fill(handle, written);
    expect(reply()).toBe(written);
    // Filling is one step to undo.
    await user.click(tool("Undo"));
    expect(reply()).toBe(before);

    act(() => handle.current?.clear());
    expect(reply()).toBe("");
    expect(editor).toHaveTextContent(/^$/);
    // A sent reply cannot be undone back into the editor.
    expect(tool("Undo")).toHaveAttribute("aria-disabled", "true");

    act(() => editor.blur());
    act(() => handle.current?.focus());
    await waitFor(() => expect(editor).toHaveFocus());
  });

  it("can be disabled while a reply is being sent, and enabled again", () => {
    const { editor, handle, view } = setup({ disabled: true });
    expect(editor).toHaveAttribute("contenteditable", "false");
    expect(editor).toHaveAttribute("aria-disabled", "true");
    expect(tool("Bold")).toBeDisabled();
    view.rerender(<ReplyEditor ref={handle} disabled={false} hidden={false} />);
    expect(editor).toHaveAttribute("contenteditable", "true");
    expect(editor).not.toHaveAttribute("aria-disabled");
    expect(tool("Bold")).toBeEnabled();
  });
});
