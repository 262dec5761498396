import type { HelpSearchResult } from "@portal/domain";
import { useEffect, useId, useState } from "react";
import { useHelpSearch } from "../../api/search-help";
import { useDisclosure } from "../../lib/use-disclosure";
import { ContentFragment } from "../content-fragment/content-fragment";

export const SUGGESTIONS_TITLE = "These may answer your question";
/** Suggestions start once the details have this many words: fewer say too little to search on. */
export const SUGGESTIONS_MIN_WORDS = 3;
/** How long typing must pause before the details are searched. */
export const SUGGESTIONS_DELAY_MS = 500;
export const SUGGESTIONS_MAX = 3;

function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The words the search is asked with: the start of the details, within the search's 200 characters. */
export function suggestionQuestion(details: string): string {
  const words = details.trim().split(/\s+/).filter(Boolean);
  if (words.length < SUGGESTIONS_MIN_WORDS) return "";
  let question = "";
  for (const word of words) {
    const longer = question === "" ? word : `${question} ${word}`;
    if (longer.length > 200) break;
    question = longer;
  }
  return question;
}

function Suggestion({ result }: { result: HelpSearchResult }) {
  const { open, regionId, toggleProps } = useDisclosure();
  return (
    <li>
      <button type="button" className="btn btn-link p-0 text-start" {...toggleProps}>
        {result.title}
      </button>
      <div id={regionId}>{open ? <ContentFragment path={result.path} className="small mt-1" /> : null}</div>
    </li>
  );
}

/**
 * Help that may answer the query being typed (the details, debounced, from three words on): at most
 * three fragments, each opening in place. A polite live region that never takes focus: typing and
 * sending go on as if it were not there, and a failed search shows nothing.
 */
export function HelpSuggestions({ details }: { details: string }) {
  const titleId = useId();
  const question = suggestionQuestion(useDebounced(details, SUGGESTIONS_DELAY_MS));
  const search = useHelpSearch(question, { keepPrevious: true });
  const results = question === "" ? [] : (search.data ?? []).slice(0, SUGGESTIONS_MAX);
  return (
    <div aria-live="polite" className="mb-3">
      {results.length > 0 ? (
        <section aria-labelledby={titleId} className="border rounded p-2 bg-body-tertiary">
          <h3 id={titleId} className="h6 mb-1">
            {SUGGESTIONS_TITLE}
          </h3>
          <ul className="list-unstyled mb-0">
            {results.map((result) => (
              <Suggestion key={result.path} result={result} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
