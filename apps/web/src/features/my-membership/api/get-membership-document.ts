import { MEMBERSHIP_DOCUMENT_FILE_NAMES } from "@portal/domain";
import { useMutation } from "@tanstack/react-query";
import { useAppConfig } from "../../../config/app-config";
import { getText } from "../../../lib/http";
import { base64ToBlob } from "../utils/base64-to-blob";
import { saveBlob } from "../utils/save-blob";

export type MembershipDocument = keyof typeof MEMBERSHIP_DOCUMENT_FILE_NAMES;

const DOCUMENT_PATHS: Readonly<Record<MembershipDocument, string>> = {
  card: "/v2/member-details/membership-card",
  certificate: "/v2/member-details/membership-certificate",
};

export function membershipDocumentUrl(memberDetailsBase: string, document: MembershipDocument): string {
  return `${memberDetailsBase}${DOCUMENT_PATHS[document]}`;
}

/** GET …/membership-card or …/membership-certificate: the base64 of a PDF, as text. */
export async function getMembershipDocument(url: string): Promise<Blob> {
  return base64ToBlob(await getText(url), "application/pdf");
}

/**
 * Fetches the PDF and hands it to the browser as a download. A mutation rather than a query: it
 * runs when the member asks, and nothing of it needs caching.
 */
export function useDownloadMembershipDocument(document: MembershipDocument) {
  const { memberDetailsBase } = useAppConfig();
  return useMutation({
    mutationFn: () => getMembershipDocument(membershipDocumentUrl(memberDetailsBase, document)),
    onSuccess: (pdf) => saveBlob(pdf, MEMBERSHIP_DOCUMENT_FILE_NAMES[document]),
  });
}
