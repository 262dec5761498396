import { defineMessages } from "../../i18n/define-messages";

/** The page frame's texts: the skip link, the header's member menu and the footer's headings. */
export const layoutMessages = defineMessages({
  skipToMain: { id: "layout.skipToMain", message: "Skip to main content" },
  memberMenu: {
    id: "layout.memberMenu",
    message: "Member menu",
    comment: "The header's navigation, for screen readers",
  },
  contactUs: { id: "layout.menu.contactUs", message: "Contact us" },
  myMembership: { id: "layout.menu.myMembership", message: "My membership" },
  interactionTimeline: { id: "layout.menu.interactionTimeline", message: "Interaction timeline" },
  myData: { id: "layout.menu.myData", message: "My data" },
  logOut: { id: "layout.menu.logOut", message: "Log out" },
  footerContact: {
    id: "layout.footer.contact",
    message: "Contact {schemeName}",
    comment: "Heading above the scheme's phone numbers; schemeName is the scheme's name",
  },
  footerYourInformation: { id: "layout.footer.yourInformation", message: "Your information" },
  leavesPortal: {
    id: "layout.footer.leavesPortal",
    message: "(opens the scheme's website)",
    comment: "Said after a link that opens in a new tab",
  },
  language: { id: "layout.language", message: "Language", comment: "Label of the language control" },
  sessionCheckFailed: {
    id: "layout.sessionCheckFailed",
    message: "We are unable to check your login at this time. Please try again later.",
  },
  tryAgain: { id: "layout.tryAgain", message: "Try again" },
});
