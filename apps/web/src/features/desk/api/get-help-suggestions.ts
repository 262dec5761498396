import { CONSOLE_BASE, type HelpSuggestion, type HelpSuggestionsResponse } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { consoleKeys, NO_STORE } from "../../../api/console/console-keys";
import { getJson } from "../../../lib/http";

export function helpSuggestionsUrl(referenceNumber: number): string {
  return `${CONSOLE_BASE}/queries/${referenceNumber}/help-suggestions`;
}

/**
 * GET …/queries/:referenceNumber/help-suggestions: the published help that may answer the query,
 * found by its category and the member's words on the server, each with a summary for a mail.
 */
export async function getHelpSuggestions(referenceNumber: number): Promise<HelpSuggestion[]> {
  const response = await getJson<HelpSuggestionsResponse>(helpSuggestionsUrl(referenceNumber), NO_STORE);
  return response.suggestions;
}

export function useHelpSuggestions(referenceNumber: number) {
  return useQuery({
    queryKey: consoleKeys.helpSuggestions(referenceNumber),
    queryFn: () => getHelpSuggestions(referenceNumber),
    // The help changes rarely; a new message from the member refreshes the page's queries anyway.
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
}
