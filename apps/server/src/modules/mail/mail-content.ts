import {
  type Brand,
  categoryLabel,
  escapeHtml,
  formatDate,
  type ServerOrigin,
  toRouteOrigin,
  type UpdateRefusal,
} from "@portal/domain";
import { cleanHtml } from "./html-cleaning-pool.js";
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
  return compose(
    brand,
    input,
    "QUERY_LOGGED",
    `We have received your query (reference ${reference})`,
    [
      paragraph(
        "Thank you for contacting us. Your query has been logged with reference number ",
        strong(reference),
        ".",
      ),
      paragraph(promise("one to two", input.dueLatest)),
      paragraph("Please quote this reference number if you contact us about this query."),
      ...queryCopy(input.copy),
      ...linkParagraph(input.queryLink, "You can follow your query in the member portal: "),
      input.updatable !== false
        ? paragraph(
            "To add information or documents, log in to the member portal and update the query there, rather than replying to this email.",
          )
        : paragraph(
            "A MedXpress query cannot be updated. To add information or documents, log a new MedXpress query in the member portal and quote this reference number.",
          ),
    ],
    { firstName: input.firstName },
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
  return compose(
    brand,
    input,
    "UPDATE_LOGGED",
    `We have received your update (reference ${reference})`,
    [
      paragraph(
        ...(parent === null || parent === undefined
          ? ["Thank you. Your update has been logged"]
          : ["Thank you. Your update to query ", strong(String(parent)), " has been logged"]),
        " with a new reference number: ",
        strong(reference),
        ".",
      ),
      paragraph(promise("two to three", input.dueLatest)),
      paragraph("Please quote the new reference number if you contact us about this update."),
      ...queryCopy(input.copy, "Your update"),
      ...linkParagraph(input.queryLink, "You can follow your query in the member portal: "),
    ],
    { firstName: input.firstName },
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
  return compose(
    brand,
    input,
    "REPLY_SENT",
    `Our reply to your query (reference ${reference})`,
    [
      paragraph("We have replied to your query with reference number ", strong(reference), ":"),
      { html: `<div style="${REPLY_STYLE}">${reply.html}</div>`, text: reply.text },
      ...nextStepAfterReply(brand, reference, input.nextStep ?? null, input.queryLink ?? null),
    ],
    { letter: true },
  );
}

/** What the member can do about a query once it was answered: from the one update rule. */
function nextStepAfterReply(
  brand: MailBrand,
  reference: string,
  refusal: UpdateRefusal | null,
  queryLink: string | null,
): Block[] {
  const readIt = linkParagraph(queryLink, "You can also read this reply in the member portal: ");
  switch (refusal) {
    case null:
      return [
        ...readIt,
        paragraph(
          "If you need more help with this query, log in and update it there, rather than replying to this email.",
        ),
      ];
    case "CLOSED":
      return [
        paragraph("This query is now closed."),
        ...readIt,
        paragraph(
          "If you need more help, log a new query in the member portal and quote reference number ",
          strong(reference),
          ".",
        ),
      ];
    case "TOO_OLD":
      return [
        ...readIt,
        paragraph(
          "This query can no longer be updated. If you need more help, log a new query in the member portal and quote reference number ",
          strong(reference),
          ".",
        ),
      ];
    case "OTHER_CHANNEL":
      return [
        ...readIt,
        paragraph(
          "A MedXpress query cannot be updated. If you need more help, log a new MedXpress query in the member portal and quote reference number ",
          strong(reference),
          ".",
        ),
      ];
    case "LEGACY": {
      const line = firstLine(brand);
      return [
        paragraph(
          "This query was not logged in the member portal, so it cannot be opened or updated there. If you need more help, call ",
          strong(`${line.label} on ${line.number}`),
          ` (${line.hours}) and quote reference number `,
          strong(reference),
          ".",
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
  const count = input.fileCount === 1 ? "1 document" : `${input.fileCount} documents`;
  return compose(
    brand,
    input,
    "DOCUMENTS_RECEIVED",
    `We have received your documents (reference ${reference})`,
    [
      // The category is named as a heading would be ("Category: Chronic conditions and cancer"),
      // not inside the sentence, where its capital letter would stand mid-sentence.
      paragraph(
        `We have received ${count} from you and recorded ${input.fileCount === 1 ? "it" : "them"} with reference number `,
        strong(reference),
        ".",
      ),
      paragraph("Category: ", strong(categoryLabel(input.category))),
      ...(input.queryLink
        ? linkParagraph(input.queryLink, "You can see the documents we received in the member portal: ")
        : [
            paragraph(
              "You can see the documents we received in the member portal, on your interaction timeline.",
            ),
          ]),
      paragraph("Please quote this reference number if you contact us about these documents."),
    ],
    { firstName: input.firstName },
  );
}

/** Worded as the specification words the promise on screen (REPLY_PROMISES: "one to two business days"). */
function promise(businessDays: string, dueLatest: string | null): string {
  const within = `We aim to reply within ${businessDays} business days`;
  return dueLatest ? `${within}, by ${formatDate(dueLatest)}.` : `${within}.`;
}

/** What the member wrote, for the acknowledgement's copy. */
export interface QueryCopy {
  category: string;
  queryText: string;
}

/** The member's own words, quoted under a heading: what the acknowledgement is of. */
function queryCopy(copy: QueryCopy | undefined, heading = "Your query"): Block[] {
  if (!copy) return [];
  const { category, queryText } = copy;
  const lines = queryText
    .split(/\r?\n/)
    .flatMap((line, index): Segment[] => (index === 0 ? [line] : [LINE_BREAK, line]));
  const quoted = paragraph(...lines);
  return [
    paragraph(strong(`${heading} (${categoryLabel(category)}):`)),
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

type Segment = string | { strong: string } | typeof LINE_BREAK;

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

const greeting = (firstName: string | null | undefined) => `Dear ${firstName?.trim() || "member"},`;
const footer = (brand: MailBrand) =>
  `This is an automatic message from ${brand.name}. Replies to this address are not read.`;
/** The scheme's numbers, one line each: "Member Services: 0860 100 200 (Mon–Fri 08:00–17:00)". */
const contactLines = (brand: MailBrand) =>
  brand.contactLines.map((line) => `${line.label}: ${line.number} (${line.hours})`);

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
   * and sign-off (an agent's reply), so the mail adds neither: one of each, never two.
   */
  options: { firstName?: string | null; letter?: boolean } = {},
): OutgoingMail {
  const signature = brand.mail.signature.flatMap((line, index): Segment[] =>
    index === 0 ? [line] : [LINE_BREAK, line],
  );
  const all = options.letter
    ? blocks
    : [paragraph(greeting(options.firstName)), ...blocks, paragraph(...signature)];
  const numbers = contactLines(brand);
  const footerText = footer(brand);
  const html = [
    "<!doctype html>",
    '<html lang="en">',
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
