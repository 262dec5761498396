import type { ThreadEvent } from "@portal/domain";
import { formatDateTime, personName } from "../../../lib/console/labels";

/** What happened to the conversation, in one sentence each. */
function eventSentence(event: ThreadEvent): string {
  const by = event.by ? ` by ${personName(event.by)}` : "";
  switch (event.kind) {
    case "ASSIGNED":
      return event.assignee ? `Assigned to ${personName(event.assignee)}${by}` : `Unassigned${by}`;
    case "CLOSED":
      return `Closed${by}`;
    case "REOPENED":
      return `Reopened${by}`;
    case "ESCALATED":
      return `Escalated${by}`;
    case "DOCUMENT_RECEIVED":
      return `Documents received (submission ${event.documentSubmissionReferenceNumber ?? "removed"}), recorded${by}`;
  }
}

/** The conversation's events, oldest first: who assigned, closed, reopened it, and documents received. */
export function ThreadEvents({ events }: { events: readonly ThreadEvent[] }) {
  if (events.length === 0) return null;
  return (
    <section aria-labelledby="console-history-heading" className="mb-4">
      <h2 id="console-history-heading" className="h4">
        History
      </h2>
      <ol className="list-unstyled mb-0 small">
        {events.map((event) => (
          <li key={event.id}>
            <time dateTime={event.at}>{formatDateTime(event.at)}</time> {eventSentence(event)}
          </li>
        ))}
      </ol>
    </section>
  );
}
