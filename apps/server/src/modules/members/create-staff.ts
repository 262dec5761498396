import { type MemberRole, STAFF_ROLES } from "@portal/domain";
import type { Db, Tx } from "../../db/database.js";
import { DEFAULT_PASSWORD_HASH_COST } from "../../lib/passwords.js";
import { grantRoles } from "../access/index.js";
import { CreateMemberError, type CreateMemberInput, createMember } from "./create-member.js";
import { type RoleGrant, roleGranted } from "./role-grants.js";

export interface CreateStaffInput extends CreateMemberInput {
  role: MemberRole;
  /**
   * Who gives the role (role-grants.ts tells others of an information officer's). Null only for
   * the demo's seed, whose people all arrive at once on an empty database.
   */
  grant: RoleGrant | null;
}

/**
 * Creates a log-in for a member of the scheme's staff: the same rules as a member's log-in, plus
 * one staff role (STAFF_AGENT or STAFF_SUPERVISOR), granted in the same transaction. Staff land on
 * the console, never on member pages. `alsoInTransaction` joins that transaction too (the audit row
 * of an operator's `staff:create`).
 */
export async function createStaff(
  db: Db,
  input: CreateStaffInput,
  passwordHashCost = DEFAULT_PASSWORD_HASH_COST,
  alsoInTransaction?: (tx: Tx, entityNumber: number) => Promise<void>,
): Promise<number> {
  if (!STAFF_ROLES.includes(input.role)) {
    throw new CreateMemberError(`The role must be one of ${STAFF_ROLES.join(", ")}.`);
  }
  const { role, grant, ...member } = input;
  return createMember(db, member, passwordHashCost, async (tx, entityNumber) => {
    await grantRoles(tx, entityNumber, [role]);
    if (grant) await roleGranted(tx, entityNumber, [], role, grant);
    await alsoInTransaction?.(tx, entityNumber);
  });
}
