import type { Db } from "../../db/database.js";
import { auditEvents } from "../../db/schema.js";

// The audit trail says who read or changed whose data, which resource, when and under which request: never
// the data itself. The table refuses updates and deletes (migration 0002), so this module only adds.

export const AUDIT_ACTIONS = { READ: "READ", UPDATE: "UPDATE" } as const;

export interface AuditedRead {
  actorEntityNumber: number;
  /** Every person whose data the answer holds; the actor's own entity is left out. */
  subjectEntityNumbers: readonly number[];
  resource: string;
  requestId: string;
  at: Date;
}

/** One row per other person read. Written before the answer is sent: no row, no data. */
export async function recordReads(db: Db, read: AuditedRead): Promise<void> {
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
    })),
  );
}

export interface AuditedChange {
  actorEntityNumber: number;
  subjectEntityNumber: number;
  resource: string;
  requestId: string;
  at: Date;
}

/** One row for a change, the actor's own data included. Call inside the change's transaction. */
export async function recordChange(db: Db, change: AuditedChange): Promise<void> {
  await db.insert(auditEvents).values({ ...change, action: AUDIT_ACTIONS.UPDATE });
}

/** A change the person makes to their own data (their picture, their card order). */
export async function recordOwnChange(
  db: Db,
  change: { entityNumber: number; resource: string; requestId: string; at: Date },
): Promise<void> {
  const { entityNumber, ...rest } = change;
  await recordChange(db, { actorEntityNumber: entityNumber, subjectEntityNumber: entityNumber, ...rest });
}
