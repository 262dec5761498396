import { PageSection } from "../../../components/page-section/page-section";
import { MY_MEMBERSHIP_MESSAGES } from "../utils/messages";
import { DownloadDocumentButton } from "./download-document-button";
import { OrderCardButton } from "./order-card-button";

/** The membership card and certificate as PDFs, and ordering a new plastic card. */
export function MembershipDocumentsSection() {
  return (
    <PageSection title="Membership card and certificate">
      <DownloadDocumentButton
        document="card"
        label="Download membership card"
        errorMessage={MY_MEMBERSHIP_MESSAGES.cardDownload}
      />
      <DownloadDocumentButton
        document="certificate"
        label="Download certificate"
        errorMessage={MY_MEMBERSHIP_MESSAGES.certificateDownload}
      />
      <OrderCardButton />
    </PageSection>
  );
}
