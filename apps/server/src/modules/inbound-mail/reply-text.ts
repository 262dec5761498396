// What the member wrote in a reply, without what their mail program added under it: the quoted
// history and the signature. Mail programs mark these in their own ways; the text is cut at the
// first of the markers below, and only when something is left above it (a reply written under the
// quote keeps its text, the quote itself is not cut from the middle of a message).

/** Gmail, Apple Mail, Thunderbird: "On Tue, 24 Nov 2026 at 10:02, Scheme <x@y> wrote:" (possibly wrapped over two lines). */
const WROTE_LINE = /^\s*On\b[^\n]{0,300}?(\n[^\n]{0,200}?)?\bwrote:\s*$/m;
/** Outlook: a "From:" line followed within a few lines by "Sent:" (or "Date:"), often after a rule. */
const OUTLOOK_HEADER = /^\s*\*?From:\*?\s[^\n]*\n(?:[^\n]*\n){0,3}?\s*\*?(Sent|Date):\*?\s/im;
/** Outlook and others: "-----Original Message-----". */
const ORIGINAL_MESSAGE = /^\s*-{2,}\s*Original Message\s*-{2,}\s*$/im;
/** A forwarded mail is what the member means to send us: its quoted part is kept. */
const FORWARDED = /^\s*-{2,}\s*Forwarded message\s*-{2,}\s*$|^\s*Begin forwarded message:\s*$/im;
/** Outlook's rule above its header block: underscores in its text part, an <hr> (a line of dashes) in HTML-only mail. */
const OUTLOOK_RULE = /^\s*(_{10,}|-{10,})\s*$/m;
/** The signature separator of RFC 3676 ("-- " alone on a line). */
const SIGNATURE = /^-- ?$/m;
/** Mobile mail's signatures. */
const SENT_FROM = /^\s*Sent from my [^\n]{1,40}$/im;

function cutAt(text: string, pattern: RegExp): string {
  const match = pattern.exec(text);
  if (!match || match.index === 0) return text;
  const above = text.slice(0, match.index);
  return above.trim() === "" ? text : above;
}

/** Drops a block of "> " lines at the end: the history a reply quotes under itself. */
function withoutTrailingQuote(text: string): string {
  const lines = text.split("\n");
  let end = lines.length;
  while (end > 0 && /^\s*(>.*)?$/.test(lines[end - 1] ?? "")) end -= 1;
  const quoted = lines.slice(end).some((line) => line.trimStart().startsWith(">"));
  return quoted && end > 0 ? lines.slice(0, end).join("\n") : text;
}

/**
 * The reply's own text: line ends made \n, the quoted history and the signature cut, blank
 * lines at either end removed, runs of blank lines made one.
 */
export function replyText(body: string): string {
  let text = body.replace(/\r\n?/g, "\n").replace(/\u00a0/g, " ");
  if (FORWARDED.test(text)) return tidy(text);
  for (const marker of [ORIGINAL_MESSAGE, OUTLOOK_RULE, OUTLOOK_HEADER, WROTE_LINE]) {
    text = cutAt(text, marker);
  }
  text = withoutTrailingQuote(text);
  text = cutAt(text, SIGNATURE);
  text = cutAt(text, SENT_FROM);
  return tidy(text);
}

function tidy(text: string): string {
  return text
    .split("\n")
    .map((line) => line.replace(/\s+$/, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
