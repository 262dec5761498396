import { beforeEach, describe, expect, it } from "vitest";
import { applyLink, formatState, insertHtml, removeLink, toggleInline, toggleList } from "./editor-commands";

let root: HTMLDivElement;

beforeEach(() => {
  root = document.createElement("div");
  document.body.replaceChildren(root);
});

/** A range over `text` (its first occurrence) inside root. */
function select(text: string): Range {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = (node as Text).data.indexOf(text);
    if (at >= 0) {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + text.length);
      return range;
    }
  }
  throw new Error(`no text ${text}`);
}

function selectAll(): Range {
  const range = document.createRange();
  range.selectNodeContents(root);
  return range;
}

describe("toggleInline", () => {
  it("makes the selected words bold, and the same selection plain again", () => {
    root.innerHTML = "<p>Hello dear world</p>";
    const bold = toggleInline(root, select("dear"), "bold");
    expect(root.innerHTML).toBe("<p>Hello <strong>dear</strong> world</p>");
    expect(bold.toString()).toBe("dear");
    expect(formatState(root, bold).bold).toBe(true);
    const plain = toggleInline(root, bold, "bold");
    expect(root.innerHTML).toBe("<p>Hello dear world</p>");
    expect(plain.toString()).toBe("dear");
    expect(formatState(root, plain).bold).toBe(false);
  });

  it("formats a selection across paragraphs without putting blocks inside the emphasis", () => {
    root.innerHTML = "<p>One two</p><p>three four</p>";
    const range = document.createRange();
    range.setStart(select("two").startContainer, 4);
    range.setEnd(select("three").startContainer, 5);
    toggleInline(root, range, "italic");
    expect(root.innerHTML).toBe("<p>One <em>two</em></p><p><em>three</em> four</p>");
  });

  it("with nothing selected, starts a bold run to type into", () => {
    root.innerHTML = "<p>Hi</p>";
    const caret = select("Hi");
    caret.collapse(false);
    const next = toggleInline(root, caret, "bold");
    expect(root.querySelector("strong")).not.toBeNull();
    expect(formatState(root, next).bold).toBe(true);
  });
});

describe("toggleList", () => {
  it("turns paragraphs into a bulleted list, a numbered one, and back into paragraphs", () => {
    root.innerHTML = "<p>First</p><p>Second</p>";
    let range = toggleList(root, selectAll(), "bulleted");
    expect(root.innerHTML).toBe("<ul><li>First</li><li>Second</li></ul>");
    expect(formatState(root, range)).toMatchObject({ bulleted: true, numbered: false });
    range = toggleList(root, range, "numbered");
    expect(root.innerHTML).toBe("<ol><li>First</li><li>Second</li></ol>");
    expect(formatState(root, range)).toMatchObject({ bulleted: false, numbered: true });
    range = toggleList(root, range, "numbered");
    expect(root.innerHTML).toBe("<p>First</p><p>Second</p>");
    expect(range.toString()).toBe("FirstSecond");
  });

  it("makes each line of bare text an item", () => {
    root.innerHTML = "one<br>two";
    toggleList(root, selectAll(), "bulleted");
    expect(root.innerHTML).toBe("<ul><li>one</li><li>two</li></ul>");
  });

  it("starts an empty list in an empty editor", () => {
    toggleList(root, selectAll(), "numbered");
    expect(root.innerHTML).toBe("<ol><li><br></li></ol>");
  });
});

describe("links", () => {
  it("links the selected words, and removes the link again", () => {
    root.innerHTML = "<p>See our site</p>";
    const linked = applyLink(root, select("our site"), "https://example.com");
    expect(root.innerHTML).toBe('<p>See <a href="https://example.com">our site</a></p>');
    expect(formatState(root, linked).link).toBe(true);
    removeLink(root, linked);
    expect(root.innerHTML).toBe("<p>See our site</p>");
  });

  it("with nothing selected, inserts the address as its own link", () => {
    root.innerHTML = "<p>Go </p>";
    const caret = select("Go ");
    caret.collapse(false);
    applyLink(root, caret, "https://example.com");
    expect(root.innerHTML).toBe('<p>Go <a href="https://example.com">https://example.com</a></p>');
  });
});

describe("insertHtml", () => {
  it("replaces the selection with the HTML and puts the caret after it", () => {
    root.innerHTML = "<p>A B</p>";
    const after = insertHtml(select("B"), "<strong>C</strong>");
    expect(root.innerHTML).toBe("<p>A <strong>C</strong></p>");
    expect(after.collapsed).toBe(true);
  });
});
