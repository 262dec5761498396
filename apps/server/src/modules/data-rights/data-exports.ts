import { randomUUID } from "node:crypto";
import { DATA_RIGHTS_LIMITS, type DataExport } from "@portal/domain";
import { and, asc, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Db, Queryable, Tx } from "../../db/database.js";
import { dataExports } from "../../db/schema/data-rights.js";
import { memberEmails } from "../../db/schema/members.js";
import { errors } from "../../lib/errors.js";
import { compose, enqueueMail, type MailBrand, paragraph, strong } from "../mail/index.js";

// The archives of a member's data (member-archive.ts), as rows: asked for, taken by a worker,
// ready for seven days, then expired by the retention purge. One at a time per member; a member
// may ask once a day (the information officer on their behalf is not limited).

const DAY_MS = 24 * 60 * 60 * 1000;
/** A RUNNING archive whose worker has said nothing this long died with its process: taken again. */
export const EXPORT_HEARTBEAT_TIMEOUT_MS = 10 * 60 * 1000;

type ExportRow = typeof dataExports.$inferSelect;

export function exportView(row: ExportRow): DataExport {
  return {
    exportId: row.exportId,
    status: row.status as DataExport["status"],
    progress: { done: row.done, total: row.total },
    requestedAt: row.requestedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes ?? null,
  };
}

/** The member's newest archive, and when they may ask for another (null: now). */
export async function currentExport(db: Queryable, member: number, now: Date) {
  const [latest] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.memberEntityNumber, member))
    .orderBy(desc(dataExports.requestedAt))
    .limit(1);
  const [ownLatest] = await db
    .select({ requestedAt: dataExports.requestedAt })
    .from(dataExports)
    .where(and(eq(dataExports.memberEntityNumber, member), eq(dataExports.requestedByEntityNumber, member)))
    .orderBy(desc(dataExports.requestedAt))
    .limit(1);
  const nextAllowed = ownLatest ? new Date(ownLatest.requestedAt.getTime() + DAY_MS) : null;
  return {
    export: latest ? exportView(latest) : null,
    nextAllowedAt: nextAllowed && nextAllowed > now ? nextAllowed.toISOString() : null,
  };
}

/**
 * Asks for an archive: refused while one is being prepared (409), and for a member within a day
 * of their last (429). The member's row is locked first, so two clicks make one archive.
 */
export async function requestExport(
  tx: Tx,
  input: {
    member: number;
    requestedBy: number;
    now: Date;
    /** The officer's grounds: the access request it answers, or the reason given. */
    dataRequestId?: number | null;
    reason?: string | null;
  },
): Promise<ExportRow> {
  await tx.execute(sql`select 1 from members where entity_number = ${input.member} for update`);
  const [busy] = await tx
    .select({ exportId: dataExports.exportId })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.memberEntityNumber, input.member),
        inArray(dataExports.status, ["QUEUED", "RUNNING"]),
      ),
    )
    .limit(1);
  if (busy) throw errors.conflict("An archive of this member's data is being prepared already.");
  if (input.requestedBy === input.member) {
    const { nextAllowedAt } = await currentExport(tx, input.member, input.now);
    if (nextAllowedAt) {
      throw errors.rateLimited(
        "You can ask for one download of your data a day. You can ask again after the time shown.",
        Math.ceil((new Date(nextAllowedAt).getTime() - input.now.getTime()) / 1000),
      );
    }
  }
  const [row] = await tx
    .insert(dataExports)
    .values({
      memberEntityNumber: input.member,
      requestedByEntityNumber: input.requestedBy,
      status: "QUEUED",
      blobKey: `exports/${input.member}/${randomUUID()}`,
      requestedAt: input.now,
      dataRequestId: input.dataRequestId ?? null,
      reason: input.reason ?? null,
    })
    .returning();
  if (!row) throw new Error("no export row");
  return row;
}

/** Takes the oldest waiting archive (or one whose worker died); null when there is none. */
export async function claimExport(db: Db, now: Date): Promise<ExportRow | null> {
  return db.transaction(async (tx) => {
    const stale = new Date(now.getTime() - EXPORT_HEARTBEAT_TIMEOUT_MS);
    const [row] = await tx
      .select()
      .from(dataExports)
      .where(
        or(
          eq(dataExports.status, "QUEUED"),
          and(eq(dataExports.status, "RUNNING"), lt(dataExports.heartbeatAt, stale)),
        ),
      )
      .orderBy(asc(dataExports.requestedAt))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!row) return null;
    const [claimed] = await tx
      .update(dataExports)
      .set({ status: "RUNNING", heartbeatAt: now, done: 0, total: 0 })
      .where(eq(dataExports.exportId, row.exportId))
      .returning();
    return claimed ?? null;
  });
}

export async function reportProgress(db: Db, exportId: number, done: number, total: number, now: Date) {
  await db
    .update(dataExports)
    .set({ done, total, heartbeatAt: now })
    .where(eq(dataExports.exportId, exportId));
}

/**
 * Ready: offered for seven days; the member is told by mail (no link that opens it: they log in).
 * Only an archive still being prepared becomes ready: false when an erasure (or anything else)
 * cancelled it meanwhile, and the caller deletes the file it wrote.
 */
export async function finishExport(
  db: Db,
  row: ExportRow,
  result: { sizeBytes: number; total: number },
  brand: MailBrand,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const finished = await tx
      .update(dataExports)
      .set({
        status: "READY",
        done: result.total,
        total: result.total,
        sizeBytes: result.sizeBytes,
        readyAt: now,
        expiresAt: new Date(now.getTime() + DATA_RIGHTS_LIMITS.exportAvailableDays * DAY_MS),
      })
      .where(and(eq(dataExports.exportId, row.exportId), eq(dataExports.status, "RUNNING")))
      .returning({ exportId: dataExports.exportId });
    if (finished.length === 0) return false;
    // Asked for by the member: they are told. On their behalf: the information officer hands it over.
    if (row.requestedByEntityNumber !== row.memberEntityNumber) return true;
    const addresses = await tx
      .select({ address: memberEmails.address })
      .from(memberEmails)
      .where(eq(memberEmails.memberEntityNumber, row.memberEntityNumber))
      .orderBy(asc(memberEmails.position));
    if (addresses.length === 0) return true;
    await enqueueMail(
      tx,
      exportReadyMail(
        brand,
        row.memberEntityNumber,
        addresses.map((entry) => entry.address),
      ),
      now,
    );
    return true;
  });
}

/** Failed, unless cancelled meanwhile (an erasure's EXPIRED stays). */
export async function failExport(db: Db, exportId: number): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: "FAILED" })
    .where(and(eq(dataExports.exportId, exportId), eq(dataExports.status, "RUNNING")));
}

export function exportReadyMail(brand: MailBrand, member: number, to: string[]) {
  return compose(
    brand,
    { to: to.slice(0, 1), cc: [], memberEntityNumber: member, referenceNumber: null },
    "DATA_EXPORT_READY",
    "Your data is ready to download",
    [
      paragraph("The download of your data that you asked for is ready."),
      paragraph(
        "Log in to the member portal and open ",
        strong("My data"),
        " to download it. It is offered there for ",
        strong(`${DATA_RIGHTS_LIMITS.exportAvailableDays} days`),
        ". For your safety this e-mail holds no link to it.",
      ),
      paragraph("If you did not ask for this, please contact us."),
    ],
  );
}

/** An archive the member (or the information officer who asked) may download now. */
export async function readyExport(db: Queryable, exportId: number, now: Date): Promise<ExportRow | null> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.exportId, exportId)).limit(1);
  if (row?.status !== "READY" || !row.expiresAt || row.expiresAt <= now) return null;
  return row;
}
