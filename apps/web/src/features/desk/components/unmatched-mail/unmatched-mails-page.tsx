import { UNMATCHED_REASON_LABELS } from "@portal/domain";
import { Link } from "react-router";
import { ErrorAlert } from "../../../../components/alert/alert";
import { LoadMore } from "../../../../components/console/load-more";
import { PageHeading } from "../../../../components/console/page-heading";
import { LoadingStatus } from "../../../../components/spinner/spinner";
import { consolePaths } from "../../../../lib/console/console-paths";
import { consoleErrorMessage } from "../../../../lib/console/error-message";
import { formatDateTime, formatSize, personName } from "../../../../lib/console/labels";
import { useUnmatchedMails } from "../../api/get-unmatched-mails";

/**
 * #/console/unmatched-mail (agents and supervisors): mails to the support mailbox that the portal
 * could not put in a conversation (an unknown sender, no query named, an automatic reply, a
 * delivery failure) or refused (over a member's limit, too large to read), newest first, each
 * opened to be linked to a query or a member, or discarded.
 */
export function UnmatchedMailsPage() {
  const mails = useUnmatchedMails();
  const rows = mails.data?.pages.flatMap((page) => page.mails) ?? [];
  return (
    <section>
      <PageHeading>Unmatched mail</PageHeading>
      <p>
        Mails to the support mailbox that could not be added to a query, or that were refused. Open one to add
        it to a query or to a member's queries, or to discard it. Nothing here was answered, except that a
        member over one of their limits is told once.
      </p>
      {mails.isPending ? <LoadingStatus label="Loading unmatched mail..." /> : null}
      {mails.isError && !mails.isFetchNextPageError ? (
        <ErrorAlert>
          {consoleErrorMessage(mails.error, "The unmatched mail could not be loaded. Please try again.")}
        </ErrorAlert>
      ) : null}
      {mails.isSuccess && rows.length === 0 ? (
        <p className="text-body-secondary">No unmatched mail.</p>
      ) : null}
      {rows.length > 0 ? (
        <div className="table-responsive">
          <table className="table align-middle caption-top">
            <caption>Unmatched mails, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">From</th>
                <th scope="col">Received</th>
                <th scope="col">Why it is here</th>
                <th scope="col">Size</th>
                <th scope="col">Seems to be about</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((mail) => (
                <tr key={mail.id}>
                  <th scope="row">
                    <Link to={consolePaths.unmatchedMail(mail.id)}>{mail.subject || "(no subject)"}</Link>
                  </th>
                  <td className="text-break">{mail.from ?? "—"}</td>
                  <td className="text-nowrap">{formatDateTime(mail.receivedAt)}</td>
                  <td>{UNMATCHED_REASON_LABELS[mail.reason]}</td>
                  <td className="text-nowrap">
                    {mail.sizeBytes === null ? "—" : formatSize(mail.sizeBytes)}
                  </td>
                  <td>
                    {mail.conversationReferenceNumber === null && !mail.member ? "—" : null}
                    {mail.conversationReferenceNumber !== null
                      ? `Query ${mail.conversationReferenceNumber}`
                      : null}
                    {mail.conversationReferenceNumber !== null && mail.member ? ", " : null}
                    {mail.member ? personName(mail.member) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <LoadMore query={mails} what="unmatched mails" />
    </section>
  );
}
