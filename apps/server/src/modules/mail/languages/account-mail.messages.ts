import { defineMessages } from "./define-messages.js";

// The mails about a member's log-in (registration, password, contact details), in the member's
// language: the same catalogues as the other member mails (apps/server/locales/*.po). <0>…</0> is
// the part shown in bold.
export const accountMailMessages = defineMessages({
  notYouLink: {
    id: "accountMail.notYouLink",
    message:
      "If you did not ask for this, you can ignore this email: nothing changes until the link is used.",
  },
  notYou: { id: "accountMail.notYou", message: "If you did not ask for this, you can ignore this email." },
  linkExpires: {
    id: "accountMail.linkExpires",
    message:
      "{minutes, plural, one {The link works once and expires in <0>1 minute</0>.} other {The link works once and expires in <0># minutes</0>.}}",
  },
  activationSubject: {
    id: "accountMail.activation.subject",
    message: "Finish registering for the member portal",
  },
  activationIntro: {
    id: "accountMail.activation.intro",
    message:
      "You asked to register for the member portal. To choose your username and password, open this link:",
    comment: "Followed by the link, on a line of its own",
  },
  alreadyRegisteredSubject: {
    id: "accountMail.alreadyRegistered.subject",
    message: "You already have a member portal log-in",
  },
  alreadyRegisteredBody: {
    id: "accountMail.alreadyRegistered.body",
    message:
      "You asked to register for the member portal, but you already have a log-in. If you have forgotten your password, choose <0>Forgot your password?</0> on the portal's log-in page.",
    comment: "Forgot your password? is the log-in page's link: write it as the portal's screens do",
  },
  resetSubject: { id: "accountMail.reset.subject", message: "Reset your member portal password" },
  resetIntro: {
    id: "accountMail.reset.intro",
    message: "You asked to reset your member portal password. To choose a new password, open this link:",
    comment: "Followed by the link, on a line of its own",
  },
  passwordChangedSubject: {
    id: "accountMail.passwordChanged.subject",
    message: "Your member portal password was changed",
  },
  passwordChangedBody: {
    id: "accountMail.passwordChanged.body",
    message:
      "The password of your member portal log-in has just been changed, and every device that was logged in has been logged out.",
  },
  passwordChangedCall: {
    id: "accountMail.passwordChanged.call",
    message:
      "If you did not do this, please call <0>{line} on {number}</0> ({hours}) at once: someone else may have access to your email.",
    comment: "line is the scheme's telephone line, such as Member Services",
  },
  contactChangedSubject: {
    id: "accountMail.contactChanged.subject",
    message:
      "{what, select, both {The email addresses and phone numbers of your member portal log-in were changed} emails {The email addresses of your member portal log-in were changed} other {The phone numbers of your member portal log-in were changed}}",
  },
  contactChangedBody: {
    id: "accountMail.contactChanged.body",
    message:
      "{what, select, both {The email addresses and phone numbers of your member portal log-in have just been changed, with your password.} emails {The email addresses of your member portal log-in have just been changed, with your password.} other {The phone numbers of your member portal log-in have just been changed, with your password.}}",
  },
  contactChangedWritesTo: {
    id: "accountMail.contactChanged.writesTo",
    message: "The portal now writes to: <0>{addresses}</0>.",
    comment: "addresses: the new email addresses, each partly hidden, such as t•••@example.com",
  },
  contactChangedCall: {
    id: "accountMail.contactChanged.call",
    message:
      "If you did not make this change, call <0>{line} on {number}</0> ({hours}) at once, and do not use any password-reset link you did not ask for.",
  },
  resetToNewSubject: {
    id: "accountMail.resetToNew.subject",
    message: "A password reset for your member portal log-in",
  },
  resetToNewBody: {
    id: "accountMail.resetToNew.body",
    message:
      "A link to reset the password of your member portal log-in was sent to <0>{address}</0>, an address added to your log-in in the last 24 hours.",
    comment: "address: the new email address, partly hidden, such as t•••@example.com",
  },
  resetToNewCall: {
    id: "accountMail.resetToNew.call",
    message: "If you did not ask for this, call <0>{line} on {number}</0> ({hours}) at once.",
  },
});
