import { MEMBER_SEARCH_MAX_RESULTS, type MemberSearch, type MemberSearchResult } from "@portal/domain";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { memberProfiles, members } from "../../db/schema.js";

/** Escapes LIKE's wildcards so a surname is matched as typed. */
const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * People whose membership number is the one given, or whose surname starts with the one given
 * (case-insensitive); at most MEMBER_SEARCH_MAX_RESULTS. Staff only: the route checks the role.
 */
export async function searchMembers(db: Db, search: MemberSearch): Promise<MemberSearchResult[]> {
  const condition =
    "membershipNumber" in search
      ? eq(memberProfiles.membershipNumber, search.membershipNumber)
      : sql`lower(${members.lastName}) like lower(${likePrefix(search.surname)})`;
  return db
    .select({
      entityNumber: members.entityNumber,
      membershipNumber: memberProfiles.membershipNumber,
      firstName: members.firstName,
      lastName: members.lastName,
    })
    .from(members)
    .leftJoin(memberProfiles, eq(memberProfiles.entityNumber, members.entityNumber))
    .where(condition)
    .orderBy(asc(members.lastName), asc(members.firstName), asc(members.entityNumber))
    .limit(MEMBER_SEARCH_MAX_RESULTS);
}
