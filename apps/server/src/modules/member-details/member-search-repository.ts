import { MEMBER_SEARCH_MAX_RESULTS, type MemberSearch, type MemberSearchResult } from "@portal/domain";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { namesMatch, nameWordsQuery } from "../../db/name-words.js";
import { memberProfiles } from "../../db/schema/member-details.js";
import { members } from "../../db/schema/members.js";

/**
 * People whose membership number is the one given, or a word of whose names starts with each word
 * of the surname given, in any case ("Merwe" finds "van der Merwe": db/name-words.ts); at most
 * MEMBER_SEARCH_MAX_RESULTS. Staff only: the route checks the role.
 */
export async function searchMembers(db: Db, search: MemberSearch): Promise<MemberSearchResult[]> {
  const byName = "surname" in search ? nameWordsQuery(search.surname) : null;
  const condition =
    "membershipNumber" in search
      ? eq(memberProfiles.membershipNumber, search.membershipNumber)
      : byName === null
        ? sql`false`
        : namesMatch(byName);
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
