import {
  canUpdateQuery,
  ERROR_MESSAGES,
  EXCEPTION_CODES,
  type QueryView,
  type ServerOrigin,
} from "@portal/domain";
import type { Db } from "../../db/database.js";
import { AppError, errors } from "../../lib/errors.js";
import { readMemberThread } from "./member-thread.js";
import {
  findQuery,
  listQueryAttachments,
  listReplyAttachments,
  type QueryRow,
  toListItem,
} from "./queries-repository.js";

export const outdatedQueryError = () =>
  new AppError(422, EXCEPTION_CODES.OUTDATED_QUERY, ERROR_MESSAGES.outdatedQuery);

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
  const [attachments, thread, replyAttachments] = await Promise.all([
    listQueryAttachments(db, row.referenceNumber),
    readMemberThread(db, { member, origin }, row.referenceNumber),
    // Read by the reference of the row just found in the member's scope: never another member's.
    listReplyAttachments(db, row.referenceNumber),
  ]);
  // The newest reply of the thread sent since this query was logged: what the list says too.
  const repliedAt = thread
    .flatMap((entry) => (entry.type === "REPLY" ? [new Date(entry.sentAt)] : []))
    .filter((sentAt) => sentAt >= row.loggedAt)
    .reduce<Date | null>((newest, sentAt) => (newest && newest > sentAt ? newest : sentAt), null);
  return {
    ...toListItem({ ...row, repliedAt }),
    // What the page's reply sentences follow too (a closed query expects no reply by a date).
    status: row.status === "CLOSED" ? "CLOSED" : "OPEN",
    attachments: attachments.map(({ attachmentId, fileName }) => ({ attachmentId, fileName })),
    canUpdate: canUpdateQuery(row, { now, updateWindowDays }),
    thread,
    replyAttachments,
  };
}
