import {
  type EntityRelationship,
  MEMBER_ROLES,
  type MemberRole,
  type PermissionContext,
} from "@portal/domain";
import { asc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/database.js";
import { preparedRead } from "../../db/prepared.js";
import { memberRoles } from "../../db/schema/access.js";
import { policies } from "../../db/schema/member-details.js";

/** Grants roles (seeding, staff accounts and tests); a role already held is left as it is. */
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

// Asked on every staff request and every session probe: prepared once per database.
const rolesStatement = preparedRead("member_roles_of", (db: Queryable) =>
  db
    .select({ role: memberRoles.role })
    .from(memberRoles)
    .where(eq(memberRoles.entityNumber, sql.placeholder("entityNumber")))
    .orderBy(asc(memberRoles.role)),
);

/** The roles a person holds: what decides which audiences (route-access.ts) admit them. */
export async function listRoles(db: Queryable, entityNumber: number): Promise<Set<MemberRole>> {
  const rows = await rolesStatement(db).execute({ entityNumber });
  // The check constraint of member_roles holds these to the domain's values.
  return new Set(rows.map((row) => row.role as MemberRole).filter((role) => MEMBER_ROLES.includes(role)));
}

/** Whether the person is the principal member of at least one policy. */
export async function isPrincipalMember(db: Queryable, entityNumber: number): Promise<boolean> {
  return (await db.$count(policies, eq(policies.principalEntityNumber, entityNumber))) > 0;
}

/** What holdsPermission needs to know about the actor, for an entity related to them as given. */
export async function permissionContextOf(
  db: Queryable,
  actorEntityNumber: number,
  relationship: EntityRelationship,
): Promise<PermissionContext> {
  const [roles, isPrincipal] = await Promise.all([
    listRoles(db, actorEntityNumber),
    isPrincipalMember(db, actorEntityNumber),
  ]);
  return { roles, isPrincipal, relationship };
}
