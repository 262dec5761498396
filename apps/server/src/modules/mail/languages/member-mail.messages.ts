import { defineMessages } from "./define-messages.js";

// What the scheme writes to a member, in the member's language: the catalogues are
// apps/server/locales/*.po (`npm run i18n:extract` writes them; docs/translating.md). <0>…</0> is
// the part the mail shows in bold (a reference number, a telephone line).
export const memberMailMessages = defineMessages({
  greeting: { id: "mail.greeting", message: "Dear {firstName},", comment: "The first line of a mail" },
  greetingNoName: {
    id: "mail.greetingNoName",
    message: "Dear member,",
    comment: "The first line of a mail to a member whose name is not known",
  },
  footer: {
    id: "mail.footer",
    message: "This is an automatic message from {schemeName}. Replies to this address are not read.",
    comment: "The last line of every mail",
  },
  contactLine: {
    id: "mail.contactLine",
    message: "{label}: {number} ({hours})",
    comment:
      "One of the scheme's telephone lines in a mail's footer, such as Member Services: 0860 100 200 (Mon–Fri 08:00–17:00); the label and hours are the scheme's own",
  },
  promise: {
    id: "mail.promise",
    message:
      "{businessDays, select, twoToThree {We aim to reply within two to three business days} other {We aim to reply within one to two business days}}.",
    comment: "When the member can expect a reply, without a date",
  },
  promiseBy: {
    id: "mail.promiseBy",
    message:
      "{businessDays, select, twoToThree {We aim to reply within two to three business days} other {We aim to reply within one to two business days}}, by {date}.",
    comment: "When the member can expect a reply, with the latest day (a date such as Thu 3 Dec 2026)",
  },
  followInPortal: {
    id: "mail.followInPortal",
    message: "You can follow your query in the member portal: ",
    comment: "Followed by the link to the query's page",
  },
  queryLoggedSubject: {
    id: "mail.queryLogged.subject",
    message: "We have received your query (reference {reference})",
  },
  queryLoggedThanks: {
    id: "mail.queryLogged.thanks",
    message:
      "Thank you for contacting us. Your query has been logged with reference number <0>{reference}</0>.",
  },
  queryLoggedQuote: {
    id: "mail.queryLogged.quote",
    message: "Please quote this reference number if you contact us about this query.",
  },
  queryLoggedUpdate: {
    id: "mail.queryLogged.update",
    message:
      "To add information or documents, log in to the member portal and update the query there, rather than replying to this email.",
  },
  queryLoggedMedxpress: {
    id: "mail.queryLogged.medxpress",
    message:
      "A MedXpress query cannot be updated. To add information or documents, log a new MedXpress query in the member portal and quote this reference number.",
  },
  queryCopyHeading: {
    id: "mail.queryCopy.query",
    message: "Your query ({category}):",
    comment: "Above the member's own words, quoted; the category as the portal names it",
  },
  updateCopyHeading: {
    id: "mail.queryCopy.update",
    message: "Your update ({category}):",
    comment: "Above the member's own words, quoted; the category as the portal names it",
  },
  updateLoggedSubject: {
    id: "mail.updateLogged.subject",
    message: "We have received your update (reference {reference})",
  },
  updateLoggedThanks: {
    id: "mail.updateLogged.thanks",
    message: "Thank you. Your update has been logged with a new reference number: <0>{reference}</0>.",
  },
  updateLoggedThanksToQuery: {
    id: "mail.updateLogged.thanksToQuery",
    message:
      "Thank you. Your update to query <0>{parent}</0> has been logged with a new reference number: <0>{reference}</0>.",
  },
  updateLoggedQuote: {
    id: "mail.updateLogged.quote",
    message: "Please quote the new reference number if you contact us about this update.",
  },
  documentsReceivedSubject: {
    id: "mail.documentsReceived.subject",
    message: "We have received your documents (reference {reference})",
  },
  documentsReceivedThanks: {
    id: "mail.documentsReceived.thanks",
    message:
      "{count, plural, one {We have received 1 document from you and recorded it with reference number <0>{reference}</0>.} other {We have received # documents from you and recorded them with reference number <0>{reference}</0>.}}",
  },
  documentsReceivedCategory: {
    id: "mail.documentsReceived.category",
    message: "Category: <0>{category}</0>",
  },
  documentsReceivedSeeThem: {
    id: "mail.documentsReceived.seeThem",
    message: "You can see the documents we received in the member portal: ",
    comment: "Followed by the link to the documents' page",
  },
  documentsReceivedOnTimeline: {
    id: "mail.documentsReceived.onTimeline",
    message: "You can see the documents we received in the member portal, on your interaction timeline.",
  },
  documentsReceivedQuote: {
    id: "mail.documentsReceived.quote",
    message: "Please quote this reference number if you contact us about these documents.",
  },
  replySubject: { id: "mail.reply.subject", message: "Our reply to your query (reference {reference})" },
  replyIntro: {
    id: "mail.reply.intro",
    message: "We have replied to your query with reference number <0>{reference}</0>:",
    comment: "Above the agent's reply, which is in the language the agent wrote it in",
  },
  replyReadIt: {
    id: "mail.reply.readIt",
    message: "You can also read this reply in the member portal: ",
    comment: "Followed by the link to the query's page",
  },
  replyUpdate: {
    id: "mail.reply.update",
    message:
      "If you need more help with this query, log in and update it there, rather than replying to this email.",
  },
  replyClosed: { id: "mail.reply.closed", message: "This query is now closed." },
  replyNewQuery: {
    id: "mail.reply.newQuery",
    message:
      "If you need more help, log a new query in the member portal and quote reference number <0>{reference}</0>.",
  },
  replyTooOld: {
    id: "mail.reply.tooOld",
    message:
      "This query can no longer be updated. If you need more help, log a new query in the member portal and quote reference number <0>{reference}</0>.",
  },
  replyMedxpress: {
    id: "mail.reply.medxpress",
    message:
      "A MedXpress query cannot be updated. If you need more help, log a new MedXpress query in the member portal and quote reference number <0>{reference}</0>.",
  },
  replyLegacy: {
    id: "mail.reply.legacy",
    message:
      "This query was not logged in the member portal, so it cannot be opened or updated there. If you need more help, call <0>{line} on {number}</0> ({hours}) and quote reference number <0>{reference}</0>.",
  },
});
