import { paths } from "../../config/paths";

// The console's own addresses (router locations, without the "#") below where the app mounts it.

export const CONSOLE_ROOT = paths.console.getHref();

export const consolePaths = {
  /** The queue; `search`: its filters as address parameters (get-queue.ts queueFilterParams). */
  queue: (search?: URLSearchParams) => {
    const query = search?.toString() ?? "";
    return query ? `${CONSOLE_ROOT}?${query}` : CONSOLE_ROOT;
  },
  query: (referenceNumber: number) => `${CONSOLE_ROOT}/queries/${referenceNumber}`,
  documentIntake: (memberEntityNumber?: number) =>
    memberEntityNumber === undefined
      ? `${CONSOLE_ROOT}/documents/new`
      : `${CONSOLE_ROOT}/documents/new?member=${memberEntityNumber}`,
  failedMails: () => `${CONSOLE_ROOT}/mails`,
  /** Agents and supervisors: mails to the support mailbox that matched no query. */
  unmatchedMails: () => `${CONSOLE_ROOT}/unmatched-mail`,
  unmatchedMail: (mailId: number) => `${CONSOLE_ROOT}/unmatched-mail/${mailId}`,
  /** Supervisors: the staff log-ins, to disable, enable or give another role. */
  staff: () => `${CONSOLE_ROOT}/staff`,
  /** Supervisors: the texts agents insert into a reply. */
  cannedReplies: () => `${CONSOLE_ROOT}/canned-replies`,
  /** Supervisors: how the desk keeps the reply promise, with charts and CSV. */
  reports: () => `${CONSOLE_ROOT}/reports`,
  /** The information officer's desk: who read or changed whose data, members' requests, holds. */
  auditTrail: () => `${CONSOLE_ROOT}/audit-trail`,
  dataRequests: () => `${CONSOLE_ROOT}/requests`,
  legalHolds: () => `${CONSOLE_ROOT}/legal-holds`,
  /** The information officer: find a member, then what the scheme holds of them. */
  members: () => `${CONSOLE_ROOT}/members`,
  memberData: (entityNumber: number) => `${CONSOLE_ROOT}/members/${entityNumber}`,
} as const;
