import { defineMessages } from "../../i18n/define-messages";

/** "Your open queries" (requirements §2, §4, §8): its title, columns, links and notes. */
export const openQueriesMessages = defineMessages({
  title: { id: "openQueries.title", message: "Your open queries" },
  loading: { id: "openQueries.loading", message: "Loading your open queries..." },
  loadFailed: {
    id: "openQueries.loadFailed",
    message: "We are unable to fetch your queries at this time. Please try again later.",
  },
  toTimeline: {
    id: "openQueries.toTimeline",
    message: "All your queries, closed and older ones too, are on your interaction timeline",
  },
  category: { id: "openQueries.category", message: "Category" },
  queryDetails: { id: "openQueries.queryDetails", message: "Query details" },
  date: { id: "openQueries.date", message: "Date" },
  update: { id: "openQueries.update", message: "Update" },
  reference: { id: "openQueries.reference", message: "Reference" },
  referenceNumber: { id: "openQueries.referenceNumber", message: "Reference {referenceNumber}" },
  updateQuery: {
    id: "openQueries.updateQuery",
    message: "Update query {referenceNumber}",
    comment: "The pencil link's name for screen readers",
  },
  updateTo: {
    id: "openQueries.updateTo",
    message: "Update to <0>query {parentReferenceNumber}</0>",
    comment: "<0>…</0> is the link to the query this update belongs to",
  },
  loggedElsewhere: {
    id: "openQueries.loggedElsewhere",
    message: "Logged by phone or another channel, so it can't be opened here.",
  },
  loggedElsewhereCall: {
    id: "openQueries.loggedElsewhereCall",
    message: "To follow it up, call {lineLabel} on <0>{number}</0>.",
    comment: "lineLabel is the name of the scheme's phone line; <0>…</0> is the number as a link",
  },
});
