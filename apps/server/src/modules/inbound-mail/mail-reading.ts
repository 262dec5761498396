import { htmlToText } from "html-to-text";
import { type AddressObject, type ParsedMail, simpleParser } from "mailparser";
import { dmarcFailed } from "./authentication-results.js";
import { replyText } from "./reply-text.js";

// A raw mail as the matching and the update read it: who it says it is from, to which addresses
// it went, which of our mails it answers, whether a machine wrote it, and the member's own text.

export interface InboundFile {
  fileName: string;
  declaredType: string;
  content: Buffer;
}

/** Why a mail is left to staff before anything is matched: no person wrote it, or its sender is not proven. */
export type MachineMail = "AUTO_REPLY" | "BOUNCE";

export interface ReadMail {
  /** Without angle brackets; null when the mail has none. */
  messageId: string | null;
  /** The From address, lower case; null when there is none that parses. */
  from: string | null;
  /** Every address it was delivered to: To, Cc and the delivery headers of the receiving server. */
  recipients: string[];
  /** The Message-IDs it answers, without brackets: In-Reply-To first, then References newest first. */
  answers: string[];
  subject: string;
  /** Its Date header. */
  sentAt: Date | null;
  /** The member's own words: the text part (or the HTML part's text), quoted history and signature cut. */
  text: string;
  /** The whole body as text, nothing cut: what staff read of an unmatched mail. */
  body: string;
  files: InboundFile[];
  machine: MachineMail | null;
  /** The receiving server's Authentication-Results says the From domain's DMARC check failed. */
  senderNotVerified: boolean;
}

const MESSAGE_ID = /<([^<>\s]{1,250})>/g;

function idsIn(value: string | string[] | undefined): string[] {
  const text = Array.isArray(value) ? value.join(" ") : (value ?? "");
  return [...text.matchAll(MESSAGE_ID)].flatMap((match) => (match[1] ? [match[1]] : []));
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  const found: string[] = [];
  const walk = (entries: AddressObject["value"]) => {
    for (const entry of entries) {
      if (entry.address) found.push(entry.address.trim().toLowerCase());
      if (entry.group) walk(entry.group);
    }
  };
  for (const object of objects) walk(object.value);
  return found;
}

/** The first (topmost) value of a header: the one the receiving server added last. */
function firstHeader(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((header) => header.key === name);
  return line ? line.line.slice(line.line.indexOf(":") + 1).trim() : undefined;
}

function headerText(mail: ParsedMail, name: string): string {
  const value = mail.headers.get(name);
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "object" && "value" in value && typeof value.value === "string") return value.value;
  return String(value);
}

/**
 * RFC 3834 and what mail systems write instead: Auto-Submitted other than "no", Microsoft's and
 * others' X-Autoreply / X-Autorespond, Precedence bulk, junk, list or auto_reply. A delivery
 * report (multipart/report) or a mail from the mailer daemon is a bounce.
 */
function machineOf(mail: ParsedMail): MachineMail | null {
  const contentType = headerText(mail, "content-type").toLowerCase();
  const from = addressesOf(mail.from)[0] ?? "";
  if (contentType.startsWith("multipart/report") || /^(mailer-daemon|postmaster)@/.test(from))
    return "BOUNCE";
  const autoSubmitted = headerText(mail, "auto-submitted").trim().toLowerCase();
  if (autoSubmitted !== "" && autoSubmitted !== "no") return "AUTO_REPLY";
  if (mail.headers.has("x-autoreply") || mail.headers.has("x-autorespond")) return "AUTO_REPLY";
  const precedence = headerText(mail, "precedence").trim().toLowerCase();
  if (["bulk", "junk", "list", "auto_reply"].includes(precedence)) return "AUTO_REPLY";
  return null;
}

/** DMARC failed by the receiving server's own verdict (the topmost Authentication-Results; a sender cannot place one above it). */
function senderNotVerified(mail: ParsedMail): boolean {
  const results = firstHeader(mail, "authentication-results");
  return results !== undefined && dmarcFailed(results);
}

/** Without control characters, one line, at most 300 characters. */
export function cleanSubject(subject: string | undefined): string {
  return (
    (subject ?? "")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u001f\u007f]+/g, " ")
      .trim()
      .slice(0, 300)
  );
}

/**
 * How much of an HTML-only mail is turned into text. html-to-text splits long lines in time that
 * grows with the square of their length, on the main thread: one table row of 400 000 cells (4 MB)
 * held the event loop 78 s. 64 K characters of the worst such HTML take about 30 ms, and
 * hold far more than a reply's own text (what follows is mostly quoted history).
 */
export const HTML_TO_TEXT_LENGTH = 64 * 1024;
/** The deepest element nesting converted (mailparser's own bound): its walk recurses per level. */
const HTML_MAX_DEPTH = 1000;

/**
 * The body as text: the text part, or the text of the HTML part when there is none (mailparser's
 * conversion, or, for HTML longer than it converts, the conversion of its first
 * HTML_TO_TEXT_LENGTH characters).
 */
function bodyOf(mail: ParsedMail): string {
  let text = mail.text ?? "";
  if (!text && mail.textConversionError && typeof mail.html === "string") {
    text = htmlToText(mail.html.slice(0, HTML_TO_TEXT_LENGTH), { limits: { maxDepth: HTML_MAX_DEPTH } });
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL cannot be stored in a text column
  return text.replace(/\u0000/g, "");
}

export async function readMail(raw: Buffer): Promise<ReadMail> {
  const mail = await simpleParser(raw, {
    skipImageLinks: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    maxHtmlLengthToParse: HTML_TO_TEXT_LENGTH,
  });
  const body = bodyOf(mail);
  const references = idsIn(mail.references).reverse();
  const inReplyTo = idsIn(mail.inReplyTo);
  const delivered = ["delivered-to", "x-original-to", "envelope-to"].flatMap((name) =>
    mail.headerLines
      .filter((header) => header.key === name)
      .map((header) =>
        header.line
          .slice(header.line.indexOf(":") + 1)
          .trim()
          .replace(/^<|>$/g, "")
          .toLowerCase(),
      ),
  );
  return {
    messageId: idsIn(mail.messageId ? `<${mail.messageId.replace(/^<|>$/g, "")}>` : undefined)[0] ?? null,
    from: addressesOf(mail.from)[0] ?? null,
    recipients: [...new Set([...addressesOf(mail.to), ...addressesOf(mail.cc), ...delivered])],
    answers: [...new Set([...inReplyTo, ...references])],
    subject: cleanSubject(mail.subject),
    sentAt: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : null,
    text: replyText(body),
    body,
    files: mail.attachments
      .filter((attachment) => attachment.contentDisposition !== "inline" || attachment.filename)
      .map((attachment) => ({
        fileName: attachment.filename ?? "attachment",
        declaredType: attachment.contentType,
        content: attachment.content,
      })),
    machine: machineOf(mail),
    senderNotVerified: senderNotVerified(mail),
  };
}
