import type { DocumentIntakeResponse } from "@portal/domain";
import { memberSummaryUrl } from "../../../api/console/get-member-summary";
import { useQuerySubmission } from "../../../api/query-submission";

/** POST {CONSOLE_BASE}/members/{entityNumber}/document-submissions (multipart: category, files). */
export function recordDocumentsUrl(entityNumber: number): string {
  return `${memberSummaryUrl(entityNumber)}/document-submissions`;
}

/**
 * Records documents received for a member: a document submission with its own reference number,
 * and whether a mail tells the member.
 * The same multipart sending as a member's query (upload progress, one Idempotency-Key per content,
 * so a retry after a lost answer records nothing twice).
 */
export function useRecordDocuments(entityNumber: number) {
  return useQuerySubmission<DocumentIntakeResponse>(recordDocumentsUrl(entityNumber));
}
