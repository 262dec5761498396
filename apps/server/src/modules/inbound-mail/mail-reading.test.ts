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

// The receiving server's verdict as RFC 8601 lets it be written: spaces and comments around "=",
// any case, a version after the method; a reply whose From domain failed DMARC is not a member's.
function mailWithResults(results: string): Buffer {
  return Buffer.from(
    [
      `Authentication-Results: ${results}`,
      "From: Thandi <thandi@example.com>",
      "To: support@scheme.example",
      "Subject: Re: Your query",
      "Message-ID: <results@example.com>",
      "Content-Type: text/plain; charset=utf-8",
      "",
      "My reply.",
    ].join("\r\n"),
  );
}

describe("reading the receiving server's DMARC verdict", () => {
  it.each([
    "mx.scheme.example; dmarc=fail header.from=example.com",
    "mx.scheme.example; dmarc = fail header.from=example.com",
    "mx.scheme.example; spf=pass smtp.mailfrom=example.com;\r\n  DMARC\t=\r\n FAIL (p=reject dis=none) header.from=example.com",
    "mx.scheme.example 1; dkim=pass (good \\) signature) header.d=example.com; dmarc (policy (nested) comment) = (why) fail",
    'mx.scheme.example; dkim=pass header.b="a;b"; dmarc/1=fail',
  ])("refuses %j", async (results) => {
    expect((await readMail(mailWithResults(results))).senderNotVerified).toBe(true);
  });

  it.each([
    "mx.scheme.example; dmarc=pass header.from=example.com",
    "mx.scheme.example; dkim=pass (dmarc=fail is only a comment) header.d=example.com; dmarc=pass",
    'mx.scheme.example; dkim=pass header.b="dmarc=fail"; dmarc = pass',
    "mx.scheme.example; none",
    "dmarc=fail.example; dkim=pass",
  ])("accepts %j", async (results) => {
    expect((await readMail(mailWithResults(results))).senderNotVerified).toBe(false);
  });

  it("reads a header of hostile length in linear time, and refuses one past its bound", async () => {
    const started = performance.now();
    const hostile = `mx.scheme.example; dkim=pass ${"(".repeat(200_000)}`;
    expect((await readMail(mailWithResults(hostile))).senderNotVerified).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
