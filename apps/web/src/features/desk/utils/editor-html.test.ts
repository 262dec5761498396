import { describe, expect, it } from "vitest";
import { fromEditorHtml, toEditorHtml } from "./editor-html";

describe("toEditorHtml", () => {
  it("cleans to the reply allowlist", () => {
    expect(
      toEditorHtml('<p style="color:red" onclick="steal()">Hi</p><script>alert(1)</script><img src=x>'),
    ).toBe("<p>Hi</p>");
  });

  it("drops the line break that ends a block, which a browser does not show", () => {
    expect(toEditorHtml("<div>Dear member</div><div><br></div><div>Thanks</div>")).toBe(
      "<div>Dear member</div><p></p><div>Thanks</div>",
    );
    expect(toEditorHtml("<p>One<br></p><p><strong>Two<br></strong> </p>")).toBe(
      "<p>One</p><p><strong>Two</strong> </p>",
    );
    expect(toEditorHtml("<table><tr><td>A<br></td></tr></table>")).toBe(
      "<table><tbody><tr><td>A</td></tr></tbody></table>",
    );
  });

  it("keeps the line breaks that do show", () => {
    expect(toEditorHtml("<p>One<br>Two</p>")).toBe("<p>One<br>Two</p>");
    expect(toEditorHtml("<p>One<br><br></p>")).toBe("<p>One<br></p>");
    expect(toEditorHtml("One<br>Two")).toBe("One<br>Two");
  });
});

describe("fromEditorHtml", () => {
  it("leaves out the empty paragraphs after the last table or list", () => {
    expect(fromEditorHtml("<ul><li><p>One</p></li></ul><p></p>")).toBe("<ul><li>One</li></ul>");
    expect(fromEditorHtml("<p>Hi</p><p></p><p></p>")).toBe("<p>Hi</p>");
  });

  it("puts the text of a list item or cell of one paragraph directly in it", () => {
    expect(
      fromEditorHtml(
        "<table><tbody><tr><th><p>Item</p></th><td><p><strong>R</strong> 5</p></td><td><p></p></td></tr></tbody></table>",
      ),
    ).toBe("<table><tbody><tr><th>Item</th><td><strong>R</strong> 5</td><td><br></td></tr></tbody></table>");
    expect(
      fromEditorHtml("<ol><li><p>One</p><p>More</p></li><li><p>Two</p><ul><li><p>a</p></li></ul></li></ol>"),
    ).toBe("<ol><li><p>One</p><p>More</p></li><li><p>Two</p><ul><li>a</li></ul></li></ol>");
  });

  it("gives an empty paragraph, or one that ends in a break, the line the editor showed", () => {
    expect(fromEditorHtml("<p>Dear member</p><p></p><p>Thanks</p>")).toBe(
      "<p>Dear member</p><p><br></p><p>Thanks</p>",
    );
    expect(fromEditorHtml("<p>One<br></p><h2><em>Two<br></em></h2>")).toBe(
      "<p>One<br><br></p><h2><em>Two<br></em><br></h2>",
    );
    expect(fromEditorHtml("<p>One<br>Two</p>")).toBe("<p>One<br>Two</p>");
  });

  it("and the way back in gives the editor the same lines", () => {
    const editorHtml = "<p>Dear member</p><p></p><p>One<br></p><p>Thanks</p>";
    expect(toEditorHtml(fromEditorHtml(editorHtml))).toBe(editorHtml);
  });
});
