import { DATA_RIGHTS_LIMITS } from "@portal/domain";

// The sentences of the "My data" page. The server's own words are shown only for the two refusals
// whose sentences are written for members (a download already being prepared; the daily limit).

const tryAgain = "Please try again later.";

export const MY_DATA_MESSAGES = {
  historyLoad: `We could not load who has seen your information. ${tryAgain}`,
  historyMore: "We could not load more of your access history. Please try again.",
  noHistory: "No one has seen or changed your information yet.",
  exportLoad: `We could not check on your data download. ${tryAgain}`,
  exportRequest: `We could not ask for your data download. ${tryAgain}`,
  exportConflict: "Your data download is already being prepared.",
  exportRateLimited: `You can ask for one data download a day. ${tryAgain}`,
  exportQueued: "Your data download is waiting to be prepared.",
  exportRunning: "Your data download is being prepared.",
  exportReady: "Your data download is ready.",
  exportFailed: "We could not prepare your data download. Please try again.",
  exportExpired: `Your last data download was offered for ${DATA_RIGHTS_LIMITS.exportAvailableDays} days and has been removed. You can prepare another.`,
  preparingReason: "You can ask for another once this one is ready.",
  passwordHint: "For your safety, enter your password again: the download holds all your information.",
  passwordMissing: "Enter your password to prepare your download.",
  passwordIncorrect: "The password you entered is not correct.",
} as const;

/** Why "Prepare my download" cannot be pressed until the daily limit allows another. */
export function notBeforeReason(when: string): string {
  return `You can ask for one data download a day: the next from ${when}.`;
}
