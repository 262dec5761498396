import { defineMessages } from "../../i18n/define-messages";

/** The log-a-query form's outcome (requirements §2, §5, §8): the success message and what follows it, or the failure. */
export const logQueryMessages = defineMessages({
  replyPromise: {
    id: "logQuery.replyPromise",
    message: "Thank you for your query. We will respond within one to two business days.",
  },
  referenceNumber: {
    id: "logQuery.referenceNumber",
    message: "Your reference number is <0>{referenceNumber}</0>.",
    comment: "<0>…</0> shows the number in bold",
  },
  followOnTimeline: {
    id: "logQuery.followOnTimeline",
    message: "You can follow your queries on your <0>interaction timeline</0>.",
    comment: "<0>…</0> is the link to the interaction timeline",
  },
  timelineNote: {
    id: "logQuery.timelineNote",
    message:
      "Please note that a new query only appears on your interaction timeline 24 hours after it was logged.",
  },
  logAnother: { id: "logQuery.logAnother", message: "Log another query" },
  submitFailed: {
    id: "logQuery.submitFailed",
    message: "Something went wrong while sending your query. Please try again later.",
  },
});
