import { toServerOrigin } from "@portal/domain";
import { type QueryFields, useQuerySubmission } from "../../../api/query-submission";

/** Requirements §7: updates go to the portal path, with the original query's reference number. */
export function queryUpdateUrl(originalReferenceNumber: number): string {
  return `/portal/api/das-mp/smart-inquiry-api/member-queries/${originalReferenceNumber}`;
}

/** The text parts of requirements §3 "Update payload": query, then origin (the files follow them). */
export function queryUpdateFields(query: string, routeOrigin: string): QueryFields {
  // Only default-origin queries can be updated (requirements §10.6), so this is MEMBER_WEB in practice.
  return { query, origin: toServerOrigin(routeOrigin) };
}

/** POST the update; the answer is the update's own new reference number. */
export function useSendQueryUpdate(originalReferenceNumber: number) {
  return useQuerySubmission(queryUpdateUrl(originalReferenceNumber));
}
