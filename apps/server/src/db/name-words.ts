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
export const nameWords = (): SQL =>
  sql`to_tsvector('simple', ${members.firstName} || ' ' || ${members.lastName})`;

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
