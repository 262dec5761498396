/** Stable, machine-readable codes carried in every error body; screens branch on these, never on text. */
export const EXCEPTION_CODES = {
  UNAUTHENTICATED: "AUTH_REQUIRED",
  LOGIN_FAILED: "LOGIN_FAILED",
  LOGIN_LOCKED: "LOGIN_LOCKED",
  /** A staff log-in's second factor: the code is wrong, used already, or the pending sign-in is gone. */
  SECOND_FACTOR_FAILED: "SECOND_FACTOR_FAILED",
  SECOND_FACTOR_EXPIRED: "SECOND_FACTOR_EXPIRED",
  /** An authenticator being set up for the log-in from another sign-in, which holds it for ten minutes (409). */
  SECOND_FACTOR_ENROLMENT_ELSEWHERE: "SECOND_FACTOR_ENROLMENT_ELSEWHERE",
  BAD_LOGIN_MESSAGE: "BAD_LOGIN_MESSAGE",
  XSRF: "XSRF_REJECTED",
  NOT_FOUND: "NOT_FOUND",
  VALIDATION: "VALIDATION_FAILED",
  ATTACHMENT_RULE: "ATTACHMENT_RULE",
  PROFILE_PICTURE_RULE: "PROFILE_PICTURE_RULE",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  /** A JSON body whose objects and arrays nest deeper than the server reads (400), refused before it is parsed. */
  JSON_TOO_DEEP: "JSON_TOO_DEEP",
  /** A reply's HTML nested too deeply, too large or too slow to clean (400; the message says which). */
  REPLY_TOO_COMPLEX: "REPLY_TOO_COMPLEX",
  // The outdated-query code (requirements §8, §9): the SPA shows ERROR_MESSAGES.outdatedQuery for it.
  OUTDATED_QUERY: "0015",
  QUERY_NOT_UPDATABLE: "QUERY_NOT_UPDATABLE",
  /** The change asked for is already so (a query reopened twice). */
  CONFLICT: "CONFLICT",
  IDEMPOTENCY_KEY_REUSED: "IDEMPOTENCY_KEY_REUSED",
  /** A reply written on an older view of its conversation: a reply or a member's message came since (409). */
  CONVERSATION_CHANGED: "CONVERSATION_CHANGED",
  /** A write to a conversation whose content was erased or purged: reopen, note, draft, reply (409). */
  CONVERSATION_ERASED: "CONVERSATION_ERASED",
  /** A data request received after today (the scheme's time zone) or before 2000 (400). */
  DATA_REQUEST_DATE_OUT_OF_RANGE: "DATA_REQUEST_DATE_OUT_OF_RANGE",
  /** A member's archive pulled by the information officer without an open access request of theirs or a reason (400). */
  EXPORT_GROUNDS_REQUIRED: "EXPORT_GROUNDS_REQUIRED",
  FORBIDDEN: "FORBIDDEN",
  RATE_LIMITED: "RATE_LIMITED",
  /** A registration or password-reset link that is unknown, used or expired. */
  ACCOUNT_LINK_INVALID: "ACCOUNT_LINK_INVALID",
  USERNAME_TAKEN: "USERNAME_TAKEN",
  /** The change needs the current password again (e-mail addresses, phone numbers). */
  PASSWORD_REQUIRED: "PASSWORD_REQUIRED",
  /** The current password given for such a change is wrong. */
  PASSWORD_INCORRECT: "PASSWORD_INCORRECT",
  /** The disk the files go to is full (507). */
  STORAGE_FULL: "STORAGE_FULL",
  /** The database or file store cannot be reached or written for now (503, with Retry-After). */
  UNAVAILABLE: "SERVICE_UNAVAILABLE",
  INTERNAL: "INTERNAL_ERROR",
} as const;

export type ExceptionCode = (typeof EXCEPTION_CODES)[keyof typeof EXCEPTION_CODES];
