import { REPLY_HTML_LIMITS } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { replyText } from "./reply-text.js";

// The text part of a reply mail, made by html-to-text from the cleaned reply (mail-content.test.ts
// checks it inside whole mails).

describe("a reply's plain text", () => {
  it("keeps a table's caption above its rows, cells apart by a bar", () => {
    expect(
      replyText(
        "<table><caption>Claims paid</caption><thead><tr><th>Date</th> <th>Amount</th></tr></thead><tbody><tr><td>3 Nov</td><td>R 450.00</td></tr></tbody></table><p>After.</p>",
      ),
    ).toBe(["Claims paid", "Date | Amount", "3 Nov | R 450.00", "", "After."].join("\n"));
  });

  it("leaves lines as long as they are, as the rest of the mail's text part, and a long link whole", () => {
    const sentence = "Your claim for the specialist visit was paid in full. ".repeat(6).trim();
    const link = `https://meridian.example/claims/${"x".repeat(150)}`;
    expect(replyText(`<p>${sentence}</p><p><a href="${link}">this claim</a></p>`)).toBe(
      `${sentence}\n\nthis claim (${link})`,
    );
  });

  it("quotes a quotation and keeps headings as written", () => {
    expect(replyText("<h3>Next steps</h3><blockquote>You wrote <b>this</b>.</blockquote><p>Reply.</p>")).toBe(
      ["Next steps", "", "> You wrote this.", "", "Reply."].join("\n"),
    );
  });

  it("converts a reply as deep and as wide as the cleaning takes, whole, and no more", () => {
    const { maxDepth, maxElements } = REPLY_HTML_LIMITS;
    const deep = `${"<div>".repeat(maxDepth - 1)}<p>the bottom</p>${"</div>".repeat(maxDepth - 1)}`;
    expect(replyText(deep)).toBe("the bottom");
    // Every element of a reply in one paragraph, with text between them: all of it is converted.
    const wide = `<p>${"w <b>b</b> ".repeat(maxElements - 1)}end</p>`;
    expect(replyText(wide)).toBe(`${"w b ".repeat(maxElements - 1)}end`);
    // Past what the cleaning lets through, the converter stops: what is left out is "...".
    expect(replyText(`<div>${deep}</div>`)).toBe("...");
    const wider = replyText(`<p>${"w <b>b</b> ".repeat(2 * maxElements)}end</p>`);
    expect(wider.endsWith("...")).toBe(true);
    expect(wider).not.toContain("end");
  });
});
