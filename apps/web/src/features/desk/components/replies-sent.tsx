import type { ConsoleReply, ReplyMail } from "@portal/domain";
import { useMemo } from "react";
import { FileKindIcon } from "../../../components/file-kind/file-kind-icon";
import { formatDateTime, personName } from "../../../lib/console/labels";
import { mailFailureText } from "../../../lib/console/mail-failure";
import { shownReplyHtml } from "../../../lib/console/reply-html";
import { consoleReplyAttachmentUrl } from "../api/get-console-query";

type SentReplyData = ConsoleReply;

interface RepliesSentProps {
  /** The conversation's reference number, under which its replies' files are served. */
  referenceNumber: number;
  replies: readonly SentReplyData[];
}

/** Every reply sent on the thread, cleaned again before it is shown, as the member sees it, with its files. */
export function RepliesSent({ referenceNumber, replies }: RepliesSentProps) {
  return (
    <section aria-labelledby="console-replies-heading" className="mb-4">
      <h2 id="console-replies-heading" className="h4">
        Replies sent
      </h2>
      {replies.length === 0 ? (
        <p className="text-body-secondary">No reply has been sent yet.</p>
      ) : (
        <ol className="list-unstyled mb-0">
          {replies.map((reply) => (
            <li key={reply.id} className="card mb-3">
              <SentReply referenceNumber={referenceNumber} reply={reply} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * Where the reply's e-mail is, beside the reply (a reply whose mail failed must
 * not read "Sent" here while the failed mails page says why). Nothing for a reply with no mail to tell of.
 */
function ReplyMailState({ mail }: { mail: ReplyMail | null }) {
  if (mail === null) return null;
  if (mail.status === "SENT") return <p className="small text-body-secondary">E-mailed to the member.</p>;
  if (mail.status === "FAILED") {
    return (
      <div className="alert alert-danger small py-2">
        <p className="fw-semibold mb-1">The e-mail with this reply was not delivered.</p>
        <p className="mb-0">
          {mailFailureText(mail.failureCode)} The member can read the reply in the portal. A supervisor can
          send the e-mail again under Failed mails.
        </p>
      </div>
    );
  }
  if (mail.failureCode !== null) {
    return (
      <div className="alert alert-warning small py-2">
        <p className="fw-semibold mb-1">The e-mail with this reply has not been delivered yet.</p>
        <p className="mb-0">{mailFailureText(mail.failureCode)} The portal tries again.</p>
      </div>
    );
  }
  return <p className="small text-body-secondary">The e-mail with this reply is waiting to be sent.</p>;
}

function SentReply({ referenceNumber, reply }: { referenceNumber: number; reply: SentReplyData }) {
  const html = useMemo(() => shownReplyHtml(reply.html), [reply.html]);
  const files = reply.attachments;
  const failed = reply.mail?.status === "FAILED";
  // "Sent" only of a reply whose mail was not given up on: a failed one was written, not mailed.
  const heading = failed
    ? `Reply of ${formatDateTime(reply.sentAt)}, its e-mail not delivered`
    : `Reply sent ${formatDateTime(reply.sentAt)}`;
  return (
    <article className="card-body" aria-label={heading}>
      <p className="small text-body-secondary mb-1">
        {failed ? "Written" : "Sent"} {formatDateTime(reply.sentAt)}
        {reply.sentBy ? ` by ${personName(reply.sentBy)}` : null}
      </p>
      <ReplyMailState mail={reply.mail} />
      <div
        className="reply-html"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned by shownReplyHtml (cleanReplyHtml) just above.
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {files.length === 0 ? null : (
        <ul
          className="list-unstyled mb-0 mt-3"
          aria-label={`Files sent with the reply of ${formatDateTime(reply.sentAt)}`}
        >
          {files.map((attachment) => (
            <li key={attachment.attachmentId}>
              <FileKindIcon fileName={attachment.fileName} />
              <a
                href={consoleReplyAttachmentUrl(referenceNumber, attachment.attachmentId)}
                target="_blank"
                rel="noopener noreferrer"
              >
                {attachment.fileName}
              </a>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
