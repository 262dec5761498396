// Every table that holds a member's data and what an erasure does with it (erasure.ts and
// remove-content.ts carry the steps out). erasure-registry.test.ts reads the tables from the
// migrated schema and fails when one is missing here: a new table with a member's data is not
// done until its step is written down, and written in erasure.ts when it removes anything.

export type ErasureStep =
  /** Its rows (and their files) go, in the erasure's transaction; `by` names the step. */
  | { kind: "REMOVED"; by: string }
  /** Its rows stay as tombstones: the member's words, addresses and files cleared. */
  | { kind: "TOMBSTONED"; by: string }
  /** Kept on purpose; the erasure report says so to the officer (keptAfterErasure). */
  | { kind: "KEPT"; reason: string }
  /** Short-lived: gone by its own sweep within hours, holding no content of the member's. */
  | { kind: "EXPIRES"; reason: string }
  /** A member of staff's own data, not a member's. */
  | { kind: "STAFF"; reason: string };

const REGISTER = "From the scheme's membership register, which the portal shows and does not own.";
const LOGIN = "The member's log-in, kept for them to use the portal; closing the account is a separate step.";

export const ERASURE_STEPS: Record<string, ErasureStep> = {
  queries: { kind: "TOMBSTONED", by: "removeQueryContent (text, addresses, purge reason)" },
  conversations: { kind: "TOMBSTONED", by: "removeQueryContent → emptyConversations" },
  thread_entries: {
    kind: "TOMBSTONED",
    by: "removeConversationContent: replies and notes removed; messages' places, documents received and events kept",
  },
  attachments: {
    kind: "REMOVED",
    by: "removeConversationContent, removeSubmissionContent; files after commit",
  },
  reply_drafts: { kind: "REMOVED", by: "removeQueryContent" },
  outbox_mails: {
    kind: "REMOVED",
    by: "removeQueryContent (the conversation's) and eraseIn (the account's, but for pending ones)",
  },
  document_submissions: { kind: "TOMBSTONED", by: "removeSubmissionContent" },
  data_exports: {
    kind: "REMOVED",
    by: "eraseIn: every archive EXPIRED (one being prepared cancelled), files after commit",
  },
  inbound_mails: {
    kind: "REMOVED",
    by: "eraseIn: attributed, in the member's conversations or from their addresses; raw files after commit",
  },
  members: { kind: "KEPT", reason: REGISTER },
  member_emails: { kind: "KEPT", reason: REGISTER },
  member_phones: { kind: "KEPT", reason: REGISTER },
  member_addresses: { kind: "KEPT", reason: REGISTER },
  member_profiles: { kind: "KEPT", reason: REGISTER },
  emergency_contacts: { kind: "KEPT", reason: REGISTER },
  policies: { kind: "KEPT", reason: REGISTER },
  policy_dependents: { kind: "KEPT", reason: REGISTER },
  waiting_periods: { kind: "KEPT", reason: REGISTER },
  doctor_allocations: { kind: "KEPT", reason: REGISTER },
  profile_pictures: { kind: "KEPT", reason: REGISTER },
  membership_card_orders: { kind: "KEPT", reason: REGISTER },
  member_roles: { kind: "KEPT", reason: LOGIN },
  sessions: { kind: "KEPT", reason: LOGIN },
  account_tokens: { kind: "EXPIRES", reason: "A link's hash only; used or expired it proves nothing." },
  contact_changes: {
    kind: "EXPIRES",
    reason: "Removed by the hourly sweep; the audit trail keeps the change.",
  },
  idempotency_keys: { kind: "EXPIRES", reason: "A request's key and fingerprint, swept by age." },
  audit_events: {
    kind: "KEPT",
    reason: "Who did what when, no content: the scheme's proof of lawful processing (RETENTION_AUDIT_DAYS).",
  },
  data_requests: { kind: "KEPT", reason: "The record of the member's request and how it was answered." },
  legal_holds: { kind: "KEPT", reason: "The hold that stops the erasure itself." },
  canned_replies: { kind: "STAFF", reason: "Staff's templates: their author is staff." },
  staff_identities: { kind: "STAFF", reason: "A staff member's sign-in." },
  staff_second_factors: { kind: "STAFF", reason: "A staff member's second factor." },
  staff_recovery_codes: { kind: "STAFF", reason: "A staff member's recovery codes." },
  pending_sign_ins: { kind: "STAFF", reason: "A staff log-in owing its second factor." },
};
