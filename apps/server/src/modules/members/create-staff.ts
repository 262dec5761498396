import { type MemberRole, STAFF_ROLES } from "@portal/domain";
import type { Db } from "../../db/database.js";
import { grantRoles } from "../member-details/roles-repository.js";
import { CreateMemberError, type CreateMemberInput, createMember } from "./create-member.js";
import { DEFAULT_PASSWORD_HASH_COST } from "./passwords.js";

export interface CreateStaffInput extends CreateMemberInput {
  role: MemberRole;
}

/**
 * Creates a log-in for a member of the scheme's staff: the same rules as a member's log-in, plus
 * one staff role (STAFF_AGENT or STAFF_SUPERVISOR). Staff land on the console, never on member pages.
 */
export async function createStaff(
  db: Db,
  input: CreateStaffInput,
  passwordHashCost = DEFAULT_PASSWORD_HASH_COST,
): Promise<number> {
  if (!STAFF_ROLES.includes(input.role)) {
    throw new CreateMemberError(`The role must be one of ${STAFF_ROLES.join(", ")}.`);
  }
  const { role, ...member } = input;
  const entityNumber = await createMember(db, member, passwordHashCost);
  await grantRoles(db, entityNumber, [role]);
  return entityNumber;
}
