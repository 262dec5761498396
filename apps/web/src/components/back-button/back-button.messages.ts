import { defineMessages } from "../../i18n/define-messages";

/** The Back button of the member pages (requirements §2). */
export const backButtonMessages = defineMessages({
  back: { id: "backButton.back", message: "Back" },
});
