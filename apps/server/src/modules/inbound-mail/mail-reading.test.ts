import { describe, expect, it } from "vitest";
import { HTML_TO_TEXT_LENGTH, readMail } from "./mail-reading.js";

// An HTML-only mail is turned into text for the reply cutter. html-to-text splits a long line in
// time that grows with the square of its length, on the main thread: one table row of 400 000
// cells (4 MB) held the event loop 78 s, and every process that reads the support mailbox would
// read it. Only the first HTML_TO_TEXT_LENGTH characters of such HTML are converted now.

function htmlOnlyMail(html: string): Buffer {
  return Buffer.from(
    [
      "From: Thandi <thandi@example.com>",
      "To: support@scheme.example",
      "Subject: Re: Your query",
      "Message-ID: <wide-table@example.com>",
      "MIME-Version: 1.0",
      "Content-Type: text/html; charset=utf-8",
      "",
      html,
    ].join("\r\n"),
  );
}

describe("reading an HTML-only mail", () => {
  it("gives the text of an ordinary HTML reply", async () => {
    const mail = await readMail(htmlOnlyMail("<p>Thank you, the claim is <b>paid</b> now.</p>"));
    expect(mail.text).toBe("Thank you, the claim is paid now.");
  });

  it("turns only the start of a table row of 400 000 cells into text", async () => {
    const cells = "<td>x</td>".repeat(400_000);
    const mail = await readMail(htmlOnlyMail(`<p>My reply first.</p><table><tr>${cells}</tr></table>`));
    expect(mail.text.startsWith("My reply first.")).toBe(true);
    expect(mail.body.length).toBeLessThan(HTML_TO_TEXT_LENGTH);
  });
});
