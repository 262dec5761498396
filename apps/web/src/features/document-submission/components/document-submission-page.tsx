import { categoryLabel, ERROR_MESSAGES } from "@portal/domain";
import { useSearchParams } from "react-router";
import { ErrorAlert } from "../../../components/alert/alert";
import { BackButton } from "../../../components/back-button/back-button";
import { FileKindIcon } from "../../../components/file-kind/file-kind-icon";
import { PageTitle } from "../../../components/page-title/page-title";
import { Redirect } from "../../../components/redirect/redirect";
import { LoadingStatus } from "../../../components/spinner/spinner";
import { useAppConfig } from "../../../config/app-config";
import { HOME_HREF } from "../../../config/paths";
import { formatSchemeDate } from "../../../config/scheme-time-zone";
import { parseReferenceParam } from "../../../lib/reference-param";
import { documentAttachmentUrl, useDocumentSubmission } from "../api/get-document-submission";

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
  return (
    <section>
      <PageTitle>{`Document submission ${referenceNumber}`}</PageTitle>
      <h1 className="h2 mb-4">How can we help?</h1>
      <section className="card mb-3" aria-labelledby="document-submission-title">
        <div className="card-body">
          <h2 className="h4 card-title" id="document-submission-title">
            Document Submission
          </h2>
          {submission.isPending && <LoadingStatus />}
          {submission.isError && <ErrorAlert>{ERROR_MESSAGES.documentSubmission}</ErrorAlert>}
          {submission.data && (
            <div className="table-responsive">
              <table className="table align-middle mb-0">
                <caption className="visually-hidden">Document submission {referenceNumber}</caption>
                <thead>
                  <tr>
                    <th scope="col">Category</th>
                    <th scope="col">Documents</th>
                    <th scope="col">Date</th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <td>{categoryLabel(submission.data.category)}</td>
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
