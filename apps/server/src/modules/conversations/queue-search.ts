import type { SearchExcerptPart } from "@portal/domain";
import { eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { rowsOf } from "../../db/raw-rows.js";
import { agentResponses, conversations, memberProfiles, members, queries } from "../../db/schema.js";

// The desk's search, each kind answered by an index (docs/decisions 0024):
// - digits: a reference number of any query (the primary key, then its conversation) or a
//   membership number (unique), whose member's conversations follow (conversations_member);
// - an e-mail address: the conversations whose queries came from it (conversations_email);
// - words: the start of a member's first name or surname (members_*_name_search), or the words of
//   the conversation's queries and replies, English-stemmed (conversations_search, GIN).

/**
 * A resolved search: the branches whose results the queue merges (queue.ts pageKeys). A "found"
 * branch is a small set of conversations read by its own index and then ordered; words are first
 * looked for among the newest conversations, and as a found set when they are rare there. The
 * planner's estimate of a word's frequency is not trusted: at ten million rows it took a word no
 * conversation has for a common one and walked the whole closed tab looking for it.
 */
export interface QueueSearch {
  branches: SearchBranch[];
  /** The words, for the excerpts. */
  words?: string | undefined;
}

export type SearchBranch =
  | { kind: "found"; condition: SQL }
  | {
      kind: "recent words";
      /** The words' match on a search document (the bounded walk's column). */
      condition: (document: unknown) => SQL;
      /** The same words as a found set, when they are too rare among the newest. */
      rare: { kind: "found"; condition: SQL };
    };

/** Names that start with the same letters are many: the search offers the first ones. */
const NAME_MATCH_LIMIT = 200;
/** How many of the newest conversations (in the queue's order) a search for words reads first. */
export const WALK_LIMIT = 3_000;

const likePrefix = (value: string) =>
  `${value.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
const wordsQuery = (words: string) => sql`websearch_to_tsquery('english', ${words})`;
const wordsMatch = (words: string, document: unknown = conversations.searchDocument) =>
  sql`${document} @@ ${wordsQuery(words)}`;

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
  const prefix = likePrefix(text);
  const [named, byMembership] = await Promise.all([
    db
      .select({ member: members.entityNumber })
      .from(members)
      .where(
        or(sql`lower(${members.lastName}) like ${prefix}`, sql`lower(${members.firstName}) like ${prefix}`),
      )
      .limit(NAME_MATCH_LIMIT),
    memberByMembershipNumber(db, text),
  ]);
  // A membership number names a member, not words in a conversation.
  if (byMembership.length > 0) {
    return {
      branches: [
        {
          kind: "found",
          condition: inArray(
            conversations.memberEntityNumber,
            byMembership.map((row) => row.member),
          ),
        },
      ],
    };
  }
  const people = named.map((row) => row.member);
  const branches: SearchBranch[] = [];
  if (people.length > 0)
    branches.push({ kind: "found", condition: inArray(conversations.memberEntityNumber, people) });
  branches.push({
    kind: "recent words",
    condition: (document) => wordsMatch(text, document),
    rare: { kind: "found", condition: wordsMatch(text) },
  });
  return { branches, words: text };
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
): Promise<Map<number, SearchExcerptPart[] | null>> {
  const rows = await rowsOf<{ conversation: number; headline: string | null }>(
    db,
    sql`select texts.conversation, case when bool_or(texts.document @@ ${wordsQuery(words)}) then
        ts_headline('english', string_agg(texts.body, ' … ' order by texts.at), ${wordsQuery(words)},
          ${`StartSel=${START}, StopSel=${STOP}, MaxWords=24, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`})
      end as headline
    from (
      select ${queries.conversationReferenceNumber} as conversation, ${queries.loggedAt} as at,
        regexp_replace(${queries.queryText}, '[\\x01\\x02]', '', 'g') as body,
        to_tsvector('english', ${queries.queryText}) as document
      from ${queries}
      where ${inArray(queries.conversationReferenceNumber, [...references])} and ${queries.purgedAt} is null
      union all
      select ${agentResponses.referenceNumber}, ${agentResponses.sentAt},
        regexp_replace(regexp_replace(${agentResponses.html}, '<[^>]*>', ' ', 'g'), '[\\x01\\x02]', '', 'g'),
        to_tsvector('english', regexp_replace(${agentResponses.html}, '<[^>]*>', ' ', 'g'))
      from ${agentResponses}
      where ${inArray(agentResponses.referenceNumber, [...references])}
    ) texts
    group by texts.conversation`,
  );
  return new Map(rows.map((row) => [row.conversation, row.headline ? excerptParts(row.headline) : null]));
}
