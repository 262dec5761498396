import { HELP_SEARCH_MAX_LENGTH } from "@portal/domain";

// "Can I speak to a person?" is not a question the help fragments answer: searched, it met the
// medicine-delivery article (its "person" and "speak" stems). A member who asks for a person is
// told how to reach one instead (the scheme's numbers, or a query), before any search.
//
// The question is cut into words and the words compared with fixed phrases: no regular expression
// backtracks, and the work is linear in the question, which is at most HELP_SEARCH_MAX_LENGTH long.

const SPEAK = ["speak", "talk", "chat"];
const TO = ["to", "with"];
/** Who, after "speak to": with or without a/an, real/live/human. */
const WHO = [
  "person",
  "human",
  "human being",
  "agent",
  "consultant",
  "operator",
  "representative",
  "someone",
  "somebody",
  "anyone",
  "anybody",
  "people",
  "staff",
  // After "one of your".
  "agents",
  "consultants",
  "operators",
  "representatives",
  "humans",
];
const BEFORE_WHO = ["", "a ", "an ", "a real ", "a live ", "a human ", "real ", "live ", "one of your "];

/** Phrases that ask for a person wherever they stand in the question. */
const PHRASES: readonly string[] = [
  ...SPEAK.flatMap((speak) =>
    TO.flatMap((to) => BEFORE_WHO.flatMap((before) => WHO.map((who) => `${speak} ${to} ${before}${who}`))),
  ),
  ...["call", "phone", "ring", "contact"].map((verb) => `${verb} me`),
  "call back",
  "callback",
  "call you",
  "phone you",
  ...["person", "human", "agent", "consultant"].flatMap((who) => [`real ${who}`, `live ${who}`]),
  ...["a person", "a human", "an agent", "a consultant"].map((who) => `contact ${who}`),
  "human agent",
  "customer service agent",
].map((phrase) => ` ${phrase} `);

/** The question's words, lower case, one space apart, with a space at each end. */
function words(question: string): string {
  const bounded = question.slice(0, HELP_SEARCH_MAX_LENGTH).toLowerCase();
  // Letters (any script's) and apostrophes make words; everything else separates them.
  return ` ${bounded
    .split(/[^\p{L}']+/u)
    .filter((word) => word !== "")
    .join(" ")} `;
}

/** The words a phrase begins with: a question with none of them is no request for a person. */
const FIRST_WORDS = new Set(PHRASES.map((phrase) => phrase.trim().split(" ")[0] ?? ""));

/** Whether the member asks to speak to a person rather than for an article. */
export function asksForPerson(question: string): boolean {
  const text = words(question);
  // Most questions (every help question) stop here, after one pass over their words.
  if (
    !text
      .trim()
      .split(" ")
      .some((word) => FIRST_WORDS.has(word))
  )
    return false;
  return PHRASES.some((phrase) => text.includes(phrase));
}
