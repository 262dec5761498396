import { parseReferenceParam } from "../../../lib/reference-param";

export interface ViewQueryParams {
  referenceNumber: number;
  /**
   * Whether the update form starts open. Requirements §2: only when timeline is false. A member coming
   * from the interaction timeline (timeline=true, or anything not clearly false) starts collapsed.
   */
  updateInitiallyOpen: boolean;
}

// "Boolean-like text" (requirements §2): the usual spellings of false.
const FALSE_WORDS = new Set(["false", "0", "no"]);

/** reference and timeline are both needed (requirements §5); undefined sends the member to the root. */
export function readViewQueryParams(search: URLSearchParams): ViewQueryParams | undefined {
  const referenceNumber = parseReferenceParam(search.get("reference"));
  const timeline = search.get("timeline");
  if (referenceNumber === undefined || timeline === null) return undefined;
  return { referenceNumber, updateInitiallyOpen: FALSE_WORDS.has(timeline.trim().toLowerCase()) };
}
