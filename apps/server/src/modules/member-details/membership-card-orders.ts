import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../db/database.js";
import { membershipCardOrders } from "../../db/schema/member-details.js";

export interface CardOrder {
  id: number;
  /** False when an order of the same day was found instead. */
  created: boolean;
}

/**
 * Places the day's card order for the person, or finds the one already placed that day. The unique
 * key on (entity, day) settles two clicks at once: one inserts, the other finds its row.
 */
export async function placeCardOrder(
  db: Queryable,
  order: { entityNumber: number; orderedBy: number; orderedOn: string },
): Promise<CardOrder> {
  const [inserted] = await db
    .insert(membershipCardOrders)
    .values(order)
    .onConflictDoNothing({ target: [membershipCardOrders.entityNumber, membershipCardOrders.orderedOn] })
    .returning({ id: membershipCardOrders.id });
  if (inserted) return { id: inserted.id, created: true };
  const [existing] = await db
    .select({ id: membershipCardOrders.id })
    .from(membershipCardOrders)
    .where(
      and(
        eq(membershipCardOrders.entityNumber, order.entityNumber),
        eq(membershipCardOrders.orderedOn, order.orderedOn),
      ),
    )
    .limit(1);
  if (!existing) throw new Error("The day's card order was neither inserted nor found.");
  return { id: existing.id, created: false };
}
