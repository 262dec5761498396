import { formatDueDate } from "@portal/domain";
import { compose, type MailBrand, type OutgoingMail, paragraph, strong } from "../mail/index.js";

// What the member is told when an e-mailed reply is taken: the update's reference number, or,
// when the conversation took no more updates, the new query's and why; and any files left out.
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
  const due = formatDueDate(input.replyDueOn);
  const blocks =
    input.conversation === null
      ? [
          paragraph(
            "Thank you. Your e-mail has been logged as a query with reference number ",
            strong(reference),
            ".",
          ),
          paragraph(`We aim to reply within 1 to 2 business days, by ${due}.`),
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
            paragraph(`We aim to reply within 2 to 3 business days, by ${due}.`),
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
            paragraph(`We aim to reply within 1 to 2 business days, by ${due}.`),
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
