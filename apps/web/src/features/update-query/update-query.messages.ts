import { defineMessages } from "../../i18n/define-messages";

/** The update-query form (requirements §2, §8): its labels, its outcome and its errors. */
export const updateQueryMessages = defineMessages({
  title: { id: "updateQuery.title", message: "Update query" },
  formName: {
    id: "updateQuery.formName",
    message: "Update query",
    comment: "The form's name for screen readers",
  },
  attachments: { id: "updateQuery.attachments", message: "Attachments" },
  sendUpdate: { id: "updateQuery.sendUpdate", message: "Send Update" },
  sendingUpdate: {
    id: "updateQuery.sendingUpdate",
    message: "Sending your update",
    comment: "The upload progress bar's name",
  },
  replyPromise: {
    id: "updateQuery.replyPromise",
    message: "Thank you for your update. We will respond within two to three business days.",
  },
  newReferenceNumber: {
    id: "updateQuery.newReferenceNumber",
    message: "Your new reference number is <0>{referenceNumber}</0>.",
    comment: "<0>…</0> shows the number in bold",
  },
  updateFailed: {
    id: "updateQuery.updateFailed",
    message: "Something went wrong while updating your query. Please try again later.",
  },
  attachmentRule: {
    id: "updateQuery.attachmentRule",
    message:
      "Please make sure your file is not larger than 10 MB and is either a TIFF, JPG, PNG, Doc, Docx, or PDF. Please try again",
    comment: "The specification's sentence has no final full stop",
  },
});
