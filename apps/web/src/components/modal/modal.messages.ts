import { defineMessages } from "../../i18n/define-messages";

/** The dialog's own words. */
export const modalMessages = defineMessages({
  close: { id: "modal.close", message: "Close", comment: "The dialog's close button, for screen readers" },
});
