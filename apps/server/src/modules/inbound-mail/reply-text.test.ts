import { MAX_QUERY_DETAIL_LENGTH } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { REPLY_TEXT_LEFT_OUT, REPLY_TEXT_READ_LENGTH, replyText } from "./reply-text.js";

// The reply cutter on the mails members send, and on bodies built to make a pattern try every
// line: those held the event loop for seconds to minutes (docs/decisions/0031). No time is
// asserted here (npm run bench prints it); before the cutter was linear, these tests ran past
// vitest's 30 s limit.

const GMAIL_QUOTE =
  "On Tue, 24 Nov 2026 at 09:12, Meridian Health <no-reply@localhost> wrote:\n\n> Dear Test,\n>";

/** `head`, then `piece` as often as fits in `length` characters with `tail` after it. */
function filled(head: string, piece: string, tail: string, length = REPLY_TEXT_READ_LENGTH): string {
  const body = head + piece.repeat(Math.floor((length - head.length - tail.length) / piece.length)) + tail;
  expect(body.length).toBeLessThanOrEqual(length);
  return body;
}

describe("replyText", () => {
  it.each([
    ["Gmail's quote", `Thanks\r\n\r\n${GMAIL_QUOTE.replaceAll("\n", "\r\n")}`, "Thanks"],
    [
      "a wrapped Gmail line",
      "Thanks\n\nOn Tue, 24 Nov 2026 at 09:12, Meridian\nHealth <x@y> wrote:\n> q",
      "Thanks",
    ],
    [
      "Outlook's rule and header",
      "Thanks\n\n________________\nFrom: Meridian\nSent: Tuesday\nTo: me",
      "Thanks",
    ],
    ["Outlook's header alone", "Thanks\n*From:* Meridian\nTo: me\n\n*Sent:* Tuesday\n", "Thanks"],
    ["an original message", "Thanks\n-----Original Message-----\nFrom: x", "Thanks"],
    ["a signature", "Thanks\n\n-- \nJane Member\n082 555 0100", "Thanks"],
    ["a mobile signature", "Thanks\n\nSent from my iPhone", "Thanks"],
    ["a trailing quote", "Thanks\n> earlier\n>\n> more", "Thanks"],
    ["a reply under the quote", "> earlier\n\nThanks", "> earlier\n\nThanks"],
    ["a header with nothing above", "From: Meridian\nSent: Tuesday\n\nDear Test", null],
    ["a forward", "See below.\n---------- Forwarded message ---------\nFrom: Dr\n\nSeen on 2 Nov.", null],
    ["no-break spaces and blank lines", "Dear\u00a0scheme,\u00a0\n\n\n\nThanks  ", "Dear scheme,\n\nThanks"],
  ])("cuts %s as before", (_what, body, text) => {
    expect(replyText(body)).toBe(text ?? body);
  });

  it("reads the tester's body of blank lines up to the length it reads, and says so past it", () => {
    expect(replyText(filled("Hello\n", " \n", ""))).toBe("Hello");
    expect(replyText(`Hello\n${" \n".repeat(64_000)}`)).toBe(`Hello\n\n${REPLY_TEXT_LEFT_OUT}`);
    expect(replyText(`Hello\n${" \n".repeat(128_000)}More`)).toBe(`Hello\n\n${REPLY_TEXT_LEFT_OUT}`);
  });

  it("finds a marker under lines of spaces, and keeps a line of spaces and a word", () => {
    expect(replyText(filled("Hello\n", "      \n", GMAIL_QUOTE))).toBe("Hello");
    expect(replyText(filled("Hello\n", "\t \u00a0\n", "\n-----Original Message-----\nx"))).toBe("Hello");
    expect(replyText(filled("Hello\n", "\n", "Sent from my phone"))).toBe("Hello");
    expect(replyText(filled("Hello\nFrom: Meridian\n", "\n", "Sent: Tuesday\n"))).toBe("Hello");
    // Past a query's length: the word is left out, and the text says so.
    expect(replyText(filled("Hello\n", " ", "x"))).toBe(`Hello\n\n${REPLY_TEXT_LEFT_OUT}`);
  });

  it("cuts at a long rule of dashes or underscores or a long quote, and keeps a long line of dashes that is text", () => {
    expect(replyText(filled("Hello\n", "-", "\nFrom: Meridian\nSent: Tuesday\n"))).toBe("Hello");
    expect(replyText(filled("Hello\n", "_", "\n"))).toBe("Hello");
    expect(replyText(filled("Hello\n", "> earlier\n", ""))).toBe("Hello");
    const dashes = `Hello\n${"-".repeat(10_000)}x`;
    expect(replyText(dashes)).toBe(dashes);
    const text = replyText(filled("Hello\n", "- _ ", "x"));
    expect(text.startsWith("Hello\n- _ - _")).toBe(true);
    expect(text.endsWith(`\n\n${REPLY_TEXT_LEFT_OUT}`)).toBe(true);
  });

  it.each([
    ["'On ' without 'wrote:'", "On "],
    ["lines of 'On …' without 'wrote:'", "On Tuesday at 09:12, I\n"],
    ["'From:' lines without 'Sent:'", "From: Meridian\n\n\n\n\n"],
    ["'Sent from my' too long", "Sent from my phone, the one with the big screen and the keyboard\n"],
  ])("keeps %s as text, within a query's length", (_what, piece) => {
    const text = replyText(filled("Hello\n", piece, ""));
    expect(text.startsWith(`Hello\n${piece.trimEnd()}`)).toBe(true);
    expect(text.endsWith(`\n\n${REPLY_TEXT_LEFT_OUT}`)).toBe(true);
    expect(text.length).toBeLessThanOrEqual(MAX_QUERY_DETAIL_LENGTH);
  });

  it("says the rest is left out past the length it reads, unless a marker was found above it", () => {
    const long = `Hello\n${"word ".repeat(20_000)}`;
    expect(replyText(`Thanks\n${GMAIL_QUOTE}\n${long}`)).toBe("Thanks");
    expect(replyText(`Thanks\n\n-- \nJane\n${long}`)).toBe("Thanks");
    const forward = replyText(`See below.\n---------- Forwarded message ---------\n${long}`);
    expect(forward.startsWith("See below.\n---------- Forwarded message ---------\nHello\nword word")).toBe(
      true,
    );
    expect(forward.endsWith(`\n\n${REPLY_TEXT_LEFT_OUT}`)).toBe(true);
    // What was read ends with a quote, but the mail goes on: the quote is no trailing one.
    const quoted = replyText(`${filled("Hello\n", "> earlier\n", "")}My answer below the quote.`);
    expect(quoted.startsWith("Hello\n> earlier\n")).toBe(true);
    expect(quoted.endsWith(`\n\n${REPLY_TEXT_LEFT_OUT}`)).toBe(true);
  });

  it("keeps a reply longer than a query to a query's length, saying so, and never splits a character", () => {
    const text = replyText(`Hello\n${"😀".repeat(MAX_QUERY_DETAIL_LENGTH)}`);
    expect(text.length).toBeLessThanOrEqual(MAX_QUERY_DETAIL_LENGTH);
    expect(text.endsWith(`😀\n\n${REPLY_TEXT_LEFT_OUT}`)).toBe(true);
    // The last character read is the first half of an emoji: it is not read.
    const split = `x${"\n".repeat(REPLY_TEXT_READ_LENGTH - 2)}😀 and more`;
    expect(split.charCodeAt(REPLY_TEXT_READ_LENGTH - 1)).toBe(0xd83d);
    expect(replyText(split)).toBe(`x\n\n${REPLY_TEXT_LEFT_OUT}`);
  });
});
