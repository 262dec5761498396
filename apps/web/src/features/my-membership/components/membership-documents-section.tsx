import { PageSection } from "../../../components/page-section/page-section";
import { useTranslate } from "../../../i18n/translate";
import { myMembershipMessages as messages } from "../my-membership.messages";
import { DownloadDocumentButton } from "./download-document-button";
import { OrderCardButton } from "./order-card-button";

/** The membership card and certificate as PDFs, and ordering a new plastic card. */
export function MembershipDocumentsSection() {
  const { t } = useTranslate();
  return (
    <PageSection title={t(messages.documents)}>
      <DownloadDocumentButton
        document="card"
        label={t(messages.downloadCard)}
        errorMessage={t(messages.cardDownload)}
      />
      <DownloadDocumentButton
        document="certificate"
        label={t(messages.downloadCertificate)}
        errorMessage={t(messages.certificateDownload)}
      />
      <OrderCardButton />
    </PageSection>
  );
}
