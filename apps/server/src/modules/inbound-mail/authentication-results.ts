// The receiving server's Authentication-Results header (RFC 8601) read for its DMARC verdict. The
// grammar allows folding white space and comments (nested, with quoted-pairs) between every token,
// any case, a version after the method (`dmarc/1`), and quoted strings in property values, which
// may hold ";" or "dmarc=fail". A regular expression over the raw text read `dmarc = fail` as
// passing and a comment saying "dmarc=fail" as failing. One pass drops comments and quoted
// strings, then each result is read from its own ";"-separated part.

/** Longer than any real verdict; past it the header is not read and the sender counts as unverified. */
export const AUTHENTICATION_RESULTS_MAX_LENGTH = 16 * 1024;

const METHOD_RESULT = /^([a-z0-9_-]+)[ \t\r\n]*(?:\/[ \t\r\n]*[0-9]+[ \t\r\n]*)?=[ \t\r\n]*([a-z0-9_-]+)/i;

/**
 * The header's text without comments and quoted strings (a comment as one space, a quoted string
 * as `""`), or null when it is malformed (an unterminated comment or string) or too long. Linear:
 * each character is looked at once.
 */
function withoutCommentsAndStrings(header: string): string | null {
  if (header.length > AUTHENTICATION_RESULTS_MAX_LENGTH) return null;
  let out = "";
  let depth = 0;
  let quoted = false;
  for (let at = 0; at < header.length; at += 1) {
    const char = header[at];
    if (quoted) {
      if (char === "\\") at += 1;
      else if (char === '"') {
        quoted = false;
        out += '""';
      }
    } else if (depth > 0) {
      if (char === "\\") at += 1;
      else if (char === "(") depth += 1;
      else if (char === ")") {
        depth -= 1;
        if (depth === 0) out += " ";
      }
    } else if (char === "(") depth = 1;
    else if (char === '"') quoted = true;
    else out += char;
  }
  return depth > 0 || quoted ? null : out;
}

/**
 * True when the verdict says DMARC failed, or cannot be read (malformed or past the bound): a mail
 * that fails here goes to staff as unmatched, never into a member's conversation unseen.
 */
export function dmarcFailed(header: string): boolean {
  const text = withoutCommentsAndStrings(header);
  if (text === null) return true;
  // The first part is the authserv-id (and its version); each later one a method's result.
  const [, ...results] = text.split(";");
  return results.some((part) => {
    const found = METHOD_RESULT.exec(part.trim());
    return found?.[1]?.toLowerCase() === "dmarc" && found[2]?.toLowerCase() === "fail";
  });
}
