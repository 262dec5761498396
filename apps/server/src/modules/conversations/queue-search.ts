import { CONSOLE_LIMITS, type SearchExcerptPart } from "@portal/domain";
import { eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { firstMembersNamed, nameWordsQuery } from "../../db/name-words.js";
import { rowsOf } from "../../db/raw-rows.js";
import { conversations, queries, threadEntries } from "../../db/schema/conversations.js";
import { memberProfiles } from "../../db/schema/member-details.js";

// The desk's search, each kind answered by an index (docs/decisions 0024):
// - digits: a reference number of any query (the primary key, then its conversation) or a
//   membership number (unique), whose member's conversations follow (conversations_member);
// - an e-mail address: the conversations whose queries came from it (conversations_email);
// - words: the start of any word of a member's first name or surname (members_name_words: "Merwe"
//   finds "van der Merwe"), or the words of
//   the conversation's queries and replies, English-stemmed (conversations_search_open and
//   _closed: GIN; and conversations_search_open_hours and _closed_hours: each word paired with the
//   hour of the newest message).

/**
 * A resolved search: the branches whose results the queue merges (queue.ts). A "found" branch is
 * a small set of conversations read by its own index and then ordered. Words are read by the
 * queue (queue.ts wordsPage): words common enough to fill a page among the newest conversations
 * are looked for there first (in the newest hours, by the keys that pair each word with its hour;
 * or, in another order, a walk as long as their frequency needs), and as every match otherwise.
 * How common they are is read from the column's statistics (pg_stats), not left to the planner:
 * at ten million rows it took a word no conversation has for a common one and walked the whole
 * closed tab.
 */
export interface QueueSearch {
  branches: SearchBranch[];
  /** The words, for the excerpts. */
  words?: string | undefined;
  /** The words' tsquery as text when a word's start was expanded to whole lexemes (typedWordsQuery). */
  query?: string | undefined;
}

export type SearchBranch =
  | { kind: "found"; condition: SQL }
  | {
      kind: "words";
      /** How many of the newest conversations (of each status) to walk first; null for rare words. */
      walk: number | null;
      /** The words' match on a search document (the conversation's, or a walk's column). */
      condition: (document?: unknown) => SQL;
      /** The lexemes whose hour keys hold every match (wordsFrequency); null: none do. */
      hourKeys: readonly string[] | null;
      /** An hour key found is a match (the words are one lexeme). */
      hourKeysSuffice: boolean;
    };

/**
 * Names that start with the same letters are many: the search offers the conversations of the
 * first ones by entity number. The order is what makes it the same set every time: without it
 * PostgreSQL's synchronised sequential scans (members is larger than a quarter of shared_buffers)
 * started each search where the last one stopped, so every call, and every page of one search,
 * met a different 200 members.
 */
export const NAME_MATCH_LIMIT = 200;
/** The shortest walk, for words nearly every conversation has. */
const SHORTEST_WALK = 200;
/** A walk is sized to meet two pages of matches (the page is the queue's, and one more row). */
const MATCHES_WANTED = 2 * (CONSOLE_LIMITS.queuePageSize + 1);

/** How common the words are, and among how many conversations (both from the statistics). */
export interface WordsFrequency {
  /** The share of conversations the words match. */
  share: number;
  conversations: number;
  /**
   * The lexemes every match holds one of, so that their keys of a few hours (search_hour_keys)
   * find every match of those hours: the rarest when all must match; every one of alternatives,
   * unless a word is negated (a match of "-word" holds none). Null for the latter.
   */
  hourKeys: string[] | null;
  /** The words are that one lexeme: an hour key found means a match, with no need to read the words. */
  hourKeysSuffice: boolean;
}

/**
 * How to look for words: a walk among the newest conversations of each status (the all tab walks
 * two) long enough to meet two pages of matches, when that reads fewer rows than the found set
 * would (every match, read by the GIN index and sorted); null for the found set. The two cost the
 * same at a share of about the square root of 2 × 52 / conversations (0.36 % at 8 million).
 */
export function wordsWalk({
  share,
  conversations,
}: Pick<WordsFrequency, "share" | "conversations">): number | null {
  if (share <= 0) return null;
  const walk = Math.max(SHORTEST_WALK, Math.ceil(MATCHES_WANTED / share));
  return 2 * walk < share * conversations ? walk : null;
}

/** The search documents' statistics the word search sizes itself by (kept: searchStatistics). */
interface SearchStatistics {
  conversations: number;
  /** The most common lexemes and the share of conversations holding each. */
  frequencies: ReadonlyMap<string, number>;
}

/**
 * How long a process keeps the statistics: ANALYZE changes them seldom (autovacuum's, after a
 * tenth of the table changed), and reading them (the pg_stats view) cost a search a statement and
 * a millisecond of planning. Stale ones only choose the way the words are read, never what is found.
 */
const STATISTICS_KEPT_MS = 5 * 60_000;
const keptStatistics = new WeakMap<Db, { until: number; statistics: Promise<SearchStatistics> }>();

function searchStatistics(db: Db): Promise<SearchStatistics> {
  const kept = keptStatistics.get(db);
  if (kept && kept.until > Date.now()) return kept.statistics;
  const statistics = readSearchStatistics(db);
  keptStatistics.set(db, { until: Date.now() + STATISTICS_KEPT_MS, statistics });
  // A failed read is not kept: the next search asks again.
  statistics.catch(() => keptStatistics.delete(db));
  return statistics;
}

async function readSearchStatistics(db: Db): Promise<SearchStatistics> {
  // As JSON: both drivers read it alike (PGlite and node-postgres parse real[] differently).
  const stats = sql`from pg_stats where schemaname = current_schema()
    and tablename = 'conversations' and attname = 'search_document'`;
  const [row] = await rowsOf<{ conversations: number; lexemes: string[] | null; shares: number[] | null }>(
    db,
    sql`select greatest((select reltuples from pg_class where oid = 'conversations'::regclass), 0)::float8 as conversations,
      (select to_json(most_common_elems::text::text[]) ${stats}) as lexemes,
      (select to_json(most_common_elem_freqs) ${stats}) as shares`,
  );
  const lexemes = row?.lexemes ?? [];
  return {
    conversations: Number(row?.conversations ?? 0),
    frequencies: new Map(lexemes.map((lexeme, index) => [lexeme, Number(row?.shares?.[index] ?? 0)])),
  };
}

/**
 * The share of conversations the words match, from the statistics ANALYZE keeps on the search
 * documents (the most common lexemes and their frequencies): the rarest word for words that must
 * all match, the sum for alternatives ("or"); a lexeme not among the most common counts as 0.
 * Negated words ("-word") do not count. Null when the words hold no lexeme (only stop words).
 * `query` is the words' tsquery as text: 'lexeme' & !'other' | 'third' <-> 'fourth'.
 */
function frequencyOf(query: string, statistics: SearchStatistics): WordsFrequency | null {
  const lexemes = [...query.matchAll(/(!?)'((?:[^']|'')*)'/g)]
    .filter((match) => match[1] === "")
    .map((match) => (match[2] ?? "").replaceAll("''", "'"));
  const wanted = lexemes.map((lexeme) => statistics.frequencies.get(lexeme) ?? 0);
  if (wanted.length === 0) return null;
  const alternatives = query.includes("|");
  const share = alternatives
    ? Math.min(
        1,
        wanted.reduce((sum, each) => sum + each, 0),
      )
    : Math.min(...wanted);
  const rarest = lexemes[wanted.indexOf(Math.min(...wanted))] ?? "";
  const hourKeys = alternatives ? (query.includes("!") ? null : lexemes) : [rarest];
  const hourKeysSuffice = query === `'${(hourKeys?.[0] ?? "").replaceAll("'", "''")}'`;
  return { share, conversations: statistics.conversations, hourKeys, hourKeysSuffice };
}

/** How common the words are (frequencyOf). */
export async function wordsFrequency(db: Db, words: string): Promise<WordsFrequency | null> {
  const [[row], statistics] = await Promise.all([
    rowsOf<{ query: string }>(db, sql`select ${wordsQuery(words)}::text as query`),
    searchStatistics(db),
  ]);
  return frequencyOf(row?.query ?? "", statistics);
}

const wordsQuery = (words: string) => sql`websearch_to_tsquery('english', ${words})`;

/** The most lexemes a typed start expands to: each is one more hour key for every window probed. */
export const PREFIX_LEXEMES = 20;
/** Shorter starts are left as words: two letters start too many lexemes to mean any of them. */
const PREFIX_SHORTEST = 3;
/** Plain words only: quotes, "-", "or" and the like keep websearch_to_tsquery's meaning, unexpanded. */
const PLAIN_WORDS = /^[\p{L}\p{N}]+(?:\s+[\p{L}\p{N}]+)*$/u;

/**
 * The words' tsquery, the last word typed read as the start of a word when it is not one
 * ("optom" had found nothing): when its stem is no lexeme of any conversation
 * (search_lexemes), it becomes the first PREFIX_LEXEMES lexemes that start with it, lower-cased and
 * unstemmed (stems keep their start: "optometrist", "physiotherapi"), as alternatives; with none,
 * the words as they are. A whole word (its stem a lexeme) is searched exactly as before. The
 * lexemes are quoted into the tsquery, so nothing typed becomes an operator.
 */
function typedWordsQuery(text: string): SQL {
  const words = text.trim().split(/\s+/);
  const last = words.at(-1) ?? "";
  if (
    !PLAIN_WORDS.test(text.trim()) ||
    last.length < PREFIX_SHORTEST ||
    words.some((word) => word.toLowerCase() === "or")
  )
    return wordsQuery(text);
  const start = last.toLowerCase();
  const rest = words.slice(0, -1).join(" ");
  // C collation (migration 0032): every lexeme that starts with `start` lies in [start, start + U+10FFFF).
  const expanded = sql`(select string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''', ' | ')::tsquery
    from (select lexeme from search_lexemes where lexeme >= ${start} and lexeme < ${`${start}\u{10FFFF}`}
      order by lexeme limit ${PREFIX_LEXEMES}) as starting)`;
  return sql`(select case
      when stem.lexeme is null or expansion.query is null
        or exists (select 1 from search_lexemes where lexeme = stem.lexeme) then ${wordsQuery(text)}
      else ${rest === "" ? sql`expansion.query` : sql`${wordsQuery(rest)} && expansion.query`} end
    from (select (tsvector_to_array(to_tsvector('english', ${last})))[1] as lexeme) as stem,
      (select ${expanded} as query) as expansion)`;
}
const wordsMatch = (words: string, document: unknown = conversations.searchDocument) =>
  sql`${document} @@ ${wordsQuery(words)}`;
const queryMatch = (query: string, document: unknown = conversations.searchDocument) =>
  sql`${document} @@ ${query}::tsquery`;

/**
 * The first members a word of whose names starts with each word of the text, in a stable order;
 * none when the text has no word (nameWordsQuery).
 */
function membersNamed(text: string): SQL {
  const query = nameWordsQuery(text);
  return query === null ? sql`null::integer[]` : firstMembersNamed(query, NAME_MATCH_LIMIT);
}

function memberByMembershipNumber(db: Db, text: string) {
  return db
    .select({ member: memberProfiles.entityNumber })
    .from(memberProfiles)
    .where(eq(memberProfiles.membershipNumber, text))
    .limit(1);
}

/** Looks up what the text names (a reference, a member, an address, words) before the page is read. */
export async function resolveSearch(db: Db, text: string): Promise<QueueSearch> {
  if (/^\d{1,9}$/.test(text)) {
    const [byReference, byMembership] = await Promise.all([
      db
        .select({ conversation: queries.conversationReferenceNumber })
        .from(queries)
        .where(eq(queries.referenceNumber, Number(text)))
        .limit(1),
      memberByMembershipNumber(db, text),
    ]);
    const conditions = [
      ...byReference.map((row) => eq(conversations.referenceNumber, row.conversation)),
      ...(byMembership.length > 0
        ? [
            inArray(
              conversations.memberEntityNumber,
              byMembership.map((row) => row.member),
            ),
          ]
        : []),
    ];
    return {
      branches: conditions.length > 0 ? [{ kind: "found", condition: or(...conditions) as SQL }] : [],
    };
  }
  if (text.includes("@")) {
    return {
      branches: [{ kind: "found", condition: sql`lower(${conversations.email}) = ${text.toLowerCase()}` }],
    };
  }
  // What the text names, in one statement: the members whose names' words start with its words, the member
  // whose membership number it is, and the words' query (a statement each cost three round trips).
  const [[named], statistics] = await Promise.all([
    rowsOf<{ exact: string; query: string; people: number[] | null; membership: number | null }>(
      db,
      sql`select ${wordsQuery(text)}::text as exact, ${typedWordsQuery(text)}::text as query,
        to_json(${membersNamed(text)}) as people,
        ${memberByMembershipNumber(db, text)} as membership`,
    ),
    searchStatistics(db),
  ]);
  // A membership number names a member, not words in a conversation.
  if (named?.membership != null) {
    return {
      branches: [{ kind: "found", condition: eq(conversations.memberEntityNumber, named.membership) }],
    };
  }
  const query = named?.query ?? "";
  // The words as typed, or a word's start expanded (typedWordsQuery): then matched by that tsquery.
  const expanded = query !== (named?.exact ?? "") ? query : undefined;
  const frequency = frequencyOf(query, statistics);
  const people = named?.people ?? [];
  const branches: SearchBranch[] = [];
  if (people.length > 0)
    branches.push({ kind: "found", condition: inArray(conversations.memberEntityNumber, people) });
  if (frequency === null) return { branches, words: text };
  branches.push({
    kind: "words",
    walk: wordsWalk(frequency),
    condition: (document) =>
      expanded === undefined ? wordsMatch(text, document) : queryMatch(expanded, document),
    hourKeys: frequency.hourKeys,
    hourKeysSuffice: frequency.hourKeysSuffice,
  });
  return { branches, words: text, query: expanded };
}

// Marks PostgreSQL puts around the words found; characters no message keeps (stripped first).
const START = "\u0001";
const STOP = "\u0002";

/** Splits a headline into plain parts and found words: never HTML, the browser shows it as text. */
export function excerptParts(headline: string): SearchExcerptPart[] {
  const parts: SearchExcerptPart[] = [];
  for (const [index, piece] of headline.split(START).entries()) {
    const [found, rest] = index === 0 ? [null, piece] : piece.split(STOP);
    if (found) parts.push({ text: found, match: true });
    if (rest) parts.push({ text: rest, match: false });
  }
  return parts;
}

/**
 * Where the words were found, for the page's conversations only: a headline over each one's
 * messages and replies (a handful of rows by the conversation's index, never the whole result).
 */
export async function searchExcerpts(
  db: Db,
  words: string,
  references: readonly number[],
  /** The words' tsquery as text when a word's start was expanded (QueueSearch.query). */
  query?: string,
): Promise<Map<number, SearchExcerptPart[] | null>> {
  const tsquery = query === undefined ? wordsQuery(words) : sql`${query}::tsquery`;
  const rows = await rowsOf<{ conversation: number; headline: string | null }>(
    db,
    sql`select texts.conversation, case when bool_or(texts.document @@ ${tsquery}) then
        ts_headline('english', string_agg(texts.body, ' … ' order by texts.at), ${tsquery},
          ${`StartSel=${START}, StopSel=${STOP}, MaxWords=24, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`})
      end as headline
    from (
      select ${queries.conversationReferenceNumber} as conversation, ${queries.loggedAt} as at,
        regexp_replace(${queries.queryText}, '[\\x01\\x02]', '', 'g') as body,
        to_tsvector('english', ${queries.queryText}) as document
      from ${queries}
      where ${inArray(queries.conversationReferenceNumber, [...references])} and ${queries.purgedAt} is null
      union all
      select ${threadEntries.conversationReferenceNumber}, ${threadEntries.at},
        regexp_replace(regexp_replace(${threadEntries.body}, '<[^>]*>', ' ', 'g'), '[\\x01\\x02]', '', 'g'),
        to_tsvector('english', regexp_replace(${threadEntries.body}, '<[^>]*>', ' ', 'g'))
      from ${threadEntries}
      where ${inArray(threadEntries.conversationReferenceNumber, [...references])} and ${threadEntries.kind} = 'REPLY'
    ) texts
    group by texts.conversation`,
  );
  return new Map(rows.map((row) => [row.conversation, row.headline ? excerptParts(row.headline) : null]));
}
