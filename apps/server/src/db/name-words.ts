import { type SQL, sql } from "drizzle-orm";
import { members } from "./schema.js";

// The search by name, one way for every caller (the desk's search, Record documents' member
// search, the information officer's lookup): each word typed is the start of a word of the
// person's first name or surname, in any order and any case ("Merwe", "van der M", "Mo Thandi").
// Read by the members_name_words GIN index (schema.ts), whose expression nameWords is.

/** At most this many words are looked for; the rest of the text is ignored. */
export const NAME_WORDS_MAX = 4;
/** A longer word is cut to this many characters (no name word is longer; bounds the query). */
export const NAME_WORD_MAX_LENGTH = 40;

/** The words of a name as the index keeps them: 'simple' (unstemmed, lower-cased), both names. */
export const nameWords = (
  firstName: unknown = members.firstName,
  lastName: unknown = members.lastName,
): SQL => sql`to_tsvector('simple', ${firstName} || ' ' || ${lastName})`;

/**
 * The tsquery text for what was typed: its words (letters, marks and digits only, so no tsquery
 * operator or quote reaches to_tsquery), each a prefix ("merwe:*"), all of them required. A word
 * of one character matches only that word: a prefix of one letter is a tenth of the register.
 * Null when nothing typed is a word.
 */
export function nameWordsQuery(text: string): string | null {
  const words = (
    text
      .normalize("NFC")
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? []
  )
    .slice(0, NAME_WORDS_MAX)
    .map((word) => word.slice(0, NAME_WORD_MAX_LENGTH));
  if (words.length === 0) return null;
  return words.map((word) => (word.length > 1 ? `${word}:*` : word)).join(" & ");
}

/** The members one of whose names starts with each word typed (nameWordsQuery's query). */
export const namesMatch = (query: string): SQL => sql`${nameWords()} @@ to_tsquery('simple', ${query})`;

/** How many members, by entity number, are walked first for a name many share (firstMembersNamed). */
export const NAME_WALK = 5_000;

/**
 * The first `limit` members by entity number that the query names, as an integer[], read one of
 * two ways in one statement. The planner cannot tell them apart (a prefix's share is beyond its
 * statistics): at a million members it walked the primary key for "merwe:*" (a thousand matches,
 * 1 s) and read every match by the GIN index for "thandi:*" (a hundred thousand, 140 ms) or
 * "de:*" (all of them, 820 ms). So the first NAME_WALK members are walked, which holds the first
 * `limit` matches of a name more than a few in a hundred have; when it holds fewer, every match is
 * read by members_name_words and sorted (an order no index keeps: entity_number + 0), which is
 * then a few per cent of the members at most.
 */
export function firstMembersNamed(query: string, limit: number): SQL {
  const words = sql`to_tsquery('simple', ${query})`;
  // The walk is a CTE of its own (materialized): as a subquery named twice in the CASE it ran twice.
  return sql`(with walked as materialized (select array(
      select walk.entity_number from (
        select ${members.entityNumber} as entity_number, ${members.firstName} as first_name,
          ${members.lastName} as last_name
        from ${members} order by ${members.entityNumber} limit ${NAME_WALK}) as walk
      where ${nameWords(sql`walk.first_name`, sql`walk.last_name`)} @@ ${words}
      order by walk.entity_number limit ${limit}) as found)
    select case when cardinality(walked.found) >= ${limit} then walked.found
      else array(select ${members.entityNumber} from ${members} where ${nameWords()} @@ ${words}
        order by ${members.entityNumber} + 0 limit ${limit}) end
    from walked)`;
}
