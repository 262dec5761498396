import type { DocumentSubmission, DocumentSubmissionResponse } from "@portal/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAppConfig } from "../../../config/app-config";
import { getJson } from "../../../lib/http";

export function documentSubmissionUrl(smartInquiryBase: string, referenceNumber: number): string {
  return `${smartInquiryBase}/document-submissions/${referenceNumber}`;
}

/** The download link of one submitted document (opens in a new tab). */
export function documentAttachmentUrl(
  smartInquiryBase: string,
  referenceNumber: number,
  attachmentId: number,
) {
  return `${documentSubmissionUrl(smartInquiryBase, referenceNumber)}/attachments/${attachmentId}`;
}

/** GET {SMART_INQUIRY_BASE}/document-submissions/{referenceNumber}. */
export async function getDocumentSubmission(url: string): Promise<DocumentSubmission> {
  const response = await getJson<DocumentSubmissionResponse>(url);
  return response.documentSubmission;
}

export function useDocumentSubmission(referenceNumber: number) {
  const { smartInquiryBase } = useAppConfig();
  const url = documentSubmissionUrl(smartInquiryBase, referenceNumber);
  return useQuery(
    queryOptions({ queryKey: ["document-submission", url], queryFn: () => getDocumentSubmission(url) }),
  );
}
