import type { AccessActor, AccessEvent, AccessSubject } from "./contracts/data-rights.js";

// The access history in the member's words: the My data page and the archive's index.html say the
// same. Staff are named by their role, never by name: the history holds only the role.

export const ACCESS_ACTOR_LABELS: Readonly<Record<AccessActor, string>> = {
  YOU: "You",
  STAFF_AGENT: "An agent of the scheme",
  STAFF_SUPERVISOR: "A supervisor of the scheme",
  STAFF_INFORMATION_OFFICER: "The scheme's information officer",
  STAFF: "A member of the scheme's staff",
  OPERATOR: "The scheme's operator",
  POLICY_MEMBER: "A member on your policy",
};

export const ACCESS_ACTION_LABELS: Readonly<Record<AccessEvent["action"], string>> = {
  READ: "Read",
  UPDATE: "Changed",
};

/** Read or changed, and how often that day when more than once (the time shown is the last). */
export function accessActionText(event: Pick<AccessEvent, "action" | "times">): string {
  const action = ACCESS_ACTION_LABELS[event.action];
  return event.times > 1 ? `${action} ${event.times} times that day` : action;
}

/** The words of each subject; those about one query or submission take its reference number. */
const SUBJECT_LABELS: Readonly<Record<AccessSubject, (reference: number | null) => string>> = {
  QUERY: (reference) => (reference === null ? "A query" : `Query ${reference}`),
  QUERY_ATTACHMENT: (reference) =>
    reference === null ? "An attachment of a query" : `An attachment of query ${reference}`,
  QUERY_LIST: () => "Your list of queries",
  MEMBERSHIP_DETAILS: () => "Your membership details",
  DOCUMENTS: (reference) =>
    reference === null ? "Your documents" : `Your documents (reference ${reference})`,
  MAIL: () => "A mail to you",
  MEMBER_SEARCH: () => "A member search that found you",
  LOG_IN: () => "You logged in",
  PASSWORD: () => "Your password",
  EMAIL_ADDRESS: () => "Your email address",
  PHONE_NUMBER: () => "Your phone number",
  ACCOUNT: () => "Your account",
  DATA_EXPORT: () => "Your data download",
  DATA_REQUEST: () => "A data request",
  LEGAL_HOLD: () => "A legal hold on your data",
  AUDIT_TRAIL: () => "Your access history",
  OTHER: () => "Other information",
};

/** Who acted. A role added to the contract later than a page still reads as staff, not blank. */
export function accessActorText(who: AccessActor): string {
  return ACCESS_ACTOR_LABELS[who] ?? ACCESS_ACTOR_LABELS.STAFF;
}

/** What was read or changed; a subject a page does not know yet is "Other information". */
export function accessSubjectText(event: Pick<AccessEvent, "what" | "referenceNumber">): string {
  return (SUBJECT_LABELS[event.what] ?? SUBJECT_LABELS.OTHER)(event.referenceNumber);
}
