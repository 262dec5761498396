import type { ConsoleQueryResponse } from "@portal/domain";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useStaff } from "../../../api/console/get-staff";
import { useConsoleUser } from "../../../components/console/console-user";
import { ErrorMessage, SuccessStatus } from "../../../components/console/status-message";
import { consoleErrorMessage } from "../../../lib/console/error-message";
import { ORIGIN_LABELS, personName, ROLE_LABELS } from "../../../lib/console/labels";
import { isHttpError } from "../../../lib/http";
import { useAssignToMe } from "../api/assign-to-me";
import { useReopenQuery } from "../api/reopen-query";
import { useSetAssignee } from "../api/set-assignee";
import { useShortcuts } from "../hooks/use-shortcuts";
import { categoryText, STATUS_LABELS, waitingOnText } from "../utils/labels";
import { DueDate } from "./due-date";

type ConsoleQuery = ConsoleQueryResponse["query"];

/**
 * Status, who the conversation waits on, due date and assignment, with "Assign to me" (also the
 * "a" shortcut), a supervisor's assigning and "Reopen".
 */
export function QueryStatusPanel({ query }: { query: ConsoleQuery }) {
  const { person, isSupervisor } = useConsoleUser();
  const referenceNumber = query.referenceNumber;
  const assignToMe = useAssignToMe(referenceNumber);
  const setAssignee = useSetAssignee(referenceNumber);
  const reopen = useReopenQuery(referenceNumber);
  const [done, setDone] = useState("");
  const [failure, setFailure] = useState("");
  const assignedToMe = query.assignedTo?.entityNumber === person.entityNumber;

  const act = (action: Promise<unknown>, success: string, failed: (error: Error) => string) => {
    setDone("");
    setFailure("");
    action.then(
      () => setDone(success),
      (error: Error) => setFailure(failed(error)),
    );
  };
  const assignFailed = (error: Error) =>
    consoleErrorMessage(error, "The assignment could not be changed. Please try again.");
  const takeOver = () => {
    setConfirmingTakeOver(false);
    act(assignToMe.mutateAsync(), "The query is assigned to you.", assignFailed);
  };
  // A query someone else has (a supervisor may have given it to them) is taken only when confirmed.
  const [confirmingTakeOver, setConfirmingTakeOver] = useState(false);
  const assignMe = () => {
    if (query.assignedTo && !assignedToMe) {
      setDone("");
      setFailure("");
      setConfirmingTakeOver(true);
    } else takeOver();
  };

  useShortcuts("query", {
    assignToMe: () => {
      if (assignToMe.isPending) return;
      if (assignedToMe) {
        setFailure("");
        setDone("The query is already assigned to you.");
      } else assignMe();
    },
  });

  return (
    <section aria-labelledby="console-status-heading" className="card mb-4">
      <div className="card-body">
        <h2 id="console-status-heading" className="h4">
          Status
        </h2>
        <dl className="row mb-3">
          <dt className="col-5">Status</dt>
          <dd className="col-7">{STATUS_LABELS[query.status]}</dd>
          <dt className="col-5">Waiting on</dt>
          <dd className="col-7">{waitingOnText(query)}</dd>
          <dt className="col-5">Reply due</dt>
          <dd className="col-7">
            <DueDate replyDueOn={query.replyDueOn} overdue={query.overdue} />
          </dd>
          <dt className="col-5">Category</dt>
          <dd className="col-7">{categoryText(query.category, query.subCategory)}</dd>
          <dt className="col-5">Origin</dt>
          <dd className="col-7">{ORIGIN_LABELS[query.origin]}</dd>
          <dt className="col-5">Assigned to</dt>
          <dd className="col-7">{query.assignedTo ? personName(query.assignedTo) : "Nobody"}</dd>
          <dt className="col-5">Replies go to</dt>
          <dd className="col-7 text-break">
            {query.email}
            {query.ccEmail ? <div>and {query.ccEmail}</div> : null}
          </dd>
        </dl>
        {query.legacy ? (
          <p className="small text-body-secondary">Logged before the portal kept reply due dates.</p>
        ) : null}
        {confirmingTakeOver && query.assignedTo ? (
          <TakeOverQuestion
            assignee={personName(query.assignedTo)}
            onTake={takeOver}
            onKeep={() => setConfirmingTakeOver(false)}
          />
        ) : null}
        <div className="d-flex flex-wrap gap-2">
          {assignedToMe ? null : (
            <button
              type="button"
              className="btn btn-outline-primary"
              disabled={assignToMe.isPending}
              aria-keyshortcuts="a"
              onClick={assignMe}
            >
              Assign to me
            </button>
          )}
          {query.status === "CLOSED" ? (
            <button
              type="button"
              className="btn btn-outline-primary"
              disabled={reopen.isPending}
              onClick={() =>
                act(reopen.mutateAsync(), "The query is open again.", (error) =>
                  isHttpError(error) && error.status === 409
                    ? "This query is already open."
                    : consoleErrorMessage(error, "The query could not be reopened. Please try again."),
                )
              }
            >
              Reopen
            </button>
          ) : null}
        </div>
        {isSupervisor ? (
          <AssignToAnyone
            // A new assignee from the server starts the choice afresh.
            key={query.assignedTo?.entityNumber ?? "nobody"}
            current={query.assignedTo?.entityNumber ?? null}
            pending={setAssignee.isPending}
            onAssign={(assignee) =>
              act(
                setAssignee.mutateAsync(assignee),
                assignee === null ? "The query is unassigned." : "The query is assigned.",
                assignFailed,
              )
            }
          />
        ) : null}
        <SuccessStatus>{done}</SuccessStatus>
        <ErrorMessage>{failure}</ErrorMessage>
      </div>
    </section>
  );
}

interface AssignToAnyoneProps {
  current: number | null;
  pending: boolean;
  onAssign: (assignee: number | null) => void;
}

/** A supervisor's choice of assignee: any member of staff, or nobody. */
function AssignToAnyone({ current, pending, onAssign }: AssignToAnyoneProps) {
  const id = useId();
  const staff = useStaff();
  const [choice, setChoice] = useState(current === null ? "" : String(current));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAssign(choice === "" ? null : Number(choice));
  };
  return (
    <form className="mt-3" onSubmit={submit} aria-label="Assign to anyone">
      <label htmlFor={id} className="form-label">
        Assign to
      </label>
      <div className="input-group">
        <select
          id={id}
          className="form-select"
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
        >
          <option value="">Nobody (unassigned)</option>
          {(staff.data ?? []).map((member) => (
            <option key={member.entityNumber} value={member.entityNumber}>
              {personName(member)} ({ROLE_LABELS[member.role]})
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn-outline-primary" disabled={pending}>
          Assign
        </button>
      </div>
    </form>
  );
}

interface TakeOverQuestionProps {
  assignee: string;
  onTake: () => void;
  onKeep: () => void;
}

/** "Assign to me" on a query someone else has: asked first, the answer's buttons focused in turn. */
function TakeOverQuestion({ assignee, onTake, onKeep }: TakeOverQuestionProps) {
  const id = useId();
  const question = useRef<HTMLDivElement>(null);
  useEffect(() => question.current?.focus(), []);
  return (
    <div
      ref={question}
      className="alert alert-warning"
      role="alertdialog"
      aria-labelledby={`${id}-question`}
      tabIndex={-1}
    >
      <p id={`${id}-question`}>{`This query is assigned to ${assignee}. Take it over?`}</p>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-warning" onClick={onTake}>
          Take it over
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onKeep}>
          {`Leave it with ${assignee}`}
        </button>
      </div>
    </div>
  );
}
