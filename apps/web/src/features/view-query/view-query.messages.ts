import { defineMessages } from "../../i18n/define-messages";

/** The view-query screen (requirements §2, §8): the query, its reply, its conversation and the update option. */
export const viewQueryMessages = defineMessages({
  pageTitle: {
    id: "viewQuery.pageTitle",
    message: "Query {referenceNumber}",
    comment: "The browser tab's title",
  },
  heading: { id: "viewQuery.heading", message: "How can we help?" },
  loading: { id: "viewQuery.loading", message: "Loading..." },
  outdatedQuery: {
    id: "viewQuery.outdatedQuery",
    message: "This feature is only available for new queries.",
  },
  fetchFailed: {
    id: "viewQuery.fetchFailed",
    message: "We are unable to fetch your query at this time. Please try again later.",
  },
  viewReply: { id: "viewQuery.viewReply", message: "View response sent to you via email" },
  replyInConversation: {
    id: "viewQuery.replyInConversation",
    message:
      "Our reply was sent to you by email with another query of this conversation: open that query below to read it.",
  },
  closed: { id: "viewQuery.closed", message: "This query is closed." },
  noReplyYet: { id: "viewQuery.noReplyYet", message: "No reply has been sent to you by email yet." },
  updateQuery: { id: "viewQuery.updateQuery", message: "Update Query" },
  detailsTitle: { id: "viewQuery.detailsTitle", message: "View your query" },
  referenceNumber: {
    id: "viewQuery.referenceNumber",
    message: "Reference number: <0>{referenceNumber}</0>",
    comment: "<0>…</0> shows the number in bold",
  },
  updateOf: {
    id: "viewQuery.updateOf",
    message: "An update to query {parentReferenceNumber}; the whole conversation is below.",
  },
  tableCaption: {
    id: "viewQuery.tableCaption",
    message: "Query {referenceNumber}",
    comment: "The table's name for screen readers",
  },
  category: { id: "viewQuery.category", message: "Category" },
  queryDetails: { id: "viewQuery.queryDetails", message: "Query details" },
  date: { id: "viewQuery.date", message: "Date" },
  noAttachments: { id: "viewQuery.noAttachments", message: "No attachments." },
  viewAttachments: { id: "viewQuery.viewAttachments", message: "View attachments" },
  replyTitle: { id: "viewQuery.replyTitle", message: "Response sent via email" },
  replyFrameTitle: {
    id: "viewQuery.replyFrameTitle",
    message: "The response sent to you via email",
    comment: "The name, for screen readers, of the frame that shows the e-mailed reply",
  },
  close: { id: "viewQuery.close", message: "Close" },
  replyFilesTitle: { id: "viewQuery.replyFilesTitle", message: "Files sent with this reply" },
  threadTitle: { id: "viewQuery.threadTitle", message: "The whole conversation" },
  threadQuery: {
    id: "viewQuery.threadQuery",
    message: "Your query <0>{referenceNumber}</0>",
    comment: "<0>…</0> is the number, a link to that query unless it is the one shown",
  },
  threadUpdate: {
    id: "viewQuery.threadUpdate",
    message: "Your update <0>{referenceNumber}</0> to query <1>{parentReferenceNumber}</1>",
    comment: "<0>…</0> and <1>…</1> are the numbers, each a link to that query unless it is the one shown",
  },
  threadReply: {
    id: "viewQuery.threadReply",
    message: "Our reply by email about query <0>{referenceNumber}</0>",
    comment: "<0>…</0> is the number, a link to that query unless it is the one shown",
  },
  shownAbove: {
    id: "viewQuery.shownAbove",
    message: "(shown above)",
    comment: "After the conversation's step that this page shows",
  },
  unavailableOtherChannel: {
    id: "viewQuery.unavailableOtherChannel",
    message: "This query was logged through another channel, so you can't view or update it here.",
  },
  unavailableMedxpress: {
    id: "viewQuery.unavailableMedxpress",
    message: "Queries logged through MedXpress can't be updated here.",
  },
  unavailableClosedOrOld: {
    id: "viewQuery.unavailableClosedOrOld",
    message: "This query can't be updated any more: it is closed, or it was logged too long ago.",
  },
  updateInstead: {
    id: "viewQuery.updateInstead",
    message: "To tell us more, please log a new query and quote reference number {referenceNumber}.",
  },
  logNewQuery: { id: "viewQuery.logNewQuery", message: "Log a new query" },
});
