import { defineMessages } from "../../i18n/define-messages";

/**
 * The "My data" page: the access history's section and the download of all the member's data.
 * The server's own words are shown only for the two refusals whose sentences are written for
 * members (a download already being prepared; the daily limit).
 */
export const myDataMessages = defineMessages({
  title: { id: "myData.title", message: "My data" },
  historyTitle: { id: "myData.historyTitle", message: "Who has seen my information" },
  historyIntro: {
    id: "myData.historyIntro",
    message:
      "Every time a member of the scheme's staff reads your information, it is recorded, and so is every change made to it, by them or by you. Staff are named here by their role, never by name.",
  },
  historyLoading: { id: "myData.historyLoading", message: "Loading who has seen your information..." },
  historyLoad: {
    id: "myData.historyLoad",
    message: "We could not load who has seen your information. Please try again later.",
  },
  historyMore: {
    id: "myData.historyMore",
    message: "We could not load more of your access history. Please try again.",
  },
  noHistory: { id: "myData.noHistory", message: "No one has seen or changed your information yet." },
  loadMore: { id: "myData.loadMore", message: "Load more" },
  historyLoadingMore: {
    id: "myData.historyLoadingMore",
    message: "Loading more of your access history...",
    comment: "For screen readers, while the next page loads",
  },
  exportTitle: { id: "myData.exportTitle", message: "Download all my data" },
  exportIntro: {
    id: "myData.exportIntro",
    message: "You can download all the information the portal holds about you, in one zip file. It holds:",
  },
  exportHoldsPage: {
    id: "myData.exportHoldsPage",
    message: "a page you can open in any web browser, index.html, that shows it all;",
    comment: "A list item after “It holds:”; index.html is a file name",
  },
  exportHoldsJson: {
    id: "myData.exportHoldsJson",
    message:
      "a JSON file for each kind of record (your membership details and plan, your queries, your documents, the mails sent to you, your requests about your data and your access history), for use in other programs;",
    comment: "A list item after “It holds:”",
  },
  exportHoldsFiles: {
    id: "myData.exportHoldsFiles",
    message:
      "the attachments you sent with your queries, your documents, the replies you received and the files sent with them.",
    comment: "The last list item after “It holds:”",
  },
  exportBackground: {
    id: "myData.exportBackground",
    message:
      "The file is prepared in the background, so you need not stay on this page: we send you an email when it is ready. It is then offered here for {days, plural, one {# day} other {# days}}. You can ask for one download a day.",
  },
  exportChecking: { id: "myData.exportChecking", message: "Checking on your data download..." },
  exportLoad: {
    id: "myData.exportLoad",
    message: "We could not check on your data download. Please try again later.",
  },
  exportRequest: {
    id: "myData.exportRequest",
    message: "We could not ask for your data download. Please try again later.",
  },
  exportConflict: { id: "myData.exportConflict", message: "Your data download is already being prepared." },
  exportRateLimited: {
    id: "myData.exportRateLimited",
    message: "You can ask for one data download a day. Please try again later.",
  },
  exportQueued: { id: "myData.exportQueued", message: "Your data download is waiting to be prepared." },
  exportRunning: { id: "myData.exportRunning", message: "Your data download is being prepared." },
  exportReady: { id: "myData.exportReady", message: "Your data download is ready." },
  exportFailed: {
    id: "myData.exportFailed",
    message: "We could not prepare your data download. Please try again.",
  },
  exportExpired: {
    id: "myData.exportExpired",
    message:
      "Your last data download was offered for {days, plural, one {# day} other {# days}} and has been removed. You can prepare another.",
  },
  progressName: {
    id: "myData.progressName",
    message: "Progress of your data download",
    comment: "The progress bar's name for screen readers",
  },
  progressWords: {
    id: "myData.progressWords",
    message: "{done} of {total} records and files written",
    comment: "Read by screen readers as the progress bar's value",
  },
  progressShort: {
    id: "myData.progressShort",
    message: "{done} of {total}",
    comment: "Beside the progress bar",
  },
  progressWaiting: { id: "myData.progressWaiting", message: "Waiting to start" },
  download: { id: "myData.download", message: "Download my data (zip)" },
  downloadWithSize: {
    id: "myData.downloadWithSize",
    message: "Download my data (zip, {size})",
    comment: "size is the file's size, as 1.5 KB",
  },
  availableUntil: {
    id: "myData.availableUntil",
    message: "Available until {dateTime}.",
    comment: "dateTime is yyyy-MM-dd HH:mm",
  },
  prepare: { id: "myData.prepare", message: "Prepare my download" },
  preparingReason: {
    id: "myData.preparingReason",
    message: "You can ask for another once this one is ready.",
  },
  notBefore: {
    id: "myData.notBefore",
    message: "You can ask for one data download a day: the next from {dateTime}.",
    comment: "dateTime is yyyy-MM-dd HH:mm",
  },
  asking: {
    id: "myData.asking",
    message: "Asking for your download...",
    comment: "For screen readers, while the request is sent",
  },
  password: { id: "myData.password", message: "Your password" },
  passwordHint: {
    id: "myData.passwordHint",
    message: "For your safety, enter your password again: the download holds all your information.",
  },
  passwordMissing: { id: "myData.passwordMissing", message: "Enter your password to prepare your download." },
  passwordIncorrect: { id: "myData.passwordIncorrect", message: "The password you entered is not correct." },
});
