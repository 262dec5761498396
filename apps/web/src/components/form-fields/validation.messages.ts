import { defineMessages } from "../../i18n/define-messages";

/** The forms' validation messages (requirements §5), as the domain's schemas give them in English. */
export const validationMessages = defineMessages({
  category: { id: "validation.category", message: "Please select a category" },
  email: { id: "validation.email", message: "Please enter a valid email address" },
  queryDetail: { id: "validation.queryDetail", message: "Please enter your query detail" },
  updateDetail: { id: "validation.updateDetail", message: "Please enter any additional information" },
});
