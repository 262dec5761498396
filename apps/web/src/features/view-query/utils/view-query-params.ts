import { parseReferenceParam } from "../../../lib/reference-param";

export interface ViewQueryParams {
  referenceNumber: number;
  /** True when the member came from the interaction timeline: the update form starts closed. */
  fromTimeline: boolean;
}

const TRUE_WORDS = new Set(["true", "1", "yes"]);

/** reference and timeline are both needed (spec §5); undefined sends the member to the root. */
export function readViewQueryParams(search: URLSearchParams): ViewQueryParams | undefined {
  const referenceNumber = parseReferenceParam(search.get("reference"));
  const timeline = search.get("timeline");
  if (referenceNumber === undefined || timeline === null) return undefined;
  return { referenceNumber, fromTimeline: TRUE_WORDS.has(timeline.trim().toLowerCase()) };
}
