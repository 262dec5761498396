import { z } from "zod";

/** Longest question the help search takes; longer text says nothing more to a search. */
export const HELP_SEARCH_MAX_LENGTH = 200;
/** Most results the help search answers with. */
export const HELP_SEARCH_MAX_RESULTS = 5;

/**
 * GET /api/help/search?q=…: anyone may search the published help (no member data is involved).
 * No model id: a query string is described parameter by parameter, not as a model.
 */
export const helpSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1)
    .max(HELP_SEARCH_MAX_LENGTH)
    .describe("The member's question or a few words of it."),
});
export type HelpSearchQuery = z.output<typeof helpSearchQuerySchema>;

export const helpSearchResultSchema = z
  .object({
    path: z
      .string()
      .min(1)
      .describe("Content path of the fragment, fetched as /site{path} (or /site/preview{path})."),
    title: z.string().min(1).describe("What the fragment is about, from the category labels."),
    excerpt: z.string().describe("The start of the fragment's text, plain (no markup)."),
  })
  .meta({ id: "HelpSearchResult" });
export type HelpSearchResult = z.output<typeof helpSearchResultSchema>;

export const helpSearchResponseSchema = z
  .object({
    results: z
      .array(helpSearchResultSchema)
      .max(HELP_SEARCH_MAX_RESULTS)
      .describe("Best match first; empty when nothing matches, and when the question asks for a person."),
    handOver: z
      .boolean()
      .optional()
      .describe(
        'true when the question asks to speak to a person ("Can I speak to a consultant?", "call me"): no article answers that, so none is given and the client says how to reach the scheme (its numbers, a query). Absent otherwise.',
      ),
  })
  .meta({ id: "HelpSearchResponse" });
export type HelpSearchResponse = z.output<typeof helpSearchResponseSchema>;
