import { useState } from "react";
import { ErrorAlert } from "../../../components/alert/alert";
import { PageHeading } from "../../../components/console/page-heading";
import { ErrorMessage, SuccessStatus } from "../../../components/console/status-message";
import { LoadingStatus } from "../../../components/spinner/spinner";
import { consoleErrorMessage, isForbidden } from "../../../lib/console/error-message";
import { formatDateTime, personName } from "../../../lib/console/labels";
import { mailFailureText } from "../../../lib/console/mail-failure";
import { type FailedMail, useFailedMails } from "../api/get-failed-mails";
import { useResendMail } from "../api/resend-mail";
import { mailKindLabel } from "../utils/labels";

const attemptsText = (attempts: number) => (attempts === 1 ? "1 attempt" : `${attempts} attempts`);

/**
 * #/console/mails (supervisors): mails the outbox gave up on, each with "Send again": to whom
 * (masked by the server), what failed in words, and when retrying stopped. A registration or
 * password-reset mail goes again with a new link.
 */
export function FailedMailsPage() {
  const mails = useFailedMails();
  const resend = useResendMail();
  const [done, setDone] = useState("");

  const sendAgain = (mail: FailedMail) => {
    setDone("");
    resend.mutate(mail.id, {
      onSuccess: () => setDone(`${mailKindLabel(mail.kind)} mail queued to be sent again.`),
    });
  };

  return (
    <section>
      <PageHeading>Failed mails</PageHeading>
      {mails.isPending ? <LoadingStatus label="Loading failed mails..." /> : null}
      {mails.isError ? (
        <ErrorAlert>
          {isForbidden(mails.error)
            ? "Only supervisors can see failed mails."
            : consoleErrorMessage(mails.error, "The failed mails could not be loaded. Please try again.")}
        </ErrorAlert>
      ) : null}
      <SuccessStatus className="mb-3">{done}</SuccessStatus>
      <ErrorMessage>
        {resend.error
          ? consoleErrorMessage(resend.error, "The mail could not be queued again. Please try again.")
          : null}
      </ErrorMessage>
      {mails.data?.length === 0 ? <p className="text-body-secondary">No mail has failed.</p> : null}
      {mails.data && mails.data.length > 0 ? (
        <div className="table-responsive">
          <table className="table align-middle caption-top">
            <caption>Mails not delivered after their last attempt</caption>
            <thead>
              <tr>
                <th scope="col">Mail</th>
                <th scope="col">Reference</th>
                <th scope="col">Member</th>
                <th scope="col">To</th>
                <th scope="col">What failed</th>
                <th scope="col">Retries</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {mails.data.map((mail) => (
                <tr key={mail.id}>
                  <th scope="row">{mailKindLabel(mail.kind)}</th>
                  <td>{mail.referenceNumber ?? "—"}</td>
                  <td>{mail.member ? personName(mail.member) : "—"}</td>
                  <td className="text-nowrap">
                    {mail.recipient ?? "—"}
                    {mail.otherRecipients > 0 ? ` and ${mail.otherRecipients} more` : null}
                  </td>
                  <td>{mailFailureText(mail.lastErrorCode)}</td>
                  <td>
                    Stopped {formatDateTime(mail.parkedAt)}, after {attemptsText(mail.attempts)}. Not tried
                    again unless you send it again.
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary"
                      disabled={resend.isPending}
                      onClick={() => sendAgain(mail)}
                    >
                      Send again
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
