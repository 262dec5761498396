import { type QueryView, type QueryViewResponse, toServerOrigin } from "@portal/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAppConfig } from "../../../config/app-config";
import { getJson } from "../../../lib/http";

export function queryUrl(smartInquiryBase: string, referenceNumber: number, routeOrigin: string): string {
  return `${smartInquiryBase}/member-queries/${referenceNumber}?origin=${toServerOrigin(routeOrigin)}`;
}

/** The link of one attachment of a query (opens in a new tab). */
export function queryAttachmentUrl(
  smartInquiryBase: string,
  referenceNumber: number,
  attachmentId: number,
  routeOrigin: string,
): string {
  return `${smartInquiryBase}/member-queries/${referenceNumber}/attachments/${attachmentId}?origin=${toServerOrigin(routeOrigin)}`;
}

/** The download link of a file sent with the query's reply. */
export function replyAttachmentUrl(
  smartInquiryBase: string,
  referenceNumber: number,
  attachmentId: number,
  routeOrigin: string,
): string {
  return `${smartInquiryBase}/member-queries/${referenceNumber}/reply-attachments/${attachmentId}?origin=${toServerOrigin(routeOrigin)}`;
}

/** GET {SMART_INQUIRY_BASE}/member-queries/{referenceNumber}?origin=…; a legacy query fails with 0015. */
export async function getQuery(url: string): Promise<QueryView> {
  const response = await getJson<QueryViewResponse>(url);
  return response.query;
}

export function useQueryView(referenceNumber: number, routeOrigin: string) {
  const { smartInquiryBase } = useAppConfig();
  const url = queryUrl(smartInquiryBase, referenceNumber, routeOrigin);
  return useQuery(queryOptions({ queryKey: ["query-view", url], queryFn: () => getQuery(url) }));
}
