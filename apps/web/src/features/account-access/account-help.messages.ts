import { defineMessages } from "../../i18n/define-messages";

/** The links under the login form to a first log-in and to a new password. */
export const accountHelpMessages = defineMessages({
  noLogInYet: {
    id: "accountHelp.noLogInYet",
    message: "No log-in yet?",
    comment: "Followed by the link Register",
  },
  register: { id: "accountHelp.register", message: "Register" },
  forgotPassword: { id: "accountHelp.forgotPassword", message: "Forgot your password?" },
});
