import { MEMBER_LOOKUP_LIMITS, type MemberLookupResult } from "@portal/domain";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/database.js";
import { namesMatch, nameWordsQuery } from "../../db/name-words.js";
import { rowsOf } from "../../db/raw-rows.js";

/**
 * The information officer's lookup: the people whose membership number or ID number is the term
 * (exactly), or a word of whose first name or surname starts with each of its words (in any case,
 * "Merwe" finds "van der Merwe": db/name-words.ts); at most
 * MEMBER_LOOKUP_LIMITS.maxResults, by surname. Each branch is its own indexed read
 * (member_profiles_membership_number_unique, member_profiles_identity_number, and
 * members_name_words), joined by UNION: an OR across the two tables would read every member.
 */
export async function lookUpMembers(db: Queryable, term: string): Promise<MemberLookupResult[]> {
  const byName = nameWordsQuery(term);
  return rowsOf<MemberLookupResult>(
    db,
    sql`
      select m.entity_number as "entityNumber", m.first_name as "firstName", m.last_name as "lastName",
             p.membership_number as "membershipNumber",
             to_char(p.date_of_birth, 'YYYY-MM-DD') as "dateOfBirth"
      from members m
      left join member_profiles p on p.entity_number = m.entity_number
      where m.entity_number in (
        select entity_number from member_profiles where membership_number = ${term}
        union
        select entity_number from member_profiles where identity_number = ${term}
        union
        select entity_number from members where ${byName === null ? sql`false` : namesMatch(byName)}
      )
      order by lower(m.last_name), lower(m.first_name), m.entity_number
      limit ${MEMBER_LOOKUP_LIMITS.maxResults}`,
  );
}
