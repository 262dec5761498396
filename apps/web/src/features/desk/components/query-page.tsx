import { useRef } from "react";
import { useParams } from "react-router";
import { ErrorAlert } from "../../../components/alert/alert";
import { PageHeading } from "../../../components/console/page-heading";
import { LoadingStatus } from "../../../components/spinner/spinner";
import { consoleErrorMessage } from "../../../lib/console/error-message";
import { isHttpError } from "../../../lib/http";
import { parseReferenceParam } from "../../../lib/reference-param";
import { useConsoleQuery } from "../api/get-console-query";
import { useShortcuts } from "../hooks/use-shortcuts";
import { InternalNotes } from "./internal-notes";
import { KeyboardShortcutsHelp } from "./keyboard-shortcuts-help";
import { MemberSummaryCard } from "./member-summary-card";
import { QueryStatusPanel } from "./query-status-panel";
import { RepliesSent } from "./replies-sent";
import { ReplyComposer } from "./reply-composer";
import { ThreadEvents } from "./thread-events";
import { ThreadSection } from "./thread-section";

/**
 * The member typed the reply address in the query form: one the register does not hold for them
 * may be a typo that would send the reply, medical content, to a stranger. Shown in full, as the
 * status panel shows it, so the agent can spot the typo (docs/decisions/0007).
 */
function replyAddressWarning(email: string): string {
  return `Replies go to ${email}, which is not an address in the register for this member. Check before replying.`;
}

/** #/console/queries/:reference */
export function QueryRoute() {
  const referenceNumber = parseReferenceParam(useParams().reference ?? null);
  if (referenceNumber === undefined) {
    return (
      <section>
        <PageHeading>Query not found</PageHeading>
        <ErrorAlert>This address names no query. Please open the query from the queue.</ErrorAlert>
      </section>
    );
  }
  // Another query is another page: nothing typed for one carries over to the next.
  return <QueryPage key={referenceNumber} referenceNumber={referenceNumber} />;
}

/** The reply's text box inside `container`, whichever editor the composer shows. */
function replyBox(container: HTMLElement | null): HTMLElement | null {
  return container?.querySelector<HTMLElement>('[contenteditable="true"], textarea') ?? null;
}

/**
 * One conversation's thread, its member, notes, status and the reply editor (requirements §10,
 * staff desk). Shortcuts: "r" goes to the reply, "a" assigns it to me (the status panel), "?" lists them.
 */
export function QueryPage({ referenceNumber }: { referenceNumber: number }) {
  const result = useConsoleQuery(referenceNumber);
  const composer = useRef<HTMLDivElement>(null);
  useShortcuts("query", {
    reply: () => {
      const box = replyBox(composer.current);
      if (!box) return false;
      box.focus();
      return true;
    },
  });
  if (result.isPending) {
    return (
      <section>
        <PageHeading>{`Query ${referenceNumber}`}</PageHeading>
        <LoadingStatus label="Loading the query..." />
      </section>
    );
  }
  if (result.isError) {
    const notFound = isHttpError(result.error) && result.error.status === 404;
    return (
      <section>
        <PageHeading>{`Query ${referenceNumber}`}</PageHeading>
        <ErrorAlert>
          {notFound
            ? "No query has this reference number."
            : consoleErrorMessage(result.error, "The query could not be loaded. Please try again.")}
        </ErrorAlert>
        {notFound ? null : (
          <button type="button" className="btn btn-outline-primary" onClick={() => result.refetch()}>
            Try again
          </button>
        )}
      </section>
    );
  }
  const { query, member } = result.data;
  return (
    <section>
      <PageHeading>{`Query ${query.referenceNumber}`}</PageHeading>
      <p className="small mb-3">
        <KeyboardShortcutsHelp page="query" />
      </p>
      {query.referenceNumber === referenceNumber ? null : (
        <p className="text-body-secondary">
          {referenceNumber} is an update to this query; the whole thread is shown.
        </p>
      )}
      <div className="row g-4">
        <div className="col-lg-8">
          <ThreadSection thread={query.thread} />
          <RepliesSent referenceNumber={query.referenceNumber} replies={query.replies} />
          <div ref={composer}>
            <ReplyComposer
              referenceNumber={query.referenceNumber}
              closed={query.status === "CLOSED"}
              warning={query.emailInRegister ? undefined : replyAddressWarning(query.email)}
              cannedValues={{
                firstName: member.firstName,
                referenceNumber: query.referenceNumber,
                dueDate: query.replyDueOn,
              }}
              replies={query.replies}
              thread={query.thread}
            />
          </div>
        </div>
        <div className="col-lg-4">
          <QueryStatusPanel query={query} />
          <MemberSummaryCard member={member} currentReference={query.referenceNumber} />
          <InternalNotes referenceNumber={query.referenceNumber} notes={query.notes} />
          <ThreadEvents events={query.events} />
        </div>
      </div>
    </section>
  );
}
