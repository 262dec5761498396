import { describe, expect, it } from "vitest";
import { cleanReplyHtml, replyHasText, shownReplyHtml } from "./reply-html";

// Excel puts this on the clipboard for two rows of two cells (shortened): a style sheet, column
// widths, classes and inline styles around the cells.
const EXCEL_HTML = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>td{mso-number-format:General}.xl65{color:red}</style></head>
<body><!--StartFragment--><table border=0 cellpadding=0 cellspacing=0 width=128 style='border-collapse:collapse;width:96pt'>
<col width=64 span=2 style='width:48pt'>
<tr height=20 style='height:15.0pt'><td height=20 class=xl65 width=64 style='height:15.0pt;width:48pt'>Item</td><td class=xl65 width=64>Amount</td></tr>
<tr height=20><td height=20 colspan=1 style='background:yellow'>Consultation</td><td align=right>R 520.00</td></tr>
<!--EndFragment--></table></body></html>`;

describe("cleanReplyHtml", () => {
  it("keeps a spreadsheet's table, rows and cells, and drops its styles, classes and widths", () => {
    const clean = cleanReplyHtml(EXCEL_HTML);
    expect(clean).toBe(
      '<table><tbody><tr><td>Item</td><td>Amount</td></tr><tr><td colspan="1">Consultation</td><td>R 520.00</td></tr></tbody></table>',
    );
  });

  it("drops scripts, event handlers, styles, images and javascript: links", () => {
    const clean = cleanReplyHtml(
      '<p style="color:red" onclick="steal()">Hi <b>there</b></p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">click</a><style>p{}</style>',
    );
    expect(clean).toBe("<p>Hi <b>there</b></p><a>click</a>");
  });

  it("keeps web and mail links, marked so the page they open gets no handle on the portal", () => {
    expect(cleanReplyHtml('<a href="https://example.com/x" target="_blank">x</a>')).toBe(
      '<a href="https://example.com/x" rel="noopener noreferrer">x</a>',
    );
    expect(cleanReplyHtml('<a href="mailto:help@example.com">mail</a>')).toContain(
      'href="mailto:help@example.com"',
    );
  });

  it("keeps a table's head, header cells and the paragraphs the editor puts in cells", () => {
    const clean = cleanReplyHtml(
      '<table style="min-width: 50px"><colgroup><col style="min-width: 25px"></colgroup><thead><tr><th scope="col"><p>Item</p></th></tr></thead><tbody><tr><td colspan="1" rowspan="2" data-colwidth="90"><p>Consultation</p></td></tr></tbody></table>',
    );
    expect(clean).toBe(
      '<table><thead><tr><th scope="col"><p>Item</p></th></tr></thead><tbody><tr><td colspan="1" rowspan="2"><p>Consultation</p></td></tr></tbody></table>',
    );
  });
});

describe("replyHasText", () => {
  it("is false for empty paragraphs and line breaks", () => {
    expect(replyHasText("<p><br></p><p> </p>")).toBe(false);
    expect(replyHasText("<p>x</p>")).toBe(true);
  });
});

describe("shownReplyHtml", () => {
  it("lets each table take focus, so a keyboard can scroll a wide one, and is cleaned as a sent reply is", () => {
    const shown = shownReplyHtml(`<p onclick="x()">Amounts</p>${EXCEL_HTML}`);
    expect(shown).toBe(
      '<p>Amounts</p>\n<table tabindex="0"><tbody><tr><td>Item</td><td>Amount</td></tr><tr><td colspan="1">Consultation</td><td>R 520.00</td></tr></tbody></table>',
    );
  });

  it("never puts the focus stop into what is sent", () => {
    expect(cleanReplyHtml(shownReplyHtml(EXCEL_HTML))).not.toContain("tabindex");
  });
});
