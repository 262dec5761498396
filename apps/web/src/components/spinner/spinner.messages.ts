import { defineMessages } from "../../i18n/define-messages";

/** What screen readers hear while something loads, is sent or uploads. */
export const spinnerMessages = defineMessages({
  loading: { id: "spinner.loading", message: "Loading..." },
  sending: { id: "spinner.sending", message: "Sending..." },
  uploadProgress: {
    id: "spinner.uploadProgress",
    message: "Upload progress",
    comment: "An upload progress bar's name when no other is given",
  },
});
