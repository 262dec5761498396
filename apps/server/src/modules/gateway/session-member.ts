import { MEMBER_ROLES, type MemberRole } from "@portal/domain";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { preparedRead } from "../../db/prepared.js";
import { members } from "../../db/schema.js";

// GET /wsg/session answers every page load with who is logged in and which workspace is theirs:
// the member's names and roles in one prepared statement, not a read of the whole member row and
// another of the roles.

export interface SessionMember {
  entityNumber: number;
  firstName: string;
  lastName: string;
  roles: ReadonlySet<MemberRole>;
}

const sessionMemberStatement = preparedRead("session_member", (db: Db) =>
  db
    .select({
      entityNumber: members.entityNumber,
      firstName: members.firstName,
      lastName: members.lastName,
      // Written out, the outer column qualified by hand: a select of one table names its columns
      // unqualified, and inside the subquery "entity_number" would be member_roles' own (every
      // role of everyone). A correlated subquery served by member_roles' primary key.
      roles: sql<
        string[]
      >`array(select role from member_roles where member_roles.entity_number = "members"."entity_number" order by role)`,
    })
    .from(members)
    .where(eq(members.entityNumber, sql.placeholder("entityNumber")))
    .limit(1),
);

export async function findSessionMember(db: Db, entityNumber: number): Promise<SessionMember | undefined> {
  const [row] = await sessionMemberStatement(db).execute({ entityNumber });
  if (!row) return undefined;
  // The check constraint of member_roles holds these to the domain's values (access/roles.ts).
  const roles = new Set(
    row.roles.filter((role): role is MemberRole => MEMBER_ROLES.includes(role as MemberRole)),
  );
  return { entityNumber: row.entityNumber, firstName: row.firstName, lastName: row.lastName, roles };
}
