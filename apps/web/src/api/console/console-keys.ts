// Every console answer is cached under "console": one invalidation refreshes the queue and the
// query page after a change. Logging out and an expired session clear the whole cache anyway.

export const consoleKeys = {
  all: ["console"] as const,
  queue: ["console", "queue"] as const,
  /** The queue's filters as the queue page last showed them (for "Send and go to next"). */
  queueShown: ["console", "queue-shown"] as const,
  query: (referenceNumber: number) => ["console", "query", referenceNumber] as const,
  drafts: (referenceNumber: number) => ["console", "drafts", referenceNumber] as const,
  helpSuggestions: (referenceNumber: number) => ["console", "help-suggestions", referenceNumber] as const,
  member: (entityNumber: number) => ["console", "member", entityNumber] as const,
  staff: ["console", "staff"] as const,
  cannedReplies: ["console", "canned-replies"] as const,
  failedMails: ["console", "failed-mails"] as const,
  staffAccounts: ["console", "staff-accounts"] as const,
  secondFactor: ["console", "second-factor"] as const,
  me: ["console", "me"] as const,
  auditTrail: ["console", "audit-trail"] as const,
  dataRequests: ["console", "data-requests"] as const,
  memberExports: (entityNumber: number) => ["console", "member-exports", entityNumber] as const,
  legalHolds: ["console", "legal-holds"] as const,
  legalHold: (entityNumber: number) => ["console", "legal-hold", entityNumber] as const,
};

/**
 * Members' data must not stay in the browser after logout (requirements §10, staff desk): the
 * console's reads bypass the HTTP cache, so only the query cache holds them, which logout clears.
 */
export const NO_STORE: RequestInit = { cache: "no-store" };
