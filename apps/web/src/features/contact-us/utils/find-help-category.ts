import { type CategoryOption, DEFAULT_CATEGORIES } from "@portal/domain";

// Words that say nothing about the topic; "other" and "query" appear in many labels.
const IGNORED_WORDS = new Set([
  "about",
  "and",
  "for",
  "from",
  "have",
  "how",
  "not",
  "other",
  "query",
  "the",
  "what",
  "with",
  "you",
  "your",
]);

/** Lower-case words of three letters or more, with a plural "s" dropped so "claim" meets "claims". */
export function keywords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z]+/g) ?? [])
    .filter((word) => word.length >= 3 && !IGNORED_WORDS.has(word))
    .map((word) => (word.length > 3 && word.endsWith("s") ? word.slice(0, -1) : word));
}

/** A category's vocabulary: the words of its label and of its subcategories' labels. */
function categoryKeywords(option: CategoryOption): Set<string> {
  return new Set([option.label, ...option.subCategory.map((sub) => sub.label)].flatMap(keywords));
}

/**
 * The category whose labels share the most keywords with the question; the earlier one on a tie,
 * undefined when none shares any. Plain keyword matching: the assistant only points at help text.
 */
export function findHelpCategory(
  question: string,
  options: readonly CategoryOption[] = DEFAULT_CATEGORIES,
): CategoryOption | undefined {
  const asked = new Set(keywords(question));
  let best: { option: CategoryOption; score: number } | undefined;
  for (const option of options) {
    const vocabulary = categoryKeywords(option);
    const score = [...asked].filter((word) => vocabulary.has(word)).length;
    if (score > 0 && (best === undefined || score > best.score)) best = { option, score };
  }
  return best?.option;
}
