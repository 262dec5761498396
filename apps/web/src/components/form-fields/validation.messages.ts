import { defineMessages } from "../../i18n/define-messages";

/** The forms' validation messages (requirements §5; My membership's contact details), as the domain's schemas give them in English. */
export const validationMessages = defineMessages({
  category: { id: "validation.category", message: "Please select a category" },
  email: { id: "validation.email", message: "Please enter a valid email address" },
  queryDetail: { id: "validation.queryDetail", message: "Please enter your query detail" },
  updateDetail: { id: "validation.updateDetail", message: "Please enter any additional information" },
  phoneNumber: { id: "validation.phoneNumber", message: "Please enter a valid phone number." },
  emailNeeded: { id: "validation.emailNeeded", message: "Please enter at least one email address." },
  emailRepeated: { id: "validation.emailRepeated", message: "Each email address may be given only once." },
  contactPasswordNeeded: {
    id: "validation.contactPasswordNeeded",
    message: "Enter your current password to change your email addresses or phone numbers.",
  },
});
