// This feature's own sentences; the server's answers are in ACCOUNT_MESSAGES (@portal/domain).

/** What could not be done, for failures with no sentence of their own (a server error, no network). */
export const FAILURE_MESSAGES = {
  sendLink: "We could not send you a link at this time. Please try again later.",
  activate: "We could not create your log-in at this time. Please try again later.",
  resetPassword: "We could not change your password at this time. Please try again later.",
} as const;

export const DATE_OF_BIRTH_MISSING = "Please enter your date of birth.";
export const CONFIRM_PASSWORD_MISSING = "Please type the password again.";
export const PASSWORDS_DIFFER = "The two passwords are not the same.";
