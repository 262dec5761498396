import type { LegalHold } from "@portal/domain";
import { asc, eq, gt, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable, Tx } from "../../db/database.js";
import { legalHolds } from "../../db/schema/data-rights.js";
import { members } from "../../db/schema/members.js";

// Legal holds: while one is on a member, neither the retention purge nor an erasure removes any of
// their data (retention-purge.ts, erasure.ts). Set and released by the information officer, audited.

const PAGE_SIZE = 50;
const setters = alias(members, "setters");

/**
 * Holds with their member's and setter's names. The holds are chosen (and limited) before the
 * join, so only their own members are read, never a range of the members' key.
 */
function holdsWith(db: Queryable, where: SQL | undefined, limit: number) {
  const page = db
    .select()
    .from(legalHolds)
    .where(where)
    .orderBy(asc(legalHolds.memberEntityNumber))
    .limit(limit)
    .as("page");
  return db
    .select({
      memberEntityNumber: page.memberEntityNumber,
      firstName: members.firstName,
      lastName: members.lastName,
      reason: page.reason,
      setAt: page.setAt,
      setByEntityNumber: page.setByEntityNumber,
      setByFirstName: setters.firstName,
      setByLastName: setters.lastName,
    })
    .from(page)
    .innerJoin(members, eq(members.entityNumber, page.memberEntityNumber))
    .leftJoin(setters, eq(setters.entityNumber, page.setByEntityNumber))
    .orderBy(asc(page.memberEntityNumber));
}

type HoldRow = Awaited<ReturnType<ReturnType<typeof holdsWith>["execute"]>>[number];

function holdView(row: HoldRow): LegalHold {
  return {
    member: { entityNumber: row.memberEntityNumber, firstName: row.firstName, lastName: row.lastName },
    reason: row.reason,
    setAt: row.setAt.toISOString(),
    setBy: {
      entityNumber: row.setByEntityNumber,
      name: row.setByFirstName === null ? null : `${row.setByFirstName} ${row.setByLastName}`,
    },
  };
}

export async function findLegalHold(db: Queryable, member: number): Promise<LegalHold | null> {
  const [row] = await holdsWith(db, eq(legalHolds.memberEntityNumber, member), 1);
  return row ? holdView(row) : null;
}

/** Holds in entity-number order, by key (the primary key serves it). */
export async function listLegalHolds(db: Queryable, after: number | undefined) {
  const rows = await holdsWith(
    db,
    after === undefined ? undefined : gt(legalHolds.memberEntityNumber, after),
    PAGE_SIZE + 1,
  );
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  return {
    holds: page.map(holdView),
    nextCursor: rows.length > PAGE_SIZE && last ? last.memberEntityNumber : null,
  };
}

/** Sets the hold, or replaces its reason. */
export async function setLegalHold(
  tx: Tx,
  hold: { member: number; reason: string; setBy: number; now: Date },
) {
  // The member's row locked, as an erasure locks it: the two never pass each other.
  await tx.execute(sql`select 1 from members where entity_number = ${hold.member} for update`);
  await tx
    .insert(legalHolds)
    .values({
      memberEntityNumber: hold.member,
      reason: hold.reason,
      setAt: hold.now,
      setByEntityNumber: hold.setBy,
    })
    .onConflictDoUpdate({
      target: legalHolds.memberEntityNumber,
      set: { reason: hold.reason, setAt: hold.now, setByEntityNumber: hold.setBy },
    });
}

/** Releases it; how many were released (0: there was none). */
export async function releaseLegalHold(tx: Tx, member: number): Promise<number> {
  const released = await tx
    .delete(legalHolds)
    .where(eq(legalHolds.memberEntityNumber, member))
    .returning({ member: legalHolds.memberEntityNumber });
  return released.length;
}
