import { defineMessages } from "../../i18n/define-messages";

/** The form that changes the member's e-mail addresses and phone numbers, the password asked again. */
export const contactDetailsMessages = defineMessages({
  title: { id: "contactDetails.title", message: "Change your email addresses and phone numbers" },
  emails: { id: "contactDetails.emails", message: "Email addresses" },
  emailLabel: { id: "contactDetails.emailLabel", message: "Email address {number}" },
  removeEmail: {
    id: "contactDetails.removeEmail",
    message: "Remove <0>email address {number}</0>",
    comment: "A button; <0>…</0> is said only to screen readers",
  },
  addEmail: { id: "contactDetails.addEmail", message: "Add an email address" },
  emailsAtMost: {
    id: "contactDetails.emailsAtMost",
    message:
      "{max, plural, one {You can give at most # email address.} other {You can give at most # email addresses.}}",
  },
  phones: { id: "contactDetails.phones", message: "Phone numbers" },
  phoneKindLabel: { id: "contactDetails.phoneKindLabel", message: "Kind of phone number {number}" },
  phoneLabel: { id: "contactDetails.phoneLabel", message: "Phone number {number}" },
  removePhone: {
    id: "contactDetails.removePhone",
    message: "Remove <0>phone number {number}</0>",
    comment: "A button; <0>…</0> is said only to screen readers",
  },
  noPhones: { id: "contactDetails.noPhones", message: "No phone numbers." },
  addPhone: { id: "contactDetails.addPhone", message: "Add a phone number" },
  phonesAtMost: {
    id: "contactDetails.phonesAtMost",
    message:
      "{max, plural, one {You can give at most # phone number.} other {You can give at most # phone numbers.}}",
  },
  password: { id: "contactDetails.password", message: "Your password" },
  passwordHint: {
    id: "contactDetails.passwordHint",
    message:
      "Your email addresses are how you get back into the portal, so we ask for your password again. We tell the addresses you had before that they were changed.",
  },
  passwordIncorrect: {
    id: "contactDetails.passwordIncorrect",
    message: "The current password you entered is not correct.",
  },
  saving: { id: "contactDetails.saving", message: "Saving...", comment: "For screen readers, while saving" },
  save: { id: "contactDetails.save", message: "Save changes" },
  cancel: { id: "contactDetails.cancel", message: "Cancel" },
  saveFailed: {
    id: "contactDetails.saveFailed",
    message: "We could not save your email addresses and phone numbers. Please try again later.",
  },
  invalid: {
    id: "contactDetails.invalid",
    message: "We could not save these details. Please check them and try again.",
  },
  tooManyTries: {
    id: "contactDetails.tooManyTries",
    message: "Too many wrong passwords. Please try again later.",
  },
});
