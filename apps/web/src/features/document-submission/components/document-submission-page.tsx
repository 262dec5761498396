import { useSearchParams } from "react-router";
import { ErrorAlert } from "../../../components/alert/alert";
import { BackButton } from "../../../components/back-button/back-button";
import { translateCategoryLabel } from "../../../components/category-label/translate-category-label";
import { FileKindIcon } from "../../../components/file-kind/file-kind-icon";
import { PageTitle } from "../../../components/page-title/page-title";
import { Redirect } from "../../../components/redirect/redirect";
import { LoadingStatus } from "../../../components/spinner/spinner";
import { useAppConfig } from "../../../config/app-config";
import { HOME_HREF } from "../../../config/paths";
import { formatSchemeDate } from "../../../config/scheme-time-zone";
import { useTranslate } from "../../../i18n/translate";
import { parseReferenceParam } from "../../../lib/reference-param";
import { documentAttachmentUrl, useDocumentSubmission } from "../api/get-document-submission";
import { documentSubmissionMessages } from "../document-submission.messages";

/** Document-submission screen (requirements §2): needs ?reference=N, else the member goes to the root. */
export function DocumentSubmissionPage() {
  const [searchParams] = useSearchParams();
  const referenceNumber = parseReferenceParam(searchParams.get("reference"));
  if (referenceNumber === undefined) return <Redirect to={HOME_HREF} />;
  return <DocumentSubmissionScreen referenceNumber={referenceNumber} />;
}

function DocumentSubmissionScreen({ referenceNumber }: { referenceNumber: number }) {
  const { smartInquiryBase } = useAppConfig();
  const submission = useDocumentSubmission(referenceNumber);
  const { t } = useTranslate();
  return (
    <section>
      <PageTitle>{t(documentSubmissionMessages.pageTitle, { referenceNumber })}</PageTitle>
      <h1 className="h2 mb-4">{t(documentSubmissionMessages.heading)}</h1>
      <section className="card mb-3" aria-labelledby="document-submission-title">
        <div className="card-body">
          <h2 className="h4 card-title" id="document-submission-title">
            {t(documentSubmissionMessages.title)}
          </h2>
          {submission.isPending && <LoadingStatus label={t(documentSubmissionMessages.loading)} />}
          {submission.isError && <ErrorAlert>{t(documentSubmissionMessages.loadFailed)}</ErrorAlert>}
          {submission.data && (
            <div className="table-responsive">
              <table className="table align-middle mb-0">
                <caption className="visually-hidden">
                  {t(documentSubmissionMessages.tableCaption, { referenceNumber })}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t(documentSubmissionMessages.category)}</th>
                    <th scope="col">{t(documentSubmissionMessages.documents)}</th>
                    <th scope="col">{t(documentSubmissionMessages.date)}</th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <td>{translateCategoryLabel(submission.data.category, t)}</td>
                    <td>
                      <ul className="list-unstyled mb-0">
                        {submission.data.attachments.map((attachment) => (
                          <li key={attachment.attachmentId}>
                            <FileKindIcon fileName={attachment.fileName} />
                            <a
                              href={documentAttachmentUrl(
                                smartInquiryBase,
                                referenceNumber,
                                attachment.attachmentId,
                              )}
                              target="_blank"
                              rel="noopener noreferrer"
                            >
                              {attachment.fileName}
                            </a>
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td className="text-nowrap">{formatSchemeDate(submission.data.dateLogged)}</td>
                  </tr>
                </tbody>
              </table>
            </div>
          )}
        </div>
      </section>
      <BackButton />
    </section>
  );
}
