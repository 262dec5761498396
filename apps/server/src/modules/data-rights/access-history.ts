import type { AccessActor, AccessEvent, AccessSubject } from "@portal/domain";
import { and, desc, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../db/database.js";
import { auditEvents, memberRoles } from "../../db/schema/access.js";
import { AUDIT_RESOURCES, OPERATOR_ENTITY_NUMBER } from "../access/index.js";

// A member's access history: every row of the audit trail whose subject they are (staff reads and
// changes, their own account events), in their words: who by role (never a name), and what.

const R = AUDIT_RESOURCES;

/** Each audit resource as the member is told of it; anything not named here is "other information". */
const SUBJECT_OF: Record<string, AccessSubject> = {
  [R.consoleQuery]: "QUERY",
  [R.queryReply]: "QUERY",
  [R.queryStatus]: "QUERY",
  [R.queryAssignment]: "QUERY",
  [R.queryNote]: "QUERY",
  [R.consoleAttachment]: "QUERY_ATTACHMENT",
  [R.consoleQueue]: "QUERY_LIST",
  [R.consoleMemberSummary]: "MEMBERSHIP_DETAILS",
  [R.memberDetails]: "MEMBERSHIP_DETAILS",
  [R.dependents]: "MEMBERSHIP_DETAILS",
  [R.dependent]: "MEMBERSHIP_DETAILS",
  [R.emergencyContacts]: "MEMBERSHIP_DETAILS",
  [R.groupAccess]: "MEMBERSHIP_DETAILS",
  [R.plan]: "MEMBERSHIP_DETAILS",
  [R.scheme]: "MEMBERSHIP_DETAILS",
  [R.patientList]: "MEMBERSHIP_DETAILS",
  [R.policyDependents]: "MEMBERSHIP_DETAILS",
  [R.contactDetails]: "MEMBERSHIP_DETAILS",
  [R.roles]: "MEMBERSHIP_DETAILS",
  [R.waitingPeriods]: "MEMBERSHIP_DETAILS",
  [R.doctorAllocations]: "MEMBERSHIP_DETAILS",
  [R.membershipCard]: "MEMBERSHIP_DETAILS",
  [R.membershipCertificate]: "MEMBERSHIP_DETAILS",
  [R.membershipCardOrder]: "MEMBERSHIP_DETAILS",
  [R.profilePicture]: "MEMBERSHIP_DETAILS",
  [R.documentIntake]: "DOCUMENTS",
  [R.failedMails]: "MAIL",
  [R.mailResend]: "MAIL",
  [R.memberSearch]: "MEMBER_SEARCH",
  [R.memberLogIn]: "LOG_IN",
  [R.staffSignIn]: "LOG_IN",
  [R.passwordReset]: "PASSWORD",
  [R.passwordResetRequest]: "PASSWORD",
  [R.staffPasswordReset]: "PASSWORD",
  [R.emailChange]: "EMAIL_ADDRESS",
  [R.phoneChange]: "PHONE_NUMBER",
  [R.registrationRequest]: "ACCOUNT",
  [R.accountActivation]: "ACCOUNT",
  [R.memberCreate]: "ACCOUNT",
  [R.dataExport]: "DATA_EXPORT",
  [R.dataExportDownload]: "DATA_EXPORT",
  [R.dataRequest]: "DATA_REQUEST",
  [R.dataErasure]: "DATA_REQUEST",
  [R.legalHold]: "LEGAL_HOLD",
  [R.legalHolds]: "LEGAL_HOLD",
  [R.auditTrail]: "AUDIT_TRAIL",
};

export function accessSubjectOf(resource: string): AccessSubject {
  return SUBJECT_OF[resource] ?? "OTHER";
}

/** Who acted, by role: the actor's roles as they are now (the trail does not keep roles). */
export function accessActorOf(actor: number, member: number, roles: ReadonlySet<string>): AccessActor {
  if (actor === member) return "YOU";
  if (actor === OPERATOR_ENTITY_NUMBER) return "OPERATOR";
  if (roles.has("STAFF_INFORMATION_OFFICER")) return "STAFF_INFORMATION_OFFICER";
  if (roles.has("STAFF_SUPERVISOR")) return "STAFF_SUPERVISOR";
  if (roles.has("STAFF_AGENT")) return "STAFF_AGENT";
  // Someone with a member's role only: a principal member reading a dependent's details.
  if (roles.has("MEMBER")) return "POLICY_MEMBER";
  return "STAFF";
}

/**
 * The columns of a page of the trail, with each row's time in whole microseconds since 1970: the
 * cursor must hold the time exactly (a Date keeps milliseconds only, and rows written by SQL or an
 * import have microseconds).
 */
export const auditRowWithMicros = {
  ...getTableColumns(auditEvents),
  micros: sql<string>`(extract(epoch from ${auditEvents.at}) * 1000000)::bigint::text`,
};

/** `<epoch microseconds>_<id>`: the page's last row; the next page starts below it. */
export function encodeAuditCursor(row: { micros: string; id: number }): string {
  return `${row.micros}_${row.id}`;
}

export function decodeAuditCursor(cursor: string | undefined): { micros: string; id: number } | null {
  const match = cursor ? /^(\d{1,18})_(\d{1,18})$/.exec(cursor) : null;
  if (!match?.[1]) return null;
  return { micros: match[1], id: Number(match[2]) };
}

/**
 * Rows before the cursor, in (at, id) order: a row comparison, which the indexes ending in (at, id)
 * serve directly, so each page reads only itself. The time is rebuilt exactly, in integer microseconds.
 */
export function beforeAuditCursor(cursor: { micros: string; id: number } | null): SQL | undefined {
  if (!cursor) return undefined;
  const at = sql`(timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond')`;
  return sql`(${auditEvents.at}, ${auditEvents.id}) < (${at}, ${cursor.id})`;
}

/** The roles of each actor named, in one statement. */
export async function rolesOf(
  db: Queryable,
  entityNumbers: readonly number[],
): Promise<Map<number, Set<string>>> {
  const byPerson = new Map<number, Set<string>>();
  if (entityNumbers.length === 0) return byPerson;
  const rows = await db
    .select({ entityNumber: memberRoles.entityNumber, role: memberRoles.role })
    .from(memberRoles)
    .where(inArray(memberRoles.entityNumber, [...new Set(entityNumbers)]));
  for (const row of rows) {
    const roles = byPerson.get(row.entityNumber) ?? new Set<string>();
    roles.add(row.role);
    byPerson.set(row.entityNumber, roles);
  }
  return byPerson;
}

/** A page of the member's access history, newest first (index audit_events_subject). */
export async function accessHistoryPage(
  db: Queryable,
  member: number,
  after: string | undefined,
  pageSize: number,
): Promise<{ events: AccessEvent[]; nextCursor: string | null }> {
  const rows = await db
    .select(auditRowWithMicros)
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectEntityNumber, member), beforeAuditCursor(decodeAuditCursor(after))))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const roles = await rolesOf(
    db,
    page.map((row) => row.actorEntityNumber),
  );
  const events = page.map(
    (row): AccessEvent => ({
      id: row.id,
      at: row.at.toISOString(),
      who: accessActorOf(row.actorEntityNumber, member, roles.get(row.actorEntityNumber) ?? new Set()),
      action: row.action === "READ" ? "READ" : "UPDATE",
      what: accessSubjectOf(row.resource),
      referenceNumber: row.referenceNumber,
      times: 1,
    }),
  );
  const last = page.at(-1);
  return { events, nextCursor: rows.length > pageSize && last ? encodeAuditCursor(last) : null };
}

/**
 * A page of the member's access history as the member reads it, newest first: the rows of one day
 * (in `timeZone`) with the same person, resource, action and query are one, with how many times and
 * the last time. The cursor is the last group's (latest time, latest id); a page reads the member's
 * rows from the cursor's day back (index audit_events_subject), one member's, never the table's.
 */
export async function accessHistoryDaysPage(
  db: Queryable,
  member: number,
  after: string | undefined,
  pageSize: number,
  timeZone: string,
): Promise<{ events: AccessEvent[]; nextCursor: string | null }> {
  const cursor = decodeAuditCursor(after);
  const cursorAt = cursor
    ? sql`(timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond')`
    : undefined;
  const day = sql`(${auditEvents.at} at time zone ${timeZone})::date`;
  // Every row of a group on the cursor's day or before is older than the end of that day.
  const beforeDayEnd = cursorAt
    ? sql`${auditEvents.at} < (((${cursorAt} at time zone ${timeZone})::date + 1)::timestamp at time zone ${timeZone})`
    : undefined;
  const latestAt = sql`max(${auditEvents.at})`;
  const latestId = sql<number>`max(${auditEvents.id})`;
  const rows = await db
    .select({
      actorEntityNumber: auditEvents.actorEntityNumber,
      resource: auditEvents.resource,
      action: auditEvents.action,
      referenceNumber: auditEvents.referenceNumber,
      micros: sql<string>`(extract(epoch from ${latestAt}) * 1000000)::bigint::text`,
      id: sql<string>`${latestId}::text`,
      times: sql<number>`count(*)::int`,
    })
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectEntityNumber, member), beforeDayEnd))
    .groupBy(
      auditEvents.actorEntityNumber,
      auditEvents.resource,
      auditEvents.action,
      auditEvents.referenceNumber,
      day,
    )
    .having(cursor ? sql`(${latestAt}, ${latestId}) < (${cursorAt}, ${cursor.id})` : undefined)
    .orderBy(desc(latestAt), desc(latestId))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const roles = await rolesOf(
    db,
    page.map((row) => row.actorEntityNumber),
  );
  const events = page.map(
    (row): AccessEvent => ({
      id: Number(row.id),
      at: new Date(Number(BigInt(row.micros) / 1000n)).toISOString(),
      who: accessActorOf(row.actorEntityNumber, member, roles.get(row.actorEntityNumber) ?? new Set()),
      action: row.action === "READ" ? "READ" : "UPDATE",
      what: accessSubjectOf(row.resource),
      referenceNumber: row.referenceNumber,
      times: row.times,
    }),
  );
  const last = page.at(-1);
  return {
    events,
    nextCursor:
      rows.length > pageSize && last ? encodeAuditCursor({ micros: last.micros, id: Number(last.id) }) : null,
  };
}
