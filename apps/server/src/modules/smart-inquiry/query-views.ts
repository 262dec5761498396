import {
  ERROR_MESSAGES,
  EXCEPTION_CODES,
  type QueryListItem,
  type QueryView,
  type ServerOrigin,
} from "@portal/domain";
import type { Db } from "../../db/database.js";
import { AppError, errors } from "../../lib/errors.js";
import { findQuery, listQueryAttachments, type QueryRow } from "./queries-repository.js";

const DAY_MS = 24 * 60 * 60 * 1000;

export const outdatedQueryError = () =>
  new AppError(422, EXCEPTION_CODES.OUTDATED_QUERY, ERROR_MESSAGES.outdatedQuery);

export function toListItem(row: QueryRow): QueryListItem {
  return {
    referenceNumber: row.referenceNumber,
    category: row.category,
    queryDetail: row.queryText,
    dateLogged: row.loggedAt.toISOString(),
  };
}

/** Open, and logged within the update window. */
export function canUpdate(row: QueryRow, now: Date, updateWindowDays: number): boolean {
  return row.status === "OPEN" && now.getTime() - row.loggedAt.getTime() <= updateWindowDays * DAY_MS;
}

/** The member's query of that origin; 404 when it is not theirs or does not exist, 0015 when legacy. */
export async function requireViewableQuery(
  db: Db,
  member: number,
  referenceNumber: number,
  origin: ServerOrigin,
): Promise<QueryRow> {
  const row = await findQuery(db, member, referenceNumber, origin);
  if (!row) throw errors.notFound();
  if (row.legacy) throw outdatedQueryError();
  return row;
}

export async function viewQuery(
  db: Db,
  member: number,
  referenceNumber: number,
  origin: ServerOrigin,
  now: Date,
  updateWindowDays: number,
): Promise<QueryView> {
  const row = await requireViewableQuery(db, member, referenceNumber, origin);
  const attachments = await listQueryAttachments(db, row.referenceNumber);
  return {
    ...toListItem(row),
    attachments: attachments.map(({ attachmentId, fileName }) => ({ attachmentId, fileName })),
    canUpdate: canUpdate(row, now, updateWindowDays),
  };
}
