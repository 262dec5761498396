import type { Queryable } from "../../db/database.js";
import { auditEvents } from "../../db/schema/access.js";

// The audit trail says who read or changed whose data, which resource, when and under which
// request: never the data itself. The table refuses updates and deletes (migration 0002), so this
// module only adds. Rows are written by the access plugin from each route's declaration, never by
// a handler.

/** The resource names the audit trail records; stable, as reports are built on them. */
export const AUDIT_RESOURCES = {
  memberDetails: "member-details",
  dependents: "dependents",
  dependent: "dependent",
  emergencyContacts: "emergency-contacts",
  groupAccess: "group-access",
  plan: "plan",
  scheme: "scheme",
  patientList: "patient-list-details",
  policyDependents: "policy-dependents",
  contactDetails: "contact-details",
  /** The member's own change of their e-mail addresses or phone numbers (asked the password again). */
  emailChange: "email-change",
  phoneChange: "phone-change",
  /** The member chose the language the portal and its mails speak to them in. */
  memberLanguage: "member-language",
  roles: "roles",
  memberSearch: "member-search",
  waitingPeriods: "waiting-periods",
  doctorAllocations: "doctor-allocations",
  membershipCard: "membership-card",
  membershipCertificate: "membership-certificate",
  membershipCardOrder: "membership-card-order",
  profilePicture: "profile-picture",
  consoleQueue: "console-queue",
  consoleQuery: "console-query",
  consoleAttachment: "console-attachment",
  consoleMemberSummary: "console-member-summary",
  queryNote: "query-note",
  queryAssignment: "query-assignment",
  queryReply: "query-reply",
  queryStatus: "query-status",
  /** A supervisor kept, changed or removed a canned reply (no member's data: the actor's own row). */
  cannedReply: "canned-reply",
  documentIntake: "document-intake",
  failedMails: "failed-mails",
  /** A supervisor's report of the desk (modules/reports): its rows are the agents it names. */
  reports: "reports",
  mailResend: "mail-resend",
  /** Mails from the support mailbox that matched no conversation: the list, one opened, one linked or discarded. */
  unmatchedMails: "unmatched-mails",
  unmatchedMail: "unmatched-mail",
  unmatchedMailLink: "unmatched-mail-link",
  unmatchedMailDiscard: "unmatched-mail-discard",
  /** A registration link mailed (or, with a log-in already, the mail saying so). */
  registrationRequest: "registration-request",
  accountActivation: "account-activation",
  passwordResetRequest: "password-reset-request",
  passwordReset: "password-reset",
  /**
   * Log-ins the operator created or changed at the command line (cli.ts, members/operator-accounts.ts);
   * disable, enable and role also by a supervisor on the console's Staff page (the actor tells which).
   */
  memberCreate: "member-create",
  staffCreate: "staff-create",
  staffDisable: "staff-disable",
  staffEnable: "staff-enable",
  staffRole: "staff-role",
  staffPasswordReset: "staff-password-reset",
  /**
   * Staff sign-in through the scheme's OpenID provider (modules/staff-sign-in; decision 0020), or a
   * local staff log-in's with its password (and second factor where asked; gateway/staff-sign-in-audit.ts).
   */
  staffSignIn: "staff-sign-in",
  /** A local staff log-in refused: a wrong password or a wrong second-factor code (nothing typed kept). */
  staffSignInFailed: "staff-sign-in-failed",
  /** Refused: the provider gives the person no portal role, or the log-in is disabled. */
  staffSignInRefused: "staff-sign-in-refused",
  /** The log-in made at a first sign-in through the provider. */
  staffIdentityCreate: "staff-identity-create",
  /** The staff role set (or removed) at a sign-in, from the provider's roles claim. */
  staffSignInRole: "staff-sign-in-role",
  /** A local staff password refused at the gateway while staff sign in through the provider. */
  staffLocalLoginRefused: "staff-local-login-refused",
  /** The console's list of staff log-ins (names, roles, last sign-in), read by a supervisor. */
  staffAccounts: "staff-accounts",
  /** A local staff log-in's second factor confirmed (its recovery codes made anew), and a recovery code spent. */
  secondFactorEnrolment: "second-factor-enrolment",
  recoveryCodeUse: "recovery-code-use",
  /** A local staff log-in's authenticator and recovery codes removed by the operator (cli staff:reset-second-factor). */
  secondFactorReset: "second-factor-reset",
  /** The console's offer of an authenticator app put off ("Not now", STAFF_MFA_NOT_NOW_DAYS). */
  secondFactorPostponed: "second-factor-postponed",
  /** A member's own log-in through the gateway (their access history shows it). */
  memberLogIn: "log-in",
  /** The information officer's reads of the audit trail (by member, or the whole trail when unfiltered). */
  auditTrail: "audit-trail",
  /** A member's access history, read by the member (it names no one else). */
  accessHistory: "access-history",
  /** An archive of a member's data asked for, and downloaded. */
  dataExport: "data-export",
  dataExportDownload: "data-export-download",
  /** A member's data request recorded, completed; an erasure run for one. */
  dataRequest: "data-request",
  dataErasure: "data-erasure",
  /** A legal hold set on a member, or released; the list of holds read. */
  legalHold: "legal-hold",
  legalHolds: "legal-holds",
  /** A run of the retention purge: its counts by kind are in the row's detail. */
  retentionPurge: "retention-purge",
} as const;
export type AuditResource = (typeof AUDIT_RESOURCES)[keyof typeof AUDIT_RESOURCES];

export const AUDIT_ACTIONS = { READ: "READ", UPDATE: "UPDATE" } as const;

/**
 * The actor of a change made at the command line: the operator, who is no person in the register
 * (entity numbers start at 1), and who logs in to no portal. Which operator it was is in the row's
 * request id: `cli:<OS user>:<uuid>` (docs/decisions/0019).
 */
export const OPERATOR_ENTITY_NUMBER = 0;

export interface AuditedRead {
  actorEntityNumber: number;
  /** Every person whose data the answer holds; the actor's own entity is left out. */
  subjectEntityNumbers: readonly number[];
  resource: AuditResource;
  requestId: string;
  at: Date;
  /** The query or document submission the request named, if it named one. */
  referenceNumber?: number | null;
}

/** One row per other person read. Written before the answer is sent: no row, no data. */
export async function recordReads(db: Queryable, read: AuditedRead): Promise<void> {
  const subjects = [...new Set(read.subjectEntityNumbers)].filter(
    (subject) => subject !== read.actorEntityNumber,
  );
  if (subjects.length === 0) return;
  await db.insert(auditEvents).values(
    subjects.map((subjectEntityNumber) => ({
      actorEntityNumber: read.actorEntityNumber,
      subjectEntityNumber,
      resource: read.resource,
      action: AUDIT_ACTIONS.READ,
      at: read.at,
      requestId: read.requestId,
      referenceNumber: read.referenceNumber ?? null,
    })),
  );
}

export type AuditDetail = Record<string, number | string>;

export interface AuditedChange {
  actorEntityNumber: number;
  subjectEntityNumber: number;
  resource: AuditResource;
  requestId: string;
  at: Date;
  referenceNumber?: number | null;
  /**
   * Figures (a purge's counts), or what a change was and on what grounds (the role granted, the
   * request or reason an archive was pulled for). Not shown on the trail's page or in its CSV.
   */
  detail?: AuditDetail | null;
}

/** One row for a change, the actor's own data included. Written inside the change's transaction. */
export async function recordChange(db: Queryable, change: AuditedChange): Promise<void> {
  await db.insert(auditEvents).values({ ...change, action: AUDIT_ACTIONS.UPDATE });
}

/**
 * One row for a read the trail keeps even when it is the actor's own (a member downloading their
 * archive): recordReads leaves out the actor, as a member reading their own data tells no one anything.
 */
export async function recordOwnRead(db: Queryable, read: Omit<AuditedChange, "detail">): Promise<void> {
  await db.insert(auditEvents).values({ ...read, action: AUDIT_ACTIONS.READ });
}
