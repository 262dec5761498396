import { defineMessages } from "../../i18n/define-messages";

/** Where a query's answer stands (requirements §10.7), under the query on every page that lists it. */
export const replyExpectedByMessages = defineMessages({
  repliedOn: {
    id: "replyExpectedBy.repliedOn",
    message: "Replied on {date}",
    comment: "date is yyyy-MM-dd",
  },
  expectedBy: {
    id: "replyExpectedBy.expectedBy",
    message: "Reply expected by {date}",
    comment: "date is yyyy-MM-dd",
  },
  late: {
    id: "replyExpectedBy.late",
    message: "Reply expected by {date}: our reply is late.",
    comment: "date is yyyy-MM-dd, a day that has passed",
  },
  lateCall: {
    id: "replyExpectedBy.lateCall",
    message:
      "Reply expected by {date}: our reply is late. Please call {lineLabel} on <0>{number}</0> and quote reference {referenceNumber}.",
    comment:
      "date is yyyy-MM-dd, a day that has passed; lineLabel is the name of the scheme's phone line; <0>…</0> is the number as a link",
  },
});
