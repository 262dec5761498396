import { defineMessages } from "../../i18n/define-messages";

/** The document-submission screen (requirements §2, §8). */
export const documentSubmissionMessages = defineMessages({
  pageTitle: {
    id: "documentSubmission.pageTitle",
    message: "Document submission {referenceNumber}",
    comment: "The browser tab's title",
  },
  heading: { id: "documentSubmission.heading", message: "How can we help?" },
  title: { id: "documentSubmission.title", message: "Document Submission" },
  loading: { id: "documentSubmission.loading", message: "Loading..." },
  loadFailed: {
    id: "documentSubmission.loadFailed",
    message: "We are unable to fetch your Document Submission at this time. Please try again later.",
  },
  tableCaption: {
    id: "documentSubmission.tableCaption",
    message: "Document submission {referenceNumber}",
    comment: "The table's name for screen readers",
  },
  category: { id: "documentSubmission.category", message: "Category" },
  documents: { id: "documentSubmission.documents", message: "Documents" },
  date: { id: "documentSubmission.date", message: "Date" },
});
