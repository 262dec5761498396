import { describe, expect, it } from "vitest";
import { hasFormatting, replyHtmlToText, textToReplyHtml } from "./canned-reply-text";

describe("a canned reply's text", () => {
  it("becomes paragraphs (a blank line between them) with line breaks, as text", () => {
    expect(textToReplyHtml("Dear {{firstName}}\r\n\r\nYour claim <b>is</b> paid.\nRegards\n\n\n")).toBe(
      "<p>Dear {{firstName}}</p><p>Your claim &lt;b&gt;is&lt;/b&gt; paid.<br>Regards</p>",
    );
    expect(textToReplyHtml("   ")).toBe("");
  });

  it("comes back as the text it was written as", () => {
    const text = "Dear {{firstName}}\n\nYour claim <b>is</b> paid & done.\nRegards";
    expect(replyHtmlToText(textToReplyHtml(text))).toBe(text);
  });

  it("keeps the words of formatted HTML, lists as bullets", () => {
    expect(replyHtmlToText("Hello <strong>there</strong><ul><li>One</li><li>Two</li></ul><p>End</p>")).toBe(
      "Hello there\n\n• One\n• Two\n\nEnd",
    );
  });

  it("knows formatting the text box cannot keep", () => {
    expect(hasFormatting("<p>a<br>b</p><p>c</p>")).toBe(false);
    expect(hasFormatting("<p>a <strong>b</strong></p>")).toBe(true);
    expect(hasFormatting('<p><a href="https://x.example">x</a></p>')).toBe(true);
  });
});
