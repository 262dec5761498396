import type { MessageDescriptor } from "@lingui/core";
import type { AccessActor, AccessEvent, AccessSubject } from "@portal/domain";
import type { translate } from "../../../i18n/translate";
import { accessHistoryMessages as messages } from "../access-history.messages";

// The access history in the member's words and language. The English is the domain's
// (access-history-words.ts), which the archive's index.html uses too.

const ACTOR_MESSAGES: Readonly<Record<AccessActor, MessageDescriptor>> = {
  YOU: messages.actorYou,
  STAFF_AGENT: messages.actorAgent,
  STAFF_SUPERVISOR: messages.actorSupervisor,
  STAFF_INFORMATION_OFFICER: messages.actorInformationOfficer,
  STAFF: messages.actorStaff,
  OPERATOR: messages.actorOperator,
  POLICY_MEMBER: messages.actorPolicyMember,
};

/** Each subject's words, and those of one query or submission with its reference number. */
const SUBJECT_MESSAGES: Readonly<
  Record<AccessSubject, { alone: MessageDescriptor; numbered?: MessageDescriptor }>
> = {
  QUERY: { alone: messages.subjectQuery, numbered: messages.subjectQueryNumbered },
  QUERY_ATTACHMENT: {
    alone: messages.subjectQueryAttachment,
    numbered: messages.subjectQueryAttachmentNumbered,
  },
  QUERY_LIST: { alone: messages.subjectQueryList },
  MEMBERSHIP_DETAILS: { alone: messages.subjectMembershipDetails },
  DOCUMENTS: { alone: messages.subjectDocuments, numbered: messages.subjectDocumentsNumbered },
  MAIL: { alone: messages.subjectMail },
  MEMBER_SEARCH: { alone: messages.subjectMemberSearch },
  LOG_IN: { alone: messages.subjectLogIn },
  PASSWORD: { alone: messages.subjectPassword },
  EMAIL_ADDRESS: { alone: messages.subjectEmailAddress },
  PHONE_NUMBER: { alone: messages.subjectPhoneNumber },
  ACCOUNT: { alone: messages.subjectAccount },
  DATA_EXPORT: { alone: messages.subjectDataExport },
  DATA_REQUEST: { alone: messages.subjectDataRequest },
  LEGAL_HOLD: { alone: messages.subjectLegalHold },
  AUDIT_TRAIL: { alone: messages.subjectAuditTrail },
  OTHER: { alone: messages.subjectOther },
};

/** Who acted. A role added to the contract later than this page still reads as staff, not blank. */
export function actorText(who: AccessActor, t: typeof translate): string {
  return t(ACTOR_MESSAGES[who] ?? messages.actorStaff);
}

/** What was read or changed; a subject this page does not know yet is "Other information". */
export function subjectText(
  event: Pick<AccessEvent, "what" | "referenceNumber">,
  t: typeof translate,
): string {
  const subject = SUBJECT_MESSAGES[event.what] ?? SUBJECT_MESSAGES.OTHER;
  const { referenceNumber } = event;
  return subject.numbered && referenceNumber !== null
    ? t(subject.numbered, { referenceNumber })
    : t(subject.alone);
}

/** Read or changed, and how often that day when more than once (the time shown is the last). */
export function actionText(event: Pick<AccessEvent, "action" | "times">, t: typeof translate): string {
  const read = event.action === "READ";
  if (event.times <= 1) return t(read ? messages.read : messages.changed);
  return t(read ? messages.readTimes : messages.changedTimes, { times: event.times });
}
