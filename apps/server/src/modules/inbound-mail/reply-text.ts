import { MAX_QUERY_DETAIL_LENGTH } from "@portal/domain";

// What the member wrote in a reply, without what their mail program added under it: the quoted
// history and the signature. Mail programs mark these in their own ways; the text is cut at the
// first of the markers below, and only when something is left above it (a reply written under the
// quote keeps its text, the quote itself is not cut from the middle of a message).
//
// Linear in the body (docs/decisions/0031): the text is split into lines once and each marker is
// a pattern tested on one line, anchored at its start, without the `m` flag. A `^\s*` under `m`
// was tried at every line start and ran over all the blank lines after it: 192 KB of blank lines
// held the event loop 27 s.

/**
 * Only the body's first 64 K characters are read: a reply is a few lines and its markers come
 * right under them. The rest of a longer body is quote or signature when a marker was found;
 * otherwise the text says that it goes on (REPLY_TEXT_LEFT_OUT).
 */
export const REPLY_TEXT_READ_LENGTH = 64 * 1024;

/** The last line of a text that leaves some of the member's mail out: past the part read, or past a query's length. */
export const REPLY_TEXT_LEFT_OUT = "[The rest of this e-mail was too long to keep.]";

/** Gmail, Apple Mail, Thunderbird: "On Tue, 24 Nov 2026 at 10:02, Scheme <x@y> wrote:" … */
const WROTE_LINE = /^\s*On\b[^\n]{0,300}?\bwrote:\s*$/;
/** … or wrapped over two lines. */
const WROTE_FIRST_HALF = /^\s*On\b[^\n]{0,300}$/;
const WROTE_SECOND_HALF = /^[^\n]{0,200}?\bwrote:\s*$/;
/**
 * Outlook: a "From:" line followed within a few lines by "Sent:" (or "Date:"), often after a rule.
 * The group is what follows the colon: empty when the line ends there.
 */
const FROM_LINE = /^\s*\*?From:\*?(\s|$)/i;
const SENT_LINE = /^\s*\*?(Sent|Date):\*?(\s|$)/i;
/** Outlook and others: "-----Original Message-----". */
const ORIGINAL_MESSAGE = /^\s*-{2,}\s*Original Message\s*-{2,}\s*$/i;
/** A forwarded mail is what the member means to send us: its quoted part is kept. */
const FORWARDED = /^\s*-{2,}\s*Forwarded message\s*-{2,}\s*$|^\s*Begin forwarded message:\s*$/i;
/** Outlook's rule above its header block: underscores in its text part, an <hr> (a line of dashes) in HTML-only mail. */
const OUTLOOK_RULE = /^\s*(_{10,}|-{10,})\s*$/;
/** The signature separator of RFC 3676 ("-- " alone on a line). */
const SIGNATURE = /^-- ?$/;
/** Mobile mail's signatures. */
const SENT_FROM = /^\s*Sent from my [^\n]{1,40}$/i;
/** A line of the quoted history, or a blank one. */
const QUOTE_OR_BLANK = /^\s*(>.*)?$/;

const isBlank = (line: string) => line.trim() === "";

/** At most `length` UTF-16 units of the text, never half of a character written as two. */
function prefix(text: string, length: number): string {
  if (text.length <= length) return text;
  const last = text.charCodeAt(length - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? length - 1 : length);
}

/**
 * The lines above line `at` (where a marker starts) when something is written there, ending with
 * the empty remainder of their last line break as the text cut there would; otherwise all the lines.
 * The same array when nothing is cut.
 */
function cutAt(lines: string[], at: number): string[] {
  if (at <= 0) return lines;
  const above = lines.slice(0, at);
  return above.every(isBlank) ? lines : [...above, ""];
}

const firstLine = (lines: string[], pattern: RegExp) => lines.findIndex((line) => pattern.test(line));

function wroteLine(lines: string[]): number {
  return lines.findIndex(
    (line, index) =>
      WROTE_LINE.test(line) ||
      (index + 1 < lines.length &&
        WROTE_FIRST_HALF.test(line) &&
        WROTE_SECOND_HALF.test(lines[index + 1] ?? "")),
  );
}

/**
 * The first "From:" line with a "Sent:" or "Date:" line after it: on one of the three lines after
 * it, or on the next line that is not blank after those (blank lines between do not count). A
 * "From:" that ends its line takes the next line for the sender. The colon of "Sent:" needs a
 * white space or a line break after it (the last line has none).
 */
function outlookHeader(lines: string[]): number {
  const last = lines.length - 1;
  // nextWritten[i]: the first line from i on that is not blank (lines.length when none), found in
  // one pass from the end, so each "From:" line looks at a few lines whatever the blank lines after it.
  const nextWritten = new Array<number>(lines.length + 1).fill(lines.length);
  for (let index = last; index >= 0; index--)
    nextWritten[index] = isBlank(lines[index] ?? "") ? (nextWritten[index + 1] ?? lines.length) : index;
  const isSent = (index: number) => {
    const sent = SENT_LINE.exec(lines[index] ?? "");
    return sent !== null && (sent[2] !== "" || index < last);
  };
  return lines.findIndex((line, index) => {
    const from = FROM_LINE.exec(line);
    if (!from) return false;
    const first = from[1] === "" ? index + 2 : index + 1;
    if (first > last) return false;
    for (let candidate = first; candidate < first + 3 && candidate <= last; candidate++)
      if (isSent(candidate)) return true;
    const after = nextWritten[Math.min(first + 3, lines.length)] ?? lines.length;
    return after <= last && isSent(after);
  });
}

/** Drops a block of "> " lines at the end: the history a reply quotes under itself. */
function withoutTrailingQuote(lines: string[]): string[] {
  let end = lines.length;
  while (end > 0 && QUOTE_OR_BLANK.test(lines[end - 1] ?? "")) end -= 1;
  const quoted = lines.slice(end).some((line) => line.trimStart().startsWith(">"));
  return quoted && end > 0 ? lines.slice(0, end) : lines;
}

/**
 * The reply's own text: line ends made \n, the quoted history and the signature cut, blank
 * lines at either end removed, runs of blank lines made one; at most a query's length
 * (MAX_QUERY_DETAIL_LENGTH), and ending with REPLY_TEXT_LEFT_OUT when some of the member's
 * text is left out.
 */
export function replyText(body: string): string {
  const read = prefix(body, REPLY_TEXT_READ_LENGTH);
  const readAll = read.length === body.length;
  const lines = read
    .replace(/\r\n?/g, "\n")
    .replace(/\u00a0/g, " ")
    .split("\n");
  if (lines.some((line) => FORWARDED.test(line))) return finished(lines, readAll);
  let text = lines;
  text = cutAt(text, firstLine(text, ORIGINAL_MESSAGE));
  text = cutAt(text, firstLine(text, OUTLOOK_RULE));
  text = cutAt(text, outlookHeader(text));
  text = cutAt(text, wroteLine(text));
  // The end of what was read is not the end of a longer mail: a quote there may have the
  // member's words under it.
  if (readAll) text = withoutTrailingQuote(text);
  text = cutAt(text, firstLine(text, SIGNATURE));
  text = cutAt(text, firstLine(text, SENT_FROM));
  // Below a marker the rest of the body is history or signature, read or not.
  return finished(text, readAll || text !== lines);
}

/** The lines tidied, within a query's length; with REPLY_TEXT_LEFT_OUT last when not `whole` or too long. */
function finished(lines: readonly string[], whole: boolean): string {
  const text = lines
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  if (whole && text.length <= MAX_QUERY_DETAIL_LENGTH) return text;
  const kept = prefix(text, MAX_QUERY_DETAIL_LENGTH - REPLY_TEXT_LEFT_OUT.length - 2).trimEnd();
  return kept === "" ? REPLY_TEXT_LEFT_OUT : `${kept}\n\n${REPLY_TEXT_LEFT_OUT}`;
}
