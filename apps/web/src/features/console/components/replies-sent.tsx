import type { ConsoleReply } from "@portal/domain";
import { useMemo } from "react";
import { formatDateTime, personName } from "../utils/labels";
import { cleanReplyHtml } from "../utils/reply-html";

/** Every reply sent on the thread, cleaned again before it is shown, as the member sees it. */
export function RepliesSent({ replies }: { replies: readonly ConsoleReply[] }) {
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
              <SentReply reply={reply} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function SentReply({ reply }: { reply: ConsoleReply }) {
  const html = useMemo(() => cleanReplyHtml(reply.html), [reply.html]);
  return (
    <article className="card-body" aria-label={`Reply sent ${formatDateTime(reply.sentAt)}`}>
      <p className="small text-body-secondary">
        Sent {formatDateTime(reply.sentAt)}
        {reply.sentBy ? ` by ${personName(reply.sentBy)}` : null}
      </p>
      <div
        className="reply-html"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned by cleanReplyHtml just above.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </article>
  );
}
