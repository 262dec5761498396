import { defineMessages } from "../../i18n/define-messages";

/** The query-details field of the log-query and update forms: its label, count and length limit. */
export const queryDetailsMessages = defineMessages({
  label: { id: "queryDetails.label", message: "Query details" },
  count: {
    id: "queryDetails.count",
    message: "{length} / {max} characters",
    comment: "Under the field: characters typed so far, and the most allowed",
  },
  tooLong: {
    id: "queryDetails.tooLong",
    message:
      "At most {max} characters are allowed: please remove {excess, plural, =1 {1 character} other {{excess} characters}}.",
    comment: "Shown when the details are too long; excess is how many characters are over",
  },
});
