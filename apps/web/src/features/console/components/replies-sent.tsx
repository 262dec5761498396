import type { ConsoleReply } from "@portal/domain";
import { useMemo } from "react";
import { FileKindIcon } from "../../../components/file-kind/file-kind-icon";
import { consoleReplyAttachmentUrl } from "../api/get-console-query";
import { formatDateTime, personName } from "../utils/labels";
import { shownReplyHtml } from "../utils/reply-html";

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

function SentReply({ referenceNumber, reply }: { referenceNumber: number; reply: SentReplyData }) {
  const html = useMemo(() => shownReplyHtml(reply.html), [reply.html]);
  const files = reply.attachments;
  const sent = `Reply sent ${formatDateTime(reply.sentAt)}`;
  return (
    <article className="card-body" aria-label={sent}>
      <p className="small text-body-secondary">
        Sent {formatDateTime(reply.sentAt)}
        {reply.sentBy ? ` by ${personName(reply.sentBy)}` : null}
      </p>
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
