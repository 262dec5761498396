import type { ServerOrigin } from "@portal/domain";

/** Where a query was logged, as the member knows the two channels. */
export const ORIGIN_LABELS: Readonly<Record<ServerOrigin, string>> = {
  MEMBER_WEB: "Member website",
  MED_XPRESS: "MedXpress",
};

/** Where a query imported from another channel (legacy) was logged: not the portal, whatever its origin says. */
export const LOGGED_ELSEWHERE_LABEL = "Phone or another channel";

/** A query's status: the domain's words, which the archive of the member's data uses too. */
export { QUERY_STATUS_LABELS as STATUS_LABELS } from "@portal/domain";

/** "1 document", "2 documents". */
export function documentCountText(count: number): string {
  return count === 1 ? "1 document" : `${count} documents`;
}
