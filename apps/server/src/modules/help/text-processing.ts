import { stemmer } from "stemmer";

// One tokeniser and one term processor for the fragments and for the questions, so that both
// meet on the same stems: "claims", "claimed" and "claim" all become "claim".

/** Words that carry no topic; without them a question does not match every fragment. */
const STOP_WORDS = new Set(
  (
    "a about above after again all am an and any are as at be because been before being below between " +
    "both but by can could did do does doing don down during each few for from further had has have " +
    "having he her here hers him his how i if in into is it its itself just me more most my myself no " +
    "nor not of off on once only or other our ours out over own same she should so some such than that " +
    "the their theirs them then there these they this those through to too under until up very was we " +
    "were what when where which while who whom why will with would you your yours yourself please " +
    "help need want get got know tell us hi hello thanks thank"
  ).split(" "),
);

/**
 * Words of a text, lower case. A hyphenated word gives its parts and the joined word, so
 * "co-payment" meets "copayment" and "e-mail" meets "email".
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const chunk of text.toLowerCase().split(/[^a-z0-9-]+/)) {
    const parts = chunk.split("-").filter((part) => part.length > 0);
    if (parts.length === 0) continue;
    tokens.push(...parts);
    if (parts.length > 1) tokens.push(parts.join(""));
  }
  return tokens;
}

/** The stem of a word, or null for a stop word or a single letter. */
export function processTerm(term: string): string | null {
  const word = term.toLowerCase();
  if (word.length < 2 || STOP_WORDS.has(word)) return null;
  return stemmer(word);
}
