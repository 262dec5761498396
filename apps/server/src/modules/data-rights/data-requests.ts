import { type DataRequest, type DataRequestKind, type ErasureReport, EXCEPTION_CODES } from "@portal/domain";
import { and, desc, eq, lt } from "drizzle-orm";
import type { Queryable, Tx } from "../../db/database.js";
import { dataRequests } from "../../db/schema/data-rights.js";
import { members } from "../../db/schema/members.js";
import { AppError } from "../../lib/errors.js";

// Members' requests under POPIA as the information officer records them: access (section 23),
// correction or deletion (section 24), each with the day it is due (DATA_REQUEST_DAYS after it was
// received), how it was answered, and for a deletion the erasure's report.

const PAGE_SIZE = 25;

function requestsWith(db: Queryable) {
  return db
    .select({
      request: dataRequests,
      firstName: members.firstName,
      lastName: members.lastName,
    })
    .from(dataRequests)
    .innerJoin(members, eq(members.entityNumber, dataRequests.memberEntityNumber));
}

type RequestRow = Awaited<ReturnType<ReturnType<typeof requestsWith>["execute"]>>[number];

function requestView({ request, firstName, lastName }: RequestRow): DataRequest {
  return {
    requestId: request.requestId,
    member: { entityNumber: request.memberEntityNumber, firstName, lastName },
    kind: request.kind as DataRequestKind,
    receivedOn: request.receivedOn,
    dueOn: request.dueOn,
    status: request.status === "COMPLETED" ? "COMPLETED" : "OPEN",
    notes: request.notes,
    recordedAt: request.recordedAt.toISOString(),
    completedAt: request.completedAt?.toISOString() ?? null,
    outcome: request.outcome,
    erasureReport: (request.erasureReport as ErasureReport | null) ?? null,
  };
}

/** yyyy-MM-dd plus whole calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export async function findDataRequest(db: Queryable, requestId: number): Promise<DataRequest | null> {
  const [row] = await requestsWith(db).where(eq(dataRequests.requestId, requestId));
  return row ? requestView(row) : null;
}

/** One status, newest first, by key (index data_requests_status). */
export async function listDataRequests(
  db: Queryable,
  status: "OPEN" | "COMPLETED",
  after: number | undefined,
) {
  const rows = await requestsWith(db)
    .where(
      and(
        eq(dataRequests.status, status),
        after === undefined ? undefined : lt(dataRequests.requestId, after),
      ),
    )
    .orderBy(desc(dataRequests.requestId))
    .limit(PAGE_SIZE + 1);
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  return {
    requests: page.map(requestView),
    nextCursor: rows.length > PAGE_SIZE && last ? last.request.requestId : null,
  };
}

/** The earliest day a request may have been received: older is a typing mistake. */
export const EARLIEST_RECEIVED_ON = "2000-01-01";

/** A request is received on a day that has been, from 2000 on; else 400 DATA_REQUEST_DATE_OUT_OF_RANGE. */
export function checkReceivedOn(receivedOn: string, today: string): void {
  // yyyy-MM-dd compare as text.
  if (receivedOn >= EARLIEST_RECEIVED_ON && receivedOn <= today) return;
  throw new AppError(
    400,
    EXCEPTION_CODES.DATA_REQUEST_DATE_OUT_OF_RANGE,
    `The day the request was received must be between ${EARLIEST_RECEIVED_ON} and today (${today}).`,
  );
}

/** Records a request; null when no such member exists. */
export async function recordDataRequest(
  tx: Tx,
  input: {
    entityNumber: number;
    kind: DataRequestKind;
    receivedOn: string;
    notes: string;
    recordedBy: number;
    now: Date;
    daysToAnswer: number;
  },
): Promise<DataRequest | null> {
  const [member] = await tx
    .select({ entityNumber: members.entityNumber })
    .from(members)
    .where(eq(members.entityNumber, input.entityNumber));
  if (!member) return null;
  const [row] = await tx
    .insert(dataRequests)
    .values({
      memberEntityNumber: input.entityNumber,
      kind: input.kind,
      receivedOn: input.receivedOn,
      dueOn: addDays(input.receivedOn, input.daysToAnswer),
      notes: input.notes,
      recordedAt: input.now,
      recordedByEntityNumber: input.recordedBy,
    })
    .returning({ requestId: dataRequests.requestId });
  return row ? findDataRequest(tx, row.requestId) : null;
}

/** Answers an open request; null when it was answered already (or is gone). */
export async function completeDataRequest(tx: Tx, requestId: number, outcome: string, now: Date) {
  const [row] = await tx
    .update(dataRequests)
    .set({ status: "COMPLETED", outcome, completedAt: now })
    .where(and(eq(dataRequests.requestId, requestId), eq(dataRequests.status, "OPEN")))
    .returning({ requestId: dataRequests.requestId });
  return row ? findDataRequest(tx, row.requestId) : null;
}

/**
 * An erasure's report, kept on its request. It answers the request, unless a legal hold kept
 * everything: then the request stays open, to be run again once the hold is released.
 */
export async function saveErasureReport(
  tx: Tx,
  requestId: number,
  report: ErasureReport,
  completes: boolean,
) {
  const [row] = await tx
    .update(dataRequests)
    .set(
      completes
        ? {
            erasureReport: report,
            status: "COMPLETED",
            completedAt: new Date(report.ranAt),
            outcome: "The member's data was erased; see the erasure report.",
          }
        : { erasureReport: report },
    )
    .where(eq(dataRequests.requestId, requestId))
    .returning({ requestId: dataRequests.requestId });
  return row ? findDataRequest(tx, row.requestId) : null;
}
