import { formatDate, formatDateTimeIn } from "@portal/domain";
import { compose, type MailBrand, type OutgoingMail, paragraph, strong } from "../mail/index.js";

// What the member is told when an e-mailed reply is taken: the update's reference number, or,
// when the conversation took no more updates, the new query's and why; and any files left out.
// And, once per limit and window, that one was refused over one of their limits (limits.ts).
// Never the mail's text, the member's address or number (mail-content.ts's rules).

export interface EmailedAcknowledgement {
  to: string[];
  cc: string[];
  memberEntityNumber: number;
  referenceNumber: number;
  /** The conversation the mail answered; null: staff linked a mail that answered none to the member. */
  conversation: number | null;
  outcome: "UPDATE" | "NEW_QUERY";
  refusal: "CLOSED" | "NOT_UPDATABLE" | null;
  replyDueOn: string;
  /** Files the portal's rules left out, named for the member. */
  refusedFiles: string[];
  /** The member's mail's Message-ID (with brackets): the acknowledgement answers it. */
  answers: string | null;
}

function refusedFilesParagraphs(names: readonly string[]) {
  if (names.length === 0) return [];
  return [
    paragraph(
      names.length === 1 ? "This file was not added: " : "These files were not added: ",
      strong(names.join(", ")),
      ". Files may be TIFF, JPG, PNG, Doc, Docx or PDF, not larger than 10 MB together. You can add them to your query in the member portal.",
    ),
  ];
}

export function emailedAcknowledgement(brand: MailBrand, input: EmailedAcknowledgement): OutgoingMail {
  const reference = String(input.referenceNumber);
  const due = formatDate(input.replyDueOn);
  const blocks =
    input.conversation === null
      ? [
          paragraph(
            "Thank you. Your e-mail has been logged as a query with reference number ",
            strong(reference),
            ".",
          ),
          paragraph(`We aim to reply within one to two business days, by ${due}.`),
        ]
      : input.outcome === "UPDATE"
        ? [
            paragraph(
              "Thank you. Your e-mail has been added to query ",
              strong(String(input.conversation)),
              " as an update with reference number ",
              strong(reference),
              ".",
            ),
            paragraph(`We aim to reply within two to three business days, by ${due}.`),
          ]
        : [
            paragraph(
              "Thank you. Query ",
              strong(String(input.conversation)),
              input.refusal === "CLOSED" ? " is closed" : " can no longer be updated",
              ", so your e-mail has been logged as a new query with reference number ",
              strong(reference),
              ". We have linked it to the earlier query.",
            ),
            paragraph(`We aim to reply within one to two business days, by ${due}.`),
          ];
  const mail = compose(
    brand,
    {
      to: input.to,
      cc: input.cc,
      memberEntityNumber: input.memberEntityNumber,
      referenceNumber: input.referenceNumber,
    },
    input.outcome === "UPDATE" ? "UPDATE_LOGGED" : "QUERY_LOGGED",
    input.outcome === "UPDATE"
      ? `We have received your update (reference ${reference})`
      : `We have received your query (reference ${reference})`,
    [
      ...blocks,
      ...refusedFilesParagraphs(input.refusedFiles),
      paragraph("Please quote the reference number if you contact us about it."),
    ],
  );
  return input.answers ? { ...mail, answers: input.answers } : mail;
}

export interface RefusalNotice {
  to: string[];
  cc: string[];
  memberEntityNumber: number;
  /** The conversation the refused mail answered. */
  conversation: number;
  reason: "QUERY_LIMIT" | "UPLOAD_LIMIT" | "ATTACHMENT_LIMIT";
  /** The limits as the member's form applies them. */
  limits: { queriesPerHour: number; uploadMbPerDay: number; filesPerMessage: number };
  /** When the member may send again (the limit's window frees); null when not known. */
  retryAt: Date | null;
  timeZone: string;
  /** The member's mail's Message-ID (with brackets): the notice answers it. */
  answers: string | null;
}

/**
 * An e-mailed reply was not added to its query: over the member's queries and updates of an hour,
 * their upload volume of 24 hours, or the files one message may carry. Sent once per limit and
 * window, so it also says that further mails refused meanwhile are not answered one by one.
 */
export function refusalNotice(brand: MailBrand, input: RefusalNotice): OutgoingMail {
  const conversation = String(input.conversation);
  const { limits } = input;
  const sendAgain = input.retryAt
    ? `Please send it again after ${formatDateTimeIn(input.timeZone, input.retryAt)}, or add it to your query in the member portal then.`
    : "Please send it again later, or add it to your query in the member portal.";
  const blocks =
    input.reason === "ATTACHMENT_LIMIT"
      ? [
          paragraph(
            `Thank you for your e-mail about query `,
            strong(conversation),
            `. It carried more than ${limits.filesPerMessage} files, the most we accept with one message, so it has not been added to the query.`,
          ),
          paragraph(
            `Please send the files in several e-mails of at most ${limits.filesPerMessage} files and 10 MB each, or add them to your query in the member portal.`,
          ),
        ]
      : [
          paragraph(
            "Thank you for your e-mail about query ",
            strong(conversation),
            input.reason === "QUERY_LIMIT"
              ? `. We accept at most ${limits.queriesPerHour} queries and updates from a member in an hour, by e-mail and in the member portal together.`
              : `. We accept at most ${limits.uploadMbPerDay} MB of attachments from a member in 24 hours, by e-mail and in the member portal together.`,
            " You have reached that limit, so your e-mail has not been added to the query.",
          ),
          paragraph(sendAgain),
        ];
  const window = input.reason === "UPLOAD_LIMIT" ? "24 hours" : "hour";
  const mail = compose(
    brand,
    {
      to: input.to,
      cc: input.cc,
      memberEntityNumber: input.memberEntityNumber,
      referenceNumber: input.conversation,
    },
    "EMAIL_REFUSED",
    `We could not add your e-mail to query ${conversation}`,
    [
      ...blocks,
      paragraph(
        `We write about this once: other e-mails refused for the same reason in the next ${window} are kept for our staff, and you will not receive a message about each of them.`,
      ),
      paragraph("Please quote the reference number if you contact us about it."),
    ],
  );
  return input.answers ? { ...mail, answers: input.answers } : mail;
}
