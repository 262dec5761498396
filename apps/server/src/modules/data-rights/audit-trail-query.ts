import type { AuditTrailRow } from "@portal/domain";
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../db/database.js";
import { auditEvents } from "../../db/schema/access.js";
import { members } from "../../db/schema/members.js";
import { OPERATOR_ENTITY_NUMBER } from "../access/index.js";
import {
  auditRowWithMicros,
  beforeAuditCursor,
  decodeAuditCursor,
  encodeAuditCursor,
} from "./access-history.js";

// The information officer's view of the audit trail: filtered by member, staff account, kind and
// days (in the scheme's time zone), newest first, a page at a time by key. Each filter has an index
// that starts with it (audit_events_subject, _actor, _resource, _at), so a page reads only itself.

export interface AuditTrailFilter {
  member?: number;
  staff?: number;
  kind?: string;
  from?: string;
  to?: string;
}

function filterOf(filter: AuditTrailFilter, timeZone: string): SQL | undefined {
  // A day's bounds in the scheme's zone, worked out by PostgreSQL (whatever the session's zone).
  const dayStart = (day: string) => sql`((${day}::date)::timestamp at time zone ${timeZone})`;
  return and(
    filter.member === undefined ? undefined : eq(auditEvents.subjectEntityNumber, filter.member),
    filter.staff === undefined ? undefined : eq(auditEvents.actorEntityNumber, filter.staff),
    filter.kind === undefined ? undefined : eq(auditEvents.resource, filter.kind),
    filter.from === undefined ? undefined : sql`${auditEvents.at} >= ${dayStart(filter.from)}`,
    filter.to === undefined ? undefined : sql`${auditEvents.at} < ${dayStart(filter.to)} + interval '1 day'`,
  );
}

async function namesOf(db: Queryable, entityNumbers: readonly number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(entityNumbers)].filter((entity) => entity !== OPERATOR_ENTITY_NUMBER);
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ entityNumber: members.entityNumber, firstName: members.firstName, lastName: members.lastName })
    .from(members)
    .where(inArray(members.entityNumber, wanted));
  return new Map(rows.map((row) => [row.entityNumber, `${row.firstName} ${row.lastName}`]));
}

export async function auditTrailPage(
  db: Queryable,
  filter: AuditTrailFilter,
  after: string | undefined,
  options: { timeZone: string; pageSize: number },
): Promise<{ rows: AuditTrailRow[]; nextCursor: string | null }> {
  const found = await db
    .select(auditRowWithMicros)
    .from(auditEvents)
    .where(and(filterOf(filter, options.timeZone), beforeAuditCursor(decodeAuditCursor(after))))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(options.pageSize + 1);
  const page = found.slice(0, options.pageSize);
  const names = await namesOf(
    db,
    page.flatMap((row) => [row.actorEntityNumber, row.subjectEntityNumber]),
  );
  const person = (entityNumber: number) => ({ entityNumber, name: names.get(entityNumber) ?? null });
  const rows = page.map(
    (row): AuditTrailRow => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: person(row.actorEntityNumber),
      subject: person(row.subjectEntityNumber),
      resource: row.resource,
      action: row.action,
      referenceNumber: row.referenceNumber,
      requestId: row.requestId,
    }),
  );
  const last = page.at(-1);
  return { rows, nextCursor: found.length > options.pageSize && last ? encodeAuditCursor(last) : null };
}

/** Every matching row, a thousand at a time: the CSV export streams these. */
export async function* allAuditTrailRows(
  db: Queryable,
  filter: AuditTrailFilter,
  timeZone: string,
): AsyncGenerator<AuditTrailRow[]> {
  let after: string | undefined;
  for (;;) {
    const page = await auditTrailPage(db, filter, after, { timeZone, pageSize: 1000 });
    if (page.rows.length > 0) yield page.rows;
    if (!page.nextCursor) return;
    after = page.nextCursor;
  }
}

/**
 * A cell a spreadsheet will not run: one that starts with =, +, -, @, a tab or a carriage return is
 * prefixed with an apostrophe (OWASP, "CSV injection").
 */
export function inertCell(value: string | number | null): string {
  if (value === null) return "";
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export const AUDIT_CSV_HEADER = [
  "id",
  "at",
  "actor_entity_number",
  "actor_name",
  "subject_entity_number",
  "subject_name",
  "resource",
  "action",
  "reference_number",
  "request_id",
];

export function auditCsvRecord(row: AuditTrailRow): string[] {
  return [
    row.id,
    row.at,
    row.actor.entityNumber,
    row.actor.entityNumber === OPERATOR_ENTITY_NUMBER ? "The operator" : row.actor.name,
    row.subject.entityNumber,
    row.subject.name,
    row.resource,
    row.action,
    row.referenceNumber,
    row.requestId,
  ].map(inertCell);
}
