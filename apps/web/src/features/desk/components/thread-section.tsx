import type { ThreadMessage } from "@portal/domain";
import { FileKindIcon } from "../../../components/file-kind/file-kind-icon";
import { formatDateTime } from "../../../lib/console/labels";
import { consoleAttachmentUrl } from "../api/get-console-query";

/** The original query and every update after it, oldest first, each with its files. */
export function ThreadSection({ thread }: { thread: readonly ThreadMessage[] }) {
  return (
    <section aria-labelledby="console-thread-heading" className="mb-4">
      <h2 id="console-thread-heading" className="h4">
        Thread
      </h2>
      <ol className="list-unstyled mb-0">
        {thread.map((message, index) => (
          <li key={message.referenceNumber} className="card mb-3">
            <article className="card-body" aria-labelledby={`thread-message-${message.referenceNumber}`}>
              <h3 className="h5" id={`thread-message-${message.referenceNumber}`}>
                {index === 0 ? "Original query" : "Update"} {message.referenceNumber}
                {message.kind === "EMAIL_RECEIVED" ? " (received by e-mail)" : null}
              </h3>
              <p className="small text-body-secondary">Logged {formatDateTime(message.dateLogged)}</p>
              <p className="console-text">{message.text}</p>
              {message.attachments.length === 0 ? (
                <p className="small text-body-secondary mb-0">No attachments.</p>
              ) : (
                <ul className="list-unstyled mb-0" aria-label={`Attachments of ${message.referenceNumber}`}>
                  {message.attachments.map((attachment) => (
                    <li key={attachment.attachmentId}>
                      <FileKindIcon fileName={attachment.fileName} />
                      <a
                        href={consoleAttachmentUrl(message.referenceNumber, attachment.attachmentId)}
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
          </li>
        ))}
      </ol>
    </section>
  );
}
