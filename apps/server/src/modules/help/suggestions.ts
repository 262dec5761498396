import {
  ADDITIONAL_EMAIL_TOOLTIP_FRAGMENT,
  categoryLabel,
  DEFAULT_CATEGORIES,
  findCategory,
  HELP_SEARCH_MAX_LENGTH,
  MEDXPRESS_CATEGORIES,
  MEDXPRESS_TURNAROUND_FRAGMENT,
  MEDXPRESS_TURNAROUND_LA_HEALTH_FRAGMENT,
  subCategoryLabel,
} from "@portal/domain";

// The help the desk is offered for a reply (it had offered pharmacy snippets on a claims query, and
// texts saying "log your query below", which make no sense in a mail). A suggestion is found by the
// query's category as well as its words, among the fragments of the query's channel only, and is
// put in the reply as the fragment's link and a summary written for a mail: the fragment's
// sentences that do not speak of the portal's form.

/** A conversation as the suggestions read it: its category, subcategory and the member's words. */
export interface SuggestionTopic {
  category: string;
  subCategory: string | null;
  /** The member's messages, newest first: the newest says what is asked now. */
  messages: readonly string[];
}

/** Fragments that are part of the form, not help for a question: never suggested for a reply. */
const FORM_FRAGMENTS: ReadonlySet<string> = new Set([
  ADDITIONAL_EMAIL_TOOLTIP_FRAGMENT,
  MEDXPRESS_TURNAROUND_FRAGMENT,
  MEDXPRESS_TURNAROUND_LA_HEALTH_FRAGMENT,
]);

const MEDXPRESS_FRAGMENTS: ReadonlySet<string> = new Set(
  MEDXPRESS_CATEGORIES.map((option) => option.categoryFragment),
);

const DEFAULT_FRAGMENTS: ReadonlySet<string> = new Set(
  DEFAULT_CATEGORIES.flatMap((option) => [
    option.categoryFragment,
    ...option.subCategory.flatMap((sub) => (sub.redirectFragment ? [sub.redirectFragment] : [])),
  ]),
);

const isMedxpressCategory = (category: string) => findCategory(MEDXPRESS_CATEGORIES, category) !== undefined;

/**
 * Whether a fragment may be suggested for a query of `category`: never a piece of the form; for a
 * medicine-delivery (medxpress) query none of the medical-aid help, for any other query none of
 * the pharmacy's. A fragment no category names (written later) is offered to both.
 */
export function suggestible(path: string, category: string): boolean {
  if (FORM_FRAGMENTS.has(path)) return false;
  return isMedxpressCategory(category) ? !DEFAULT_FRAGMENTS.has(path) : !MEDXPRESS_FRAGMENTS.has(path);
}

/** How much more a fragment counts for being the help of the query's own category or subcategory. */
export function topicBoost(path: string, topic: Pick<SuggestionTopic, "category" | "subCategory">): number {
  const option =
    findCategory(DEFAULT_CATEGORIES, topic.category) ?? findCategory(MEDXPRESS_CATEGORIES, topic.category);
  if (!option) return 1;
  const sub = option.subCategory.find((candidate) => candidate.value === topic.subCategory);
  if (sub?.redirectFragment === path) return 4;
  if (option.categoryFragment === path) return 3;
  if (option.subCategory.some((candidate) => candidate.redirectFragment === path)) return 1.5;
  return 1;
}

/**
 * What the search is asked with: the category's and subcategory's labels (so a short or vague
 * message still finds its category's help), then the member's words, newest message first, cut
 * at a word within the search's 200 characters.
 */
export function suggestionQuestion(topic: SuggestionTopic): string {
  const labels = [categoryLabel(topic.category)];
  if (topic.subCategory && topic.subCategory !== "OTHER") {
    labels.push(subCategoryLabel(topic.category, topic.subCategory));
  }
  // Word by word, stopping at the bound: however long the thread, no more of it is read.
  let question = "";
  for (const text of [...labels, ...topic.messages]) {
    for (const [word] of text.matchAll(/\S+/g)) {
      const longer = question === "" ? word : `${question} ${word}`;
      if (longer.length > HELP_SEARCH_MAX_LENGTH) return question;
      question = longer;
    }
  }
  return question;
}

/**
 * Sentences that speak to a member on the portal's form ("log your query below", "tell us in your
 * query", "choose what you want to do below"): in a reply mail they make no sense, so a summary
 * leaves them out. A new fragment's form phrasing goes here (suggestions.test.ts reads every
 * published fragment's summary against this list).
 */
export const FORM_PHRASES: readonly RegExp[] = [
  /\bbelow\b/i,
  /\blog (?:a|your|the) query\b/i,
  /\b(?:in|to|with) your query\b/i,
  /\bthis form\b/i,
  /\bchoose what you want\b/i,
];

/** At most this long: a summary is a line or two beside the link, the link has the rest. */
export const SUMMARY_MAX_LENGTH = 300;

/** The fragment's sentences for a mail: those not of the form, in order, whole, within the length. */
export function mailSummary(sentences: readonly string[]): string {
  let summary = "";
  for (const sentence of sentences) {
    if (FORM_PHRASES.some((phrase) => phrase.test(sentence))) continue;
    const longer = summary === "" ? sentence : `${summary} ${sentence}`;
    if (longer.length <= SUMMARY_MAX_LENGTH) {
      summary = longer;
      continue;
    }
    // A first sentence longer than a summary is cut at a word; after it, nothing more goes in.
    if (summary === "") {
      const cut = sentence.slice(0, SUMMARY_MAX_LENGTH - 1);
      summary = `${cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : cut.length)}…`;
    }
    break;
  }
  return summary;
}
