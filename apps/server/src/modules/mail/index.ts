// Mail: what each mail says, the outbox it waits in, the worker and transport that send it, and
// the cleaning of HTML that members and staff write.
export {
  activationLinkMail,
  alreadyRegisteredMail,
  contactDetailsChangedMail,
  maskedEmail,
  passwordChangedMail,
  passwordResetLinkMail,
  resetToNewAddressMail,
  secondFactorEnrolledMail,
} from "./account-mail-content.js";
export { cleanHtml } from "./html-cleaning-pool.js";
export {
  compose,
  documentSubmissionLink,
  documentsReceivedMail,
  type MailBrand,
  memberQueryLink,
  paragraph,
  queryLoggedMail,
  replySentMail,
  strong,
  updateLoggedMail,
} from "./mail-content.js";
export { createMailTransport, type MailTransport } from "./mail-transport.js";
export { createMailWorker } from "./mail-worker.js";
export { enqueueMail, listFailedMails, type OutgoingMail, resendMail } from "./outbox.js";
export { type ParkedMail, resendParkedMail } from "./parked-mails.js";
export type { PreparedReply } from "./reply-cleaning.js";
export { prepareReply } from "./reply-html.js";
export { conversationOfToken, replyAddress, replyToken, tokenInAddress } from "./reply-token.js";
export { countQueryMails, purgeSentMails, removeMemberMails, removeQueryMails } from "./retention.js";
export { sealLink } from "./sealed-links.js";
export { officerRoleGrantedMail } from "./staff-mail-content.js";
