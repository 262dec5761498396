import { defineMessages } from "../../i18n/define-messages";

/** The interaction timeline: its title, note and states, and each query's or submission's card. */
export const interactionTimelineMessages = defineMessages({
  title: { id: "interactionTimeline.title", message: "Interaction timeline" },
  note: {
    id: "interactionTimeline.note",
    message:
      "Please note that a new query only appears on your interaction timeline 24 hours after it was logged.",
  },
  loading: { id: "interactionTimeline.loading", message: "Loading your interaction timeline..." },
  loadFailed: {
    id: "interactionTimeline.loadFailed",
    message: "We are unable to fetch your queries at this time. Please try again later.",
  },
  empty: {
    id: "interactionTimeline.empty",
    message: "There are no queries or document submissions on your interaction timeline yet.",
  },
  listName: {
    id: "interactionTimeline.listName",
    message: "Your queries and document submissions, newest first",
    comment: "The list's name for screen readers",
  },
  loadMore: { id: "interactionTimeline.loadMore", message: "Load more" },
  loadingMore: {
    id: "interactionTimeline.loadingMore",
    message: "Loading more...",
    comment: "For screen readers, while the next page loads",
  },
  queryTitle: { id: "interactionTimeline.queryTitle", message: "Query {referenceNumber}" },
  documentTitle: {
    id: "interactionTimeline.documentTitle",
    message: "Document submission {referenceNumber}",
  },
  category: { id: "interactionTimeline.category", message: "Category" },
  date: { id: "interactionTimeline.date", message: "Date" },
  loggedVia: { id: "interactionTimeline.loggedVia", message: "Logged via" },
  status: { id: "interactionTimeline.status", message: "Status" },
  documents: { id: "interactionTimeline.documents", message: "Documents" },
  documentCount: {
    id: "interactionTimeline.documentCount",
    message: "{count, plural, one {# document} other {# documents}}",
  },
  originMemberWeb: { id: "interactionTimeline.originMemberWeb", message: "Member website" },
  originMedxpress: { id: "interactionTimeline.originMedxpress", message: "MedXpress" },
  loggedElsewhere: { id: "interactionTimeline.loggedElsewhere", message: "Phone or another channel" },
  statusOpen: { id: "interactionTimeline.statusOpen", message: "Open", comment: "A query's status" },
  statusClosed: { id: "interactionTimeline.statusClosed", message: "Closed", comment: "A query's status" },
  eventsName: {
    id: "interactionTimeline.eventsName",
    message: "Updates and replies of query {referenceNumber}",
    comment: "The list's name for screen readers",
  },
  updateLogged: {
    id: "interactionTimeline.updateLogged",
    message: "Update {referenceNumber} logged on {date}",
    comment: "date is yyyy-MM-dd",
  },
  replySent: {
    id: "interactionTimeline.replySent",
    message: "Reply sent on {date}",
    comment: "date is yyyy-MM-dd",
  },
  removedOnRequest: {
    id: "interactionTimeline.removedOnRequest",
    message: "Its content was removed at your request on {date}.",
    comment: "date is yyyy-MM-dd",
  },
  removedByRetention: {
    id: "interactionTimeline.removedByRetention",
    message: "Its content was removed under the retention policy on {date}.",
    comment: "date is yyyy-MM-dd",
  },
  queryLoggedElsewhere: {
    id: "interactionTimeline.queryLoggedElsewhere",
    message: "This query was logged elsewhere and can't be opened here.",
  },
  viewQuery: { id: "interactionTimeline.viewQuery", message: "View query {referenceNumber}" },
  viewDocumentSubmission: {
    id: "interactionTimeline.viewDocumentSubmission",
    message: "View document submission {referenceNumber}",
  },
});
