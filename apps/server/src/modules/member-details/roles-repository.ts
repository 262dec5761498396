import type { MemberRole } from "@portal/domain";
import type { Queryable } from "../../db/database.js";
import { memberRoles } from "../../db/schema.js";

// Granting roles; reading them is the access module's (access/roles.ts).

/** Grants roles (seeding and tests); a role already held is left as it is. */
export async function grantRoles(
  db: Queryable,
  entityNumber: number,
  roles: readonly MemberRole[],
): Promise<void> {
  if (roles.length === 0) return;
  await db
    .insert(memberRoles)
    .values(roles.map((role) => ({ entityNumber, role })))
    .onConflictDoNothing();
}
