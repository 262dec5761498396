import { defineMessages } from "../../i18n/define-messages";

/** The login screen's texts (requirements §2, §5). */
export const loginMessages = defineMessages({
  title: { id: "login.title", message: "Member login" },
  expired: {
    id: "login.expired",
    message: "You were logged out because you were inactive for a while. Please log in again.",
  },
  username: { id: "login.username", message: "Username" },
  password: { id: "login.password", message: "Password" },
  logIn: { id: "login.logIn", message: "Log in" },
  loggingIn: { id: "login.loggingIn", message: "Logging in..." },
  usernameRequired: { id: "login.usernameRequired", message: "Please enter your username" },
  passwordRequired: { id: "login.passwordRequired", message: "Please enter your password" },
  staffSignIn: { id: "login.staffSignIn", message: "Staff sign-in" },
});
