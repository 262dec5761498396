import type { ReportResponse } from "@portal/domain";

/**
 * Said while the server's background job has figures still to work out (after an upgrade, every
 * conversation it found; otherwise those answered or closed seconds ago): the report does not wait.
 */
export function StillPendingNotice({ pending }: { pending: ReportResponse["stillPending"] }) {
  if (pending.conversations === 0) return null;
  const count = new Intl.NumberFormat("en").format(pending.conversations);
  const conversations = pending.more
    ? `more than ${count} conversations`
    : `${count} conversation${pending.conversations === 1 ? "" : "s"}`;
  return (
    <p className="alert alert-info" role="status">
      Figures are still being worked out for {conversations}; until they are, some figures below leave them
      out. A job on the server works through them, the newest first, at some thousands a second.
    </p>
  );
}
