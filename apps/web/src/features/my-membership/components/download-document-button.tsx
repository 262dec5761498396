import { ErrorAlert } from "../../../components/alert/alert";
import { Spinner } from "../../../components/spinner/spinner";
import { useTranslate } from "../../../i18n/translate";
import { type MembershipDocument, useDownloadMembershipDocument } from "../api/get-membership-document";
import { myMembershipMessages as messages } from "../my-membership.messages";

interface DownloadDocumentButtonProps {
  document: MembershipDocument;
  label: string;
  errorMessage: string;
}

/** Fetches one PDF and saves it; a spinner in the button meanwhile, a red alert under it on failure. */
export function DownloadDocumentButton({ document, label, errorMessage }: DownloadDocumentButtonProps) {
  const download = useDownloadMembershipDocument(document);
  const { t } = useTranslate();
  return (
    <div className="mb-3">
      <button
        type="button"
        className="btn btn-outline-primary"
        onClick={() => download.mutate()}
        disabled={download.isPending}
      >
        {download.isPending ? <Spinner size="sm" label={t(messages.downloading)} className="me-2" /> : null}
        {label}
      </button>
      {download.isError ? <ErrorAlert className="mt-2 mb-0">{errorMessage}</ErrorAlert> : null}
    </div>
  );
}
