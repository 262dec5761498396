import { defineMessages } from "../../i18n/define-messages";

/**
 * The access history's table and its words: who acted (by role, never by name), what they read
 * or changed, and how often. The English is the domain's (access-history-words.ts), which the
 * archive's index.html uses too; labels.test.ts holds the two together.
 */
export const accessHistoryMessages = defineMessages({
  caption: { id: "accessHistory.caption", message: "Who has read or changed your information, newest first" },
  when: { id: "accessHistory.when", message: "When" },
  who: { id: "accessHistory.who", message: "Who" },
  what: { id: "accessHistory.what", message: "What" },
  readOrChanged: { id: "accessHistory.readOrChanged", message: "Read or changed" },
  read: { id: "accessHistory.read", message: "Read" },
  changed: { id: "accessHistory.changed", message: "Changed" },
  readTimes: {
    id: "accessHistory.readTimes",
    message: "{times, plural, one {Read # time that day} other {Read # times that day}}",
    comment: "Only said for more than one time",
  },
  changedTimes: {
    id: "accessHistory.changedTimes",
    message: "{times, plural, one {Changed # time that day} other {Changed # times that day}}",
    comment: "Only said for more than one time",
  },
  actorYou: { id: "accessHistory.actor.you", message: "You" },
  actorAgent: { id: "accessHistory.actor.agent", message: "An agent of the scheme" },
  actorSupervisor: { id: "accessHistory.actor.supervisor", message: "A supervisor of the scheme" },
  actorInformationOfficer: {
    id: "accessHistory.actor.informationOfficer",
    message: "The scheme's information officer",
  },
  actorStaff: { id: "accessHistory.actor.staff", message: "A member of the scheme's staff" },
  actorOperator: { id: "accessHistory.actor.operator", message: "The scheme's operator" },
  actorPolicyMember: { id: "accessHistory.actor.policyMember", message: "A member on your policy" },
  subjectQuery: { id: "accessHistory.subject.query", message: "A query" },
  subjectQueryNumbered: { id: "accessHistory.subject.queryNumbered", message: "Query {referenceNumber}" },
  subjectQueryAttachment: {
    id: "accessHistory.subject.queryAttachment",
    message: "An attachment of a query",
  },
  subjectQueryAttachmentNumbered: {
    id: "accessHistory.subject.queryAttachmentNumbered",
    message: "An attachment of query {referenceNumber}",
  },
  subjectQueryList: { id: "accessHistory.subject.queryList", message: "Your list of queries" },
  subjectMembershipDetails: {
    id: "accessHistory.subject.membershipDetails",
    message: "Your membership details",
  },
  subjectDocuments: { id: "accessHistory.subject.documents", message: "Your documents" },
  subjectDocumentsNumbered: {
    id: "accessHistory.subject.documentsNumbered",
    message: "Your documents (reference {referenceNumber})",
  },
  subjectMail: { id: "accessHistory.subject.mail", message: "A mail to you" },
  subjectMemberSearch: {
    id: "accessHistory.subject.memberSearch",
    message: "A member search that found you",
  },
  subjectLogIn: { id: "accessHistory.subject.logIn", message: "You logged in" },
  subjectPassword: { id: "accessHistory.subject.password", message: "Your password" },
  subjectEmailAddress: { id: "accessHistory.subject.emailAddress", message: "Your email address" },
  subjectPhoneNumber: { id: "accessHistory.subject.phoneNumber", message: "Your phone number" },
  subjectAccount: { id: "accessHistory.subject.account", message: "Your account" },
  subjectDataExport: { id: "accessHistory.subject.dataExport", message: "Your data download" },
  subjectDataRequest: { id: "accessHistory.subject.dataRequest", message: "A data request" },
  subjectLegalHold: { id: "accessHistory.subject.legalHold", message: "A legal hold on your data" },
  subjectAuditTrail: { id: "accessHistory.subject.auditTrail", message: "Your access history" },
  subjectOther: { id: "accessHistory.subject.other", message: "Other information" },
});
