import fs from "node:fs/promises";
import path from "node:path";
import {
  ADDITIONAL_EMAIL_TOOLTIP_FRAGMENT,
  type CategoryOption,
  DEFAULT_CATEGORIES,
  HELP_SEARCH_MAX_RESULTS,
  type HelpSearchResult,
  MEDXPRESS_CATEGORIES,
  MEDXPRESS_TURNAROUND_FRAGMENT,
  MEDXPRESS_TURNAROUND_LA_HEALTH_FRAGMENT,
} from "@portal/domain";
import { JSDOM } from "jsdom";
import MiniSearch, { type SearchOptions } from "minisearch";
import {
  mailSummary,
  type SuggestionTopic,
  suggestible,
  suggestionQuestion,
  topicBoost,
} from "./suggestions.js";
import { expandSynonyms } from "./synonyms.js";
import { processTerm, tokenize } from "./text-processing.js";

// The help search: every published fragment under CONTENT_DIR (the preview tree excluded, as the
// content service never publishes it), indexed by title, text and the labels of the form that
// shows it. The index is rebuilt when a fragment is added, removed or changed: a search compares
// the files' sizes and modification times with those the index was built from, at most once every
// CONTENT_RECHECK_MS (searches come as the member types; a walk of the folder each time is waste).

export interface HelpDocument {
  id: string;
  title: string;
  text: string;
  /** Labels of the category and subcategories that lead to this fragment in the form. */
  labels: string;
}

/** Fragments that no category leads to, named by what the member sees them as. */
const FIXED_TITLES: Record<string, string> = {
  [ADDITIONAL_EMAIL_TOOLTIP_FRAGMENT]: "Additional email address",
  [MEDXPRESS_TURNAROUND_FRAGMENT]: "When the pharmacy team replies",
  [MEDXPRESS_TURNAROUND_LA_HEALTH_FRAGMENT]: "When the pharmacy team replies (LA Health and Remedi)",
};

interface Labelled {
  title: string;
  labels: string;
}

function domainLabels(): Map<string, Labelled> {
  const byPath = new Map<string, Labelled>();
  const add = (option: CategoryOption, medxpress: boolean) => {
    const subLabels = option.subCategory.map((sub) => sub.label).filter((label) => label !== "Other");
    byPath.set(option.categoryFragment, {
      title: medxpress ? `Medicine delivery: ${option.label.toLowerCase()}` : option.label,
      labels: [option.label, ...subLabels].join(". "),
    });
    for (const sub of option.subCategory) {
      if (sub.redirectFragment) {
        byPath.set(sub.redirectFragment, { title: sub.label, labels: `${option.label}. ${sub.label}` });
      }
    }
  };
  for (const option of DEFAULT_CATEGORIES) add(option, false);
  for (const option of MEDXPRESS_CATEGORIES) add(option, true);
  return byPath;
}

const LABELS = domainLabels();

/** "update-bank-details.html" → "Update bank details": the last resort for a fragment's title. */
function titleFromFileName(contentPath: string): string {
  const words = path.posix
    .basename(contentPath)
    .replace(/\.html?$/i, "")
    .replaceAll("-", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const squeeze = (text: string) => text.replace(/\s+/g, " ").trim();

/** Plain text and heading of a fragment, read by a real HTML parser (no scripts run). */
export function readFragment(contentPath: string, html: string): HelpDocument {
  const fragment = JSDOM.fragment(html);
  const heading = fragment.querySelector("h1, h2, h3, h4, h5, h6");
  const headingText = heading ? squeeze(heading.textContent ?? "") : "";
  heading?.remove();
  // Block ends become spaces, so list items and paragraphs do not run into each other.
  for (const block of fragment.querySelectorAll("p, li, br, div, td, th")) block.append(" ");
  const known = LABELS.get(contentPath);
  return {
    id: contentPath,
    title: headingText || FIXED_TITLES[contentPath] || known?.title || titleFromFileName(contentPath),
    text: squeeze(fragment.textContent ?? ""),
    labels: known?.labels ?? "",
  };
}

interface FileStamp {
  contentPath: string;
  file: string;
  stamp: string;
}

/** Published fragment files under the content root; the preview tree, hidden files and links are skipped. */
async function listFragments(root: string): Promise<FileStamp[]> {
  const found: FileStamp[] = [];
  const walk = async (dir: string, segments: string[]) => {
    let entries: import("node:fs").Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      if (segments.length === 0 && entry.name === "preview") continue;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(file, [...segments, entry.name]);
      else if (entry.isFile() && /\.html?$/i.test(entry.name)) {
        const stat = await fs.stat(file);
        found.push({
          contentPath: `/${[...segments, entry.name].join("/")}`,
          file,
          stamp: `${stat.size}:${stat.mtimeMs}`,
        });
      }
    }
  };
  await walk(root, []);
  return found.sort((a, b) => a.contentPath.localeCompare(b.contentPath));
}

const EXCERPT_LENGTH = 180;

/** A sentence of a fragment with its stems, worked out once when the index is built. */
interface Sentence {
  text: string;
  stems: ReadonlySet<string>;
}

export function sentencesOf(text: string): Sentence[] {
  const sentences = text
    .match(/[^.!?]+[.!?]*/g)
    ?.map(squeeze)
    .filter(Boolean) ?? [text];
  return sentences.map((sentence) => ({
    text: sentence,
    stems: new Set(tokenize(sentence).flatMap((word) => processTerm(word) ?? [])),
  }));
}

/** The sentence that shares most stems with the matched terms (the first on a tie), shortened. */
export function excerptOf(sentences: readonly Sentence[], matchedTerms: readonly string[]): string {
  let best = sentences[0]?.text ?? "";
  let bestScore = 0;
  for (const sentence of sentences) {
    let score = 0;
    for (const term of matchedTerms) if (sentence.stems.has(term)) score += 1;
    if (score > bestScore) {
      best = sentence.text;
      bestScore = score;
    }
  }
  if (best.length <= EXCERPT_LENGTH) return best;
  const cut = best.slice(0, EXCERPT_LENGTH);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : EXCERPT_LENGTH)}…`;
}

function newIndex(): MiniSearch<HelpDocument> {
  return new MiniSearch<HelpDocument>({
    fields: ["title", "text", "labels"],
    storeFields: ["title"],
    tokenize,
    processTerm,
    searchOptions: {
      boost: { title: 3, labels: 2, text: 1 },
      combineWith: "OR",
      prefix: (term) => term.length >= 4,
    },
  });
}

/** The index and, beside it, each fragment's sentences for the excerpts. */
interface Built {
  index: MiniSearch<HelpDocument>;
  sentences: ReadonlyMap<string, Sentence[]>;
}

/** Help offered for a reply: the fragment, its title and what of it reads right in a mail. */
export interface HelpSuggestion {
  path: string;
  title: string;
  summary: string;
}

export interface HelpSearch {
  search(question: string, limit?: number): Promise<HelpSearchResult[]>;
  /** The help for a conversation's reply, by its category and words, best first (suggestions.ts). */
  suggest(topic: SuggestionTopic, limit?: number): Promise<HelpSuggestion[]>;
}

/** How often at most the content folder is walked for changes: a search is a request on a hot path. */
export const CONTENT_RECHECK_MS = 5_000;

export function createHelpSearch(contentRoot: string, now: () => Date = () => new Date()): HelpSearch {
  let built: ({ signature: string; checkedAt: number } & Built) | undefined;
  let building: Promise<Built> | undefined;

  const build = async (files: FileStamp[], signature: string, checkedAt: number): Promise<Built> => {
    const index = newIndex();
    const sentences = new Map<string, Sentence[]>();
    for (const { contentPath, file } of files) {
      try {
        const fragment = readFragment(contentPath, await fs.readFile(file, "utf8"));
        index.add(fragment);
        sentences.set(fragment.id, sentencesOf(fragment.text));
      } catch {
        // A fragment removed while the index is built is simply left out.
      }
    }
    built = { signature, index, sentences, checkedAt };
    return built;
  };

  /** The index for the fragments as they are now: rebuilt when any file changed since the last build. */
  const current = async (): Promise<Built> => {
    const at = now().getTime();
    if (built && at - built.checkedAt < CONTENT_RECHECK_MS) return built;
    const files = await listFragments(contentRoot);
    const signature = files.map((file) => `${file.contentPath}=${file.stamp}`).join("\n");
    if (built?.signature === signature) {
      built.checkedAt = at;
      return built;
    }
    building ??= build(files, signature, at).finally(() => {
      building = undefined;
    });
    return building;
  };

  /** The index's hits for a question, best first; `options` narrow and weigh them. */
  const hitsFor = (
    index: MiniSearch<HelpDocument>,
    question: string,
    options: Pick<SearchOptions, "filter" | "boostDocument"> = {},
  ) => {
    // Typos are forgiven in the member's own words only: the synonyms appended after them are
    // spelled right, and a fuzzy walk of the index per term was most of a search's time.
    const ownTerms = tokenize(question).filter((word) => processTerm(word) !== null).length;
    return index.search(expandSynonyms(question), {
      fuzzy: (term, position) => (position < ownTerms && term.length >= 6 ? 0.2 : false),
      ...options,
    });
  };

  return {
    async suggest(topic, limit = HELP_SEARCH_MAX_RESULTS) {
      const { index, sentences } = await current();
      const question = suggestionQuestion(topic);
      if (question === "") return [];
      const hits = hitsFor(index, question, {
        filter: (hit) => suggestible(hit.id as string, topic.category),
        boostDocument: (id) => topicBoost(id as string, topic),
      });
      return hits.slice(0, Math.min(limit, HELP_SEARCH_MAX_RESULTS)).map((hit) => ({
        path: hit.id as string,
        title: hit.title as string,
        summary: mailSummary((sentences.get(hit.id as string) ?? []).map((sentence) => sentence.text)),
      }));
    },

    async search(question, limit = 3) {
      const { index, sentences } = await current();
      const hits = hitsFor(index, question);
      return hits.slice(0, Math.min(limit, HELP_SEARCH_MAX_RESULTS)).map((hit) => ({
        path: hit.id as string,
        title: hit.title as string,
        excerpt: excerptOf(sentences.get(hit.id as string) ?? [], hit.terms),
      }));
    },
  };
}
