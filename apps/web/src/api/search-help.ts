import type { HelpSearchResponse, HelpSearchResult } from "@portal/domain";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "../lib/http";

// Shared by two features (the virtual assistant and the log-a-query form's suggestions), so it
// lives with the other shared calls rather than in one feature's api/ folder.

export const HELP_SEARCH_URL = "/api/help/search";

/**
 * GET /api/help/search?q=: the published help fragments that best answer the question, best first,
 * and handOver when the question asks for a person instead.
 */
export async function searchHelp(question: string): Promise<HelpSearchResponse> {
  const url = `${HELP_SEARCH_URL}?${new URLSearchParams({ q: question }).toString()}`;
  return getJson<HelpSearchResponse>(url);
}

const resultsOf = (answer: HelpSearchResponse): HelpSearchResult[] => answer.results;

export function helpSearchQueryOptions(question: string) {
  const q = question.trim();
  return queryOptions({
    queryKey: ["help-search", q],
    queryFn: () => searchHelp(q),
    enabled: q.length > 0,
    // The help changes rarely; the same question need not be asked twice in a visit.
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
}

/** The help for a question; `keepPrevious` keeps the last answer shown while the next one loads. */
export function useHelpSearch(question: string, { keepPrevious = false } = {}) {
  return useQuery({
    ...helpSearchQueryOptions(question),
    select: resultsOf,
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
}

/** The whole answer (the results and whether to hand over to a person): the assistant's. */
export function useHelpAnswer(question: string) {
  return useQuery(helpSearchQueryOptions(question));
}
