import { BULK_ACTION_MAX, type BulkActionBody, type BulkActionResponse } from "@portal/domain";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useStaff } from "../../../api/console/get-staff";
import { ErrorMessage, SuccessStatus } from "../../../components/console/status-message";
import { consoleErrorMessage } from "../../../lib/console/error-message";
import { personName, ROLE_LABELS } from "../../../lib/console/labels";
import { useBulkAction } from "../api/bulk-action";
import { conversationCount } from "../utils/labels";

interface BulkActionsBarProps {
  /** The conversations ticked, in the queue's order. */
  selected: readonly number[];
  /** Once an action is done: the queue forgets the ticks. */
  onDone: () => void;
}

const NOBODY = "nobody";

/** What an answer changed and what it did not, in words, with the reference numbers. */
export function bulkOutcome(done: string, notDone: string, response: BulkActionResponse): string {
  const parts: string[] = [];
  if (response.changed.length > 0) {
    parts.push(`${conversationCount(response.changed.length)} ${done}: ${response.changed.join(", ")}.`);
  }
  if (response.unchanged.length > 0) {
    parts.push(
      `${conversationCount(response.unchanged.length)} not changed (${notDone}, or not found): ${response.unchanged.join(", ")}.`,
    );
  }
  return parts.join(" ");
}

/**
 * A supervisor's actions on the conversations ticked in the queue: assign them to someone (or to
 * nobody), or close them after a confirmation. What changed and what did not is said after.
 */
export function BulkActionsBar({ selected, onDone }: BulkActionsBarProps) {
  const id = useId();
  const staff = useStaff();
  const bulk = useBulkAction();
  const [assignee, setAssignee] = useState("");
  const [problem, setProblem] = useState("");
  const [outcome, setOutcome] = useState("");
  const [confirmingClose, setConfirmingClose] = useState(false);
  const [focusAfter, setFocusAfter] = useState<"close" | "outcome" | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const outcomeBox = useRef<HTMLDivElement>(null);
  const count = selected.length;
  const tooMany = count > BULK_ACTION_MAX;
  const unusable = count === 0 || tooMany || bulk.isPending;

  useEffect(() => {
    if (confirmingClose) confirmButton.current?.focus();
  }, [confirmingClose]);

  // The buttons pressed go (the question) or are disabled (no ticks left): focus goes on from them,
  // to what was done, or back to Close when the question is cancelled.
  useEffect(() => {
    if (focusAfter === "close") closeButton.current?.focus();
    if (focusAfter === "outcome") outcomeBox.current?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  const run = (body: BulkActionBody, describe: (response: BulkActionResponse) => string) => {
    setOutcome("");
    setProblem("");
    bulk.mutate(body, {
      onSuccess: (response) => {
        setOutcome(describe(response));
        setConfirmingClose(false);
        setFocusAfter("outcome");
        onDone();
      },
      onError: (error) =>
        setProblem(consoleErrorMessage(error, "The conversations could not be changed. Please try again.")),
    });
  };

  const assign = (event: FormEvent) => {
    event.preventDefault();
    if (assignee === "") {
      setOutcome("");
      setProblem("Choose who to assign them to.");
      return;
    }
    const assigneeEntityNumber = assignee === NOBODY ? null : Number(assignee);
    const member = staff.data?.find((person) => person.entityNumber === assigneeEntityNumber);
    const to =
      assigneeEntityNumber === null ? "unassigned" : `assigned to ${member ? personName(member) : "them"}`;
    run({ action: "ASSIGN", referenceNumbers: [...selected], assigneeEntityNumber }, (response) =>
      bulkOutcome(to, "already so", response),
    );
  };

  const cancelClose = () => {
    setConfirmingClose(false);
    setFocusAfter("close");
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="border rounded p-2 mb-3 bg-body-tertiary">
      <h2 id={`${id}-heading`} className="visually-hidden">
        Selected conversations
      </h2>
      <form
        className="d-flex flex-wrap align-items-center gap-2"
        onSubmit={assign}
        aria-label="Assign the selected"
      >
        <span id={`${id}-count`} className="me-2">
          {count === 0 ? "No conversations selected" : `${conversationCount(count)} selected`}
        </span>
        <label htmlFor={`${id}-assignee`} className="visually-hidden">
          Assign to
        </label>
        <select
          id={`${id}-assignee`}
          className="form-select w-auto"
          value={assignee}
          disabled={count === 0}
          onChange={(event) => setAssignee(event.target.value)}
        >
          <option value="">Assign to…</option>
          <option value={NOBODY}>Nobody (unassigned)</option>
          {(staff.data ?? []).map((member) => (
            <option key={member.entityNumber} value={member.entityNumber}>
              {personName(member)} ({ROLE_LABELS[member.role]})
            </option>
          ))}
        </select>
        <button
          type="submit"
          className="btn btn-outline-primary"
          disabled={unusable}
          aria-describedby={`${id}-count`}
        >
          Assign
        </button>
        <button
          ref={closeButton}
          type="button"
          className="btn btn-outline-danger"
          disabled={unusable || confirmingClose}
          aria-describedby={`${id}-count`}
          onClick={() => {
            setOutcome("");
            setProblem("");
            setConfirmingClose(true);
          }}
        >
          Close
        </button>
      </form>
      {tooMany ? (
        <p className="text-danger small mb-0 mt-2">
          Choose at most {BULK_ACTION_MAX} conversations at a time.
        </p>
      ) : null}
      {confirmingClose ? (
        <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
          <p id={`${id}-question`} className="mb-0">
            {`Close ${conversationCount(count)}? Each can be reopened from its page.`}
          </p>
          <button
            ref={confirmButton}
            type="button"
            className="btn btn-sm btn-danger"
            aria-describedby={`${id}-question`}
            disabled={bulk.isPending}
            onClick={() =>
              run({ action: "CLOSE", referenceNumbers: [...selected] }, (response) =>
                bulkOutcome("closed", "already closed", response),
              )
            }
          >
            Close them
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={bulk.isPending}
            onClick={cancelClose}
          >
            Cancel
          </button>
        </div>
      ) : null}
      <div ref={outcomeBox} tabIndex={-1} className="console-focus-target">
        <SuccessStatus>{outcome}</SuccessStatus>
      </div>
      <ErrorMessage>{problem}</ErrorMessage>
    </section>
  );
}
