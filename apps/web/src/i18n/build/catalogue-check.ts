import { type PluralCategory, parse, type Token } from "@messageformat/parser";

/** What one language's catalogue holds: each message id's translation ("" or absent: none yet). */
export type CatalogueTranslations = Readonly<Record<string, string | undefined>>;

/**
 * What is wrong with a language's catalogue against the English messages (id → English): a
 * translation that is not valid ICU MessageFormat (plural keys by the language's own plural rules,
 * which Intl gives), or whose placeholders, plurals and numbered tags (`<0>…</0>`) differ from the
 * English. A language offered to members (`complete`) must also translate every message. One
 * sentence per problem, naming the language and the message id.
 */
export function catalogueProblems(
  language: string,
  english: Readonly<Record<string, string>>,
  translations: CatalogueTranslations,
  { complete }: { complete: boolean },
): string[] {
  const problems: string[] = [];
  const cardinal = new Intl.PluralRules(language).resolvedOptions().pluralCategories as PluralCategory[];
  const ordinal = new Intl.PluralRules(language, { type: "ordinal" }).resolvedOptions()
    .pluralCategories as PluralCategory[];
  for (const [id, source] of Object.entries(english)) {
    const translation = translations[id];
    if (translation === undefined || translation === "") {
      if (complete) problems.push(`${language}: ${id} has no translation`);
      continue;
    }
    let tokens: Token[];
    try {
      tokens = parse(translation, { cardinal, ordinal });
    } catch (error) {
      problems.push(`${language}: ${id} is not valid ICU MessageFormat: ${(error as Error).message}`);
      continue;
    }
    const expected = placeholdersOf(parse(source));
    const found = placeholdersOf(tokens);
    if (expected.join(" ") !== found.join(" ")) {
      problems.push(
        `${language}: ${id} has the placeholders [${found.join(", ")}], English has [${expected.join(", ")}]`,
      );
    }
  }
  for (const id of Object.keys(translations)) {
    if (!(id in english)) problems.push(`${language}: ${id} is in the catalogue but no screen has it`);
  }
  return problems;
}

/**
 * A message's placeholders, sorted, each once: `{name}` as "name", `{count, plural, …}` as
 * "count:plural", `#` as "#", and each numbered tag as "<0>". Texts, and which plural cases a
 * language needs, may differ; what the code fills in may not.
 */
export function placeholdersOf(tokens: readonly Token[]): string[] {
  const found = new Set<string>();
  const visit = (list: readonly Token[]) => {
    for (const token of list) {
      if (token.type === "content") {
        for (const tag of token.value.matchAll(/<(\d+)>/g)) found.add(`<${tag[1]}>`);
      } else if (token.type === "argument") found.add(token.arg);
      else if (token.type === "function") found.add(`${token.arg}:${token.key}`);
      else if (token.type === "octothorpe") found.add("#");
      else {
        found.add(`${token.arg}:${token.type}`);
        for (const branch of token.cases) visit(branch.tokens);
      }
    }
  };
  visit(tokens);
  return [...found].sort();
}
