import { defineMessages } from "../../i18n/define-messages";

/** The contact-us screen's own texts (requirements §2): its title, heading and the new-query card. */
export const contactUsMessages = defineMessages({
  pageTitle: { id: "contactUs.pageTitle", message: "Contact us", comment: "The browser tab's title" },
  heading: { id: "contactUs.heading", message: "How can we help?" },
  skipToLogNewQuery: {
    id: "contactUs.skipToLogNewQuery",
    message: "Skip to Log a new query",
    comment: "A link for keyboard users, past the open queries to the new-query card",
  },
  logNewQuery: { id: "contactUs.logNewQuery", message: "Log a new query" },
  replyPromise: { id: "contactUs.replyPromise", message: "We reply to new queries within 1 to 2 days." },
  quickAnswer: {
    id: "contactUs.quickAnswer",
    message: "Looking for a quick answer?",
    comment: "Followed by the button Chat to our virtual assistant",
  },
  chatToAssistant: { id: "contactUs.chatToAssistant", message: "Chat to our virtual assistant" },
  assistantTitle: {
    id: "contactUs.assistantTitle",
    message: "Virtual assistant",
    comment: "The chat dialog's title",
  },
});
