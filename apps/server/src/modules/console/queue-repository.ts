import { CONSOLE_LIMITS, type QueueCounts, type QueueRow, type ServerOrigin } from "@portal/domain";
import { and, asc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
import { memberProfiles, members, queries } from "../../db/schema.js";

// The staff queue: every member's queries, the soonest due first, filtered and searched, one page
// at a time. Pages follow a keyset (due date, reference number), so a page is as fast at row
// 100 000 as at row 1 and a query logged meanwhile never shifts what was already seen.

export interface QueueFilter {
  status: "OPEN" | "CLOSED" | "ALL";
  origin?: ServerOrigin | undefined;
  category?: string | undefined;
  assigned: "ANYONE" | "ME" | "UNASSIGNED";
  overdue: boolean;
  search?: string | undefined;
  after?: string | undefined;
}

const assignees = alias(members, "assignees");

/** A query's due date; rows from before due dates were kept count from the day they were logged. */
const dueOn = sql<string>`coalesce(${queries.replyDueOn}, (${queries.loggedAt})::date)`;

/** Escapes LIKE's wildcards so a surname is matched as typed. */
const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const byMembership = eq(memberProfiles.membershipNumber, search);
  if (/^\d{1,9}$/.test(search)) return or(eq(queries.referenceNumber, Number(search)), byMembership);
  return or(byMembership, sql`lower(${members.lastName}) like lower(${likePrefix(search)})`);
}

/** The page's cursor: the last row's due date and reference number, opaque to the browser. */
export function encodeCursor(row: { replyDueOn: string; referenceNumber: number }): string {
  return Buffer.from(`${row.replyDueOn}|${row.referenceNumber}`, "utf8").toString("base64url");
}

function decodeCursor(cursor: string | undefined): { due: string; reference: number } | null {
  if (!cursor) return null;
  const [due, reference] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (!due || !/^\d{4}-\d{2}-\d{2}$/.test(due) || !reference || !/^\d{1,10}$/.test(reference)) return null;
  return { due, reference: Number(reference) };
}

/** The search, origin and category: what the counts are counted over. */
function scopeConditions(filter: QueueFilter): (SQL | undefined)[] {
  return [
    filter.origin ? eq(queries.origin, filter.origin) : undefined,
    filter.category ? eq(queries.category, filter.category) : undefined,
    searchCondition(filter.search),
  ];
}

export async function listQueue(
  db: Db,
  filter: QueueFilter,
  staffEntityNumber: number,
  today: string,
): Promise<{ rows: QueueRow[]; nextCursor: string | null }> {
  const cursor = decodeCursor(filter.after);
  const conditions = [
    ...scopeConditions(filter),
    filter.status === "ALL" ? undefined : eq(queries.status, filter.status),
    filter.assigned === "ME" ? eq(queries.assignedToEntityNumber, staffEntityNumber) : undefined,
    filter.assigned === "UNASSIGNED" ? isNull(queries.assignedToEntityNumber) : undefined,
    filter.overdue ? and(eq(queries.status, "OPEN"), sql`${dueOn} < ${today}::date`) : undefined,
    cursor
      ? sql`(${dueOn}, ${queries.referenceNumber}) > (${cursor.due}::date, ${cursor.reference})`
      : undefined,
  ];
  const pageSize = CONSOLE_LIMITS.queuePageSize;
  const rows = await db
    .select({
      referenceNumber: queries.referenceNumber,
      parentReferenceNumber: queries.parentReferenceNumber,
      memberEntityNumber: members.entityNumber,
      memberFirstName: members.firstName,
      memberLastName: members.lastName,
      membershipNumber: memberProfiles.membershipNumber,
      category: queries.category,
      subCategory: queries.subCategory,
      origin: queries.origin,
      loggedAt: queries.loggedAt,
      replyDueOn: sql<string>`to_char(${dueOn}, 'YYYY-MM-DD')`,
      assigneeEntityNumber: assignees.entityNumber,
      assigneeFirstName: assignees.firstName,
      assigneeLastName: assignees.lastName,
      status: queries.status,
    })
    .from(queries)
    .innerJoin(members, eq(members.entityNumber, queries.memberEntityNumber))
    .leftJoin(memberProfiles, eq(memberProfiles.entityNumber, queries.memberEntityNumber))
    .leftJoin(assignees, eq(assignees.entityNumber, queries.assignedToEntityNumber))
    .where(and(...conditions))
    .orderBy(asc(dueOn), asc(queries.referenceNumber))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize).map(
    (row): QueueRow => ({
      referenceNumber: row.referenceNumber,
      parentReferenceNumber: row.parentReferenceNumber,
      member: {
        entityNumber: row.memberEntityNumber,
        firstName: row.memberFirstName,
        lastName: row.memberLastName,
        membershipNumber: row.membershipNumber,
      },
      category: row.category,
      subCategory: row.subCategory,
      origin: row.origin as ServerOrigin,
      dateLogged: row.loggedAt.toISOString(),
      replyDueOn: row.replyDueOn,
      overdue: row.status === "OPEN" && row.replyDueOn < today,
      assignedTo:
        row.assigneeEntityNumber === null
          ? null
          : {
              entityNumber: row.assigneeEntityNumber,
              firstName: row.assigneeFirstName ?? "",
              lastName: row.assigneeLastName ?? "",
            },
      status: row.status as QueueRow["status"],
    }),
  );
  const last = page.at(-1);
  const nextCursor =
    rows.length > pageSize && last?.replyDueOn
      ? encodeCursor({ replyDueOn: last.replyDueOn, referenceNumber: last.referenceNumber })
      : null;
  return { rows: page, nextCursor };
}

/** How many queries each status and assignment filter would show, for the same search. */
export async function countQueue(
  db: Db,
  filter: QueueFilter,
  staffEntityNumber: number,
  today: string,
): Promise<QueueCounts> {
  const open = sql`${queries.status} = 'OPEN'`;
  const [row] = await db
    .select({
      open: sql<number>`count(*) filter (where ${open})::int`,
      closed: sql<number>`count(*) filter (where ${queries.status} = 'CLOSED')::int`,
      overdue: sql<number>`count(*) filter (where ${open} and ${dueOn} < ${today}::date)::int`,
      unassigned: sql<number>`count(*) filter (where ${open} and ${queries.assignedToEntityNumber} is null)::int`,
      mine: sql<number>`count(*) filter (where ${open} and ${queries.assignedToEntityNumber} = ${staffEntityNumber})::int`,
    })
    .from(queries)
    .innerJoin(members, eq(members.entityNumber, queries.memberEntityNumber))
    .leftJoin(memberProfiles, eq(memberProfiles.entityNumber, queries.memberEntityNumber))
    .where(and(...scopeConditions(filter)));
  return row ?? { open: 0, closed: 0, overdue: 0, unassigned: 0, mine: 0 };
}
