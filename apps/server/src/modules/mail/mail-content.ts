import {
  type Brand,
  categoryLabel,
  escapeHtml,
  formatDate,
  type MemberLanguage,
  type ServerOrigin,
  toRouteOrigin,
  type UpdateRefusal,
} from "@portal/domain";
import { cleanHtml } from "./html-cleaning-pool.js";
import type { MessageDescriptor } from "./languages/define-messages.js";
import { type MailTexts, mailTexts, type TextPart } from "./languages/mail-texts.js";
import { memberMailMessages as says } from "./languages/member-mail.messages.js";
import type { OutgoingMail } from "./outbox.js";
import type { PreparedReply } from "./reply-cleaning.js";

// What the scheme writes to a member. Each mail is HTML with a plain-text alternative made from the
// same blocks. A mail greets the member by first name, links to the query's page in the portal
// (a reference number behind the log-in, never personal data in the address), and ends with the
// scheme's numbers. It never carries an e-mail address or membership number. Everything
// interpolated is escaped; an agent's reply, which is HTML, is cleaned once more here.
// Each mail is signed with the scheme's brand (BRAND_FILE): its signature lines, name and numbers.

/** What of the brand a mail says: the signature, the name in the footer, the numbers to call. */
export type MailBrand = Pick<Brand, "name" | "mail" | "contactLines">;

interface MailAbout {
  to: string[];
  cc: string[];
  referenceNumber: number;
  memberEntityNumber: number | null;
  /** The member's first name, for "Dear Thandi,"; null or absent: "Dear member,". */
  firstName?: string | null;
  /** The page of the query in the portal (memberQueryLink); null or absent when it cannot be opened there. */
  queryLink?: string | null;
  /** The language the member chose (members.language); null or absent: English. */
  language?: MemberLanguage | null;
}

/**
 * The portal's page of a member's query, as the open list links to it: the route carries only the
 * reference number and the member logs in to see it (the log-in screen returns to it).
 */
export function memberQueryLink(publicUrl: string, origin: ServerOrigin, referenceNumber: number): string {
  return `${publicUrl}/#/update/${toRouteOrigin(origin)}?reference=${referenceNumber}&timeline=true`;
}

/** The portal's page of a document submission, behind the log-in as a query's is. */
export function documentSubmissionLink(publicUrl: string, referenceNumber: number): string {
  return `${publicUrl}/#/document-submission?reference=${referenceNumber}`;
}

/** The acknowledgement of a new query: its reference number, the promise of one to two business days, a copy. */
export function queryLoggedMail(
  brand: MailBrand,
  input: MailAbout & {
    dueLatest: string | null;
    /** The query as logged, copied into the mail. */
    copy?: QueryCopy;
    /** Whether the member may add updates to it (updateRefusal): a MedXpress query may not. Default true. */
    updatable?: boolean;
  },
): OutgoingMail {
  const reference = String(input.referenceNumber);
  const t = mailTexts(input.language);
  return compose(
    brand,
    input,
    "QUERY_LOGGED",
    t.text(says.queryLoggedSubject, { reference }),
    [
      paragraph(...t.parts(says.queryLoggedThanks, { reference })),
      paragraph(promise(t, "oneToTwo", input.dueLatest)),
      paragraph(t.text(says.queryLoggedQuote)),
      ...queryCopy(t, input.copy, says.queryCopyHeading),
      ...linkParagraph(input.queryLink, t.text(says.followInPortal)),
      paragraph(t.text(input.updatable !== false ? says.queryLoggedUpdate : says.queryLoggedMedxpress)),
    ],
    { firstName: input.firstName, texts: t },
  );
}

/** The acknowledgement of an update: its own new reference number, the promise of two to three business days, a copy. */
export function updateLoggedMail(
  brand: MailBrand,
  input: MailAbout & {
    parentReferenceNumber?: number | null;
    dueLatest: string | null;
    /** The update as logged, copied into the mail. */
    copy?: QueryCopy;
  },
): OutgoingMail {
  const reference = String(input.referenceNumber);
  const parent = input.parentReferenceNumber;
  const t = mailTexts(input.language);
  return compose(
    brand,
    input,
    "UPDATE_LOGGED",
    t.text(says.updateLoggedSubject, { reference }),
    [
      paragraph(
        ...(parent === null || parent === undefined
          ? t.parts(says.updateLoggedThanks, { reference })
          : t.parts(says.updateLoggedThanksToQuery, { reference, parent: String(parent) })),
      ),
      paragraph(promise(t, "twoToThree", input.dueLatest)),
      paragraph(t.text(says.updateLoggedQuote)),
      ...queryCopy(t, input.copy, says.updateCopyHeading),
      ...linkParagraph(input.queryLink, t.text(says.followInPortal)),
    ],
    { firstName: input.firstName, texts: t },
  );
}

/**
 * Our reply to a query, as the member sees it in the portal. `replyHtml` is either a reply that
 * prepareReply cleaned for sending (the reply command's, used as it is), or HTML, cleaned here so
 * that nothing in the mail can run, load or submit anything, whatever a caller passes. The reply is the letter: it has the agent's
 * own greeting and sign-off, so the mail adds neither. What the member can do next follows the one
 * update rule (`updateRefusal` of the conversation after the send): update it in the portal, or,
 * when it was closed by the send, is a MedXpress query, is too old or was logged by phone, what
 * they can do instead.
 */
export async function replySentMail(
  brand: MailBrand,
  input: MailAbout & {
    replyHtml: string | PreparedReply;
    /** updateRefusal of the query once the reply is sent; null or absent: it may be updated. */
    nextStep?: UpdateRefusal | null;
  },
): Promise<OutgoingMail> {
  const reference = String(input.referenceNumber);
  const reply =
    typeof input.replyHtml === "string" ? await cleanReply(input.replyHtml) : input.replyHtml.mail;
  const t = mailTexts(input.language);
  return compose(
    brand,
    input,
    "REPLY_SENT",
    t.text(says.replySubject, { reference }),
    [
      paragraph(...t.parts(says.replyIntro, { reference })),
      { html: `<div style="${REPLY_STYLE}">${reply.html}</div>`, text: reply.text },
      ...nextStepAfterReply(t, brand, reference, input.nextStep ?? null, input.queryLink ?? null),
    ],
    { letter: true, texts: t },
  );
}

/** What the member can do about a query once it was answered: from the one update rule. */
function nextStepAfterReply(
  t: MailTexts,
  brand: MailBrand,
  reference: string,
  refusal: UpdateRefusal | null,
  queryLink: string | null,
): Block[] {
  const readIt = linkParagraph(queryLink, t.text(says.replyReadIt));
  switch (refusal) {
    case null:
      return [...readIt, paragraph(t.text(says.replyUpdate))];
    case "CLOSED":
      return [
        paragraph(t.text(says.replyClosed)),
        ...readIt,
        paragraph(...t.parts(says.replyNewQuery, { reference })),
      ];
    case "TOO_OLD":
      return [...readIt, paragraph(...t.parts(says.replyTooOld, { reference }))];
    case "OTHER_CHANNEL":
      return [...readIt, paragraph(...t.parts(says.replyMedxpress, { reference }))];
    case "LEGACY": {
      const line = firstLine(brand);
      return [
        paragraph(
          ...t.parts(says.replyLegacy, {
            line: line.label,
            number: line.number,
            hours: line.hours,
            reference,
          }),
        ),
      ];
    }
  }
}

/** Documents the scheme recorded as received from the member, under their own reference number. */
export function documentsReceivedMail(
  brand: MailBrand,
  input: MailAbout & { category: string; fileCount: number },
): OutgoingMail {
  const reference = String(input.referenceNumber);
  const t = mailTexts(input.language);
  return compose(
    brand,
    input,
    "DOCUMENTS_RECEIVED",
    t.text(says.documentsReceivedSubject, { reference }),
    [
      // The category is named as a heading would be ("Category: Chronic conditions and cancer"),
      // not inside the sentence, where its capital letter would stand mid-sentence.
      paragraph(...t.parts(says.documentsReceivedThanks, { count: input.fileCount, reference })),
      paragraph(...t.parts(says.documentsReceivedCategory, { category: categoryLabel(input.category) })),
      ...(input.queryLink
        ? linkParagraph(input.queryLink, t.text(says.documentsReceivedSeeThem))
        : [paragraph(t.text(says.documentsReceivedOnTimeline))]),
      paragraph(t.text(says.documentsReceivedQuote)),
    ],
    { firstName: input.firstName, texts: t },
  );
}

/** Worded as the specification words the promise on screen (REPLY_PROMISES: "one to two business days"). */
function promise(t: MailTexts, businessDays: "oneToTwo" | "twoToThree", dueLatest: string | null): string {
  return dueLatest
    ? t.text(says.promiseBy, { businessDays, date: formatDate(dueLatest) })
    : t.text(says.promise, { businessDays });
}

/** What the member wrote, for the acknowledgement's copy. */
export interface QueryCopy {
  category: string;
  queryText: string;
}

/** The member's own words, quoted under a heading: what the acknowledgement is of. */
function queryCopy(t: MailTexts, copy: QueryCopy | undefined, heading: MessageDescriptor): Block[] {
  if (!copy) return [];
  const { category, queryText } = copy;
  const lines = queryText
    .split(/\r?\n/)
    .flatMap((line, index): Segment[] => (index === 0 ? [line] : [LINE_BREAK, line]));
  const quoted = paragraph(...lines);
  return [
    paragraph(strong(t.text(heading, { category: categoryLabel(category) }))),
    {
      html: `<div style="${QUOTE_STYLE}">${quoted.html}</div>`,
      text: quoted.text
        .split("\n")
        .map((line) => `> ${line}`)
        .join("\n"),
    },
  ];
}

/** A sentence ending in a link, or nothing when there is no page to link to. */
function linkParagraph(link: string | null | undefined, sentence: string): Block[] {
  if (!link) return [];
  const href = escapeHtml(link);
  return [
    {
      html: `<p style="${PARAGRAPH_STYLE}">${escapeHtml(sentence)}<a href="${href}" style="${LINK_STYLE}">${href}</a></p>`,
      text: `${sentence}${link}`,
    },
  ];
}

const firstLine = (brand: MailBrand) => brand.contactLines[0] as MailBrand["contactLines"][number];

// --- Composition -------------------------------------------------------------------------------

/** One block of a mail, written once for each part. */
export interface Block {
  html: string;
  text: string;
}

type Segment = TextPart | typeof LINE_BREAK;

const LINE_BREAK = { lineBreak: true } as const;
export const strong = (value: string): Segment => ({ strong: value });

function segmentHtml(segment: Segment): string {
  if (typeof segment === "string") return escapeHtml(segment);
  return "strong" in segment ? `<strong>${escapeHtml(segment.strong)}</strong>` : "<br>";
}

function segmentText(segment: Segment): string {
  if (typeof segment === "string") return segment;
  return "strong" in segment ? segment.strong : "\n";
}

export function paragraph(...segments: Segment[]): Block {
  return {
    html: `<p style="${PARAGRAPH_STYLE}">${segments.map(segmentHtml).join("")}</p>`,
    text: segments.map(segmentText).join(""),
  };
}

const FONT = "font-family:Arial,Helvetica,sans-serif;color:#1a1a1a";
export const PARAGRAPH_STYLE = "margin:0 0 16px 0;font-size:15px;line-height:1.5";
const LINK_STYLE = "color:#0b5cad;text-decoration:underline;word-break:break-all";
const QUOTE_STYLE = "margin:0 0 16px 0;padding:0 0 0 16px;border-left:4px solid #e2e6ea;color:#333333";
const REPLY_STYLE =
  "margin:0 0 16px 0;padding:4px 0 4px 16px;border-left:4px solid #c8d3df;font-size:15px;line-height:1.5";
const FOOTER_STYLE = "margin:24px 0 0 0;font-size:12px;line-height:1.5;color:#555555";

const greeting = (t: MailTexts, firstName: string | null | undefined) => {
  const name = firstName?.trim();
  return name ? t.text(says.greeting, { firstName: name }) : t.text(says.greetingNoName);
};
const footer = (t: MailTexts, brand: MailBrand) => t.text(says.footer, { schemeName: brand.name });
/** The scheme's numbers, one line each: "Member Services: 0860 100 200 (Mon–Fri 08:00–17:00)". */
const contactLines = (t: MailTexts, brand: MailBrand) =>
  brand.contactLines.map((line) => t.text(says.contactLine, line));

/** Who a mail goes to and what it is about: the parts of OutgoingMail every mail has. */
type Addressing = Pick<OutgoingMail, "to" | "cc" | "memberEntityNumber" | "referenceNumber">;

export function compose(
  brand: MailBrand,
  about: Addressing,
  kind: OutgoingMail["kind"],
  subject: string,
  blocks: Block[],
  /**
   * firstName: whom the greeting names. letter: the blocks hold a letter with its own greeting
   * and sign-off (an agent's reply), so the mail adds neither: one of each, never two. texts: the
   * language of the mail's own words (default English).
   */
  options: { firstName?: string | null; letter?: boolean; texts?: MailTexts } = {},
): OutgoingMail {
  const t = options.texts ?? mailTexts(null);
  const signature = brand.mail.signature.flatMap((line, index): Segment[] =>
    index === 0 ? [line] : [LINE_BREAK, line],
  );
  const all = options.letter
    ? blocks
    : [paragraph(greeting(t, options.firstName)), ...blocks, paragraph(...signature)];
  const numbers = contactLines(t, brand);
  const footerText = footer(t, brand);
  const html = [
    "<!doctype html>",
    `<html lang="${t.language}">`,
    "<head>",
    '<meta charset="utf-8">',
    // For a client or browser that opens the mail as a page: nothing may run or load.
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; form-action 'none'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title>`,
    "</head>",
    `<body style="margin:0;padding:24px;${FONT}">`,
    '<div style="max-width:640px">',
    ...all.map((block) => block.html),
    `<p style="${FOOTER_STYLE}">${numbers.map(escapeHtml).join("<br>")}<br>${escapeHtml(footerText)}</p>`,
    "</div>",
    "</body>",
    "</html>",
  ].join("\n");
  const text = `${all.map((block) => block.text).join("\n\n")}\n\n-- \n${numbers.join("\n")}\n${footerText}\n`;
  return {
    kind,
    to: about.to,
    cc: about.cc,
    subject,
    html,
    text,
    memberEntityNumber: about.memberEntityNumber,
    referenceNumber: about.referenceNumber,
  };
}

// --- The reply ---------------------------------------------------------------------------------

/**
 * The reply cleaned for a mail, and its plain-text form: the same cleaning as before the reply was
 * stored, then a table's borders set inline (mail clients drop <style> blocks). Done in the
 * cleaning worker (reply-cleaning.ts: replyForMail), within its limits.
 */
export function cleanReply(replyHtml: string): Promise<Block> {
  return cleanHtml("mailReply", replyHtml);
}
