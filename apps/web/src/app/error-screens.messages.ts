import { defineMessages } from "../i18n/define-messages";

/** The screens shown when the portal cannot start or a page cannot be shown. */
export const errorScreensMessages = defineMessages({
  bootFailed: {
    id: "errorScreens.bootFailed",
    message: "The portal could not start. Please check your connection and try again.",
  },
  tryAgain: { id: "errorScreens.tryAgain", message: "Try again" },
  routeTitle: {
    id: "errorScreens.routeTitle",
    message: "Something went wrong",
    comment: "The browser tab's title",
  },
  routeFailed: {
    id: "errorScreens.routeFailed",
    message: "Something went wrong while showing this page. Please reload the page and try again.",
  },
  reload: { id: "errorScreens.reload", message: "Reload" },
});
