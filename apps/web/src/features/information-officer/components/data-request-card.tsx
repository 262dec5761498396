import { zodResolver } from "@hookform/resolvers/zod";
import { completeDataRequestSchema } from "@portal/domain";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { ErrorMessage, SuccessStatus } from "../../../components/console/status-message";
import { errorAttributes, FieldErrorText } from "../../../components/form-fields/field-error";
import { refusalMessage } from "../../../lib/console/error-message";
import { dueDateText, formatDateTime, personName } from "../../../lib/console/labels";
import { useCompleteDataRequest } from "../api/complete-data-request";
import { useEraseMemberData } from "../api/erase-member-data";
import type { DataRequest } from "../api/get-data-requests";
import { useLegalHold } from "../api/get-legal-hold";
import {
  DATA_REQUEST_KIND_LABELS,
  DATA_REQUEST_STATUS_LABELS,
  daysBetween,
  schemeToday,
} from "../utils/labels";
import { ErasureReport } from "./erasure-report";
import { MemberArchives } from "./member-archives";

/** An open request due within this many days is marked, as one past its day is. */
export const DUE_SOON_DAYS = 5;

function daysText(days: number): string {
  return days === 1 ? "1 day" : `${days} days`;
}

/** The day an answer is due; past due or due soon said in words as well as in colour. */
export function RequestDueDate({ request, today }: { request: DataRequest; today: string }) {
  const day = dueDateText(request.dueOn);
  if (request.status !== "OPEN") return <>{day}</>;
  const left = daysBetween(today, request.dueOn);
  if (left < 0) {
    return (
      <span className="text-danger fw-semibold">
        {day} <span className="badge text-bg-danger">{`Past due by ${daysText(-left)}`}</span>
      </span>
    );
  }
  if (left <= DUE_SOON_DAYS) {
    return (
      <span className="fw-semibold">
        {day}{" "}
        <span className="badge text-bg-warning">{left === 0 ? "Due today" : `Due in ${daysText(left)}`}</span>
      </span>
    );
  }
  return <>{day}</>;
}

type Step = "none" | "completing" | "erasing";

interface DataRequestCardProps {
  request: DataRequest;
  /** After the request is completed: it leaves the open list, so the page says so and moves focus. */
  onCompleted: (request: DataRequest) => void;
}

/** One member's request: what, when it is due, its notes, and what the officer does about it. */
export function DataRequestCard({ request, onCompleted }: DataRequestCardProps) {
  const id = useId();
  const name = personName(request.member);
  const erase = useEraseMemberData();
  const [step, setStep] = useState<Step>("none");
  const [focusAfter, setFocusAfter] = useState<"complete" | "erase" | "report" | null>(null);
  const completeButton = useRef<HTMLButtonElement>(null);
  const eraseButton = useRef<HTMLButtonElement>(null);
  const reportHeading = useRef<HTMLHeadingElement>(null);
  const report = request.erasureReport ?? erase.data?.erasureReport ?? null;
  const open = request.status === "OPEN";
  // A held erasure removed nothing: its request keeps its Erase action for when the hold is lifted.
  const held = report?.held === true;

  // Back to the button that opened a step once it closes; to the report once it has come.
  useEffect(() => {
    if (focusAfter === null || step !== "none") return;
    const target = { complete: completeButton, erase: eraseButton, report: reportHeading }[focusAfter];
    target.current?.focus();
    setFocusAfter(null);
  }, [focusAfter, step]);

  const closeStep = (back: "complete" | "erase") => {
    setStep("none");
    setFocusAfter(back);
  };

  return (
    <article aria-labelledby={`${id}-heading`} className="card mb-3">
      <div className="card-body">
        <h3 id={`${id}-heading`} className="h5">
          {name} <span className="fw-normal text-body-secondary">(entity {request.member.entityNumber})</span>
        </h3>
        <dl className="row mb-0">
          <dt className="col-sm-3">Asks for</dt>
          <dd className="col-sm-9">{DATA_REQUEST_KIND_LABELS[request.kind]}</dd>
          <dt className="col-sm-3">Received</dt>
          <dd className="col-sm-9">{dueDateText(request.receivedOn)}</dd>
          <dt className="col-sm-3">Due by</dt>
          <dd className="col-sm-9">
            <RequestDueDate request={request} today={schemeToday()} />
          </dd>
          <dt className="col-sm-3">Status</dt>
          <dd className="col-sm-9">
            {DATA_REQUEST_STATUS_LABELS[request.status]}
            {request.completedAt ? `, ${formatDateTime(request.completedAt)}` : null}
          </dd>
          <dt className="col-sm-3">Notes</dt>
          <dd className="col-sm-9 console-text">
            {request.notes || <span className="text-body-secondary">None</span>}
          </dd>
          {request.outcome ? (
            <>
              <dt className="col-sm-3">Outcome</dt>
              <dd className="col-sm-9 console-text">{request.outcome}</dd>
            </>
          ) : null}
        </dl>

        {report ? (
          <ErasureReport report={report} headingRef={reportHeading} ownerLabelId={`${id}-heading`} />
        ) : null}
        {open && request.kind === "ACCESS" ? (
          <MemberArchives
            entityNumber={request.member.entityNumber}
            name={name}
            dataRequestId={request.requestId}
            headingLevel={4}
          />
        ) : null}

        {open && step === "none" ? (
          <div className="d-flex flex-wrap gap-2 mt-3">
            <button
              ref={completeButton}
              type="button"
              className="btn btn-sm btn-outline-primary"
              aria-describedby={`${id}-heading`}
              onClick={() => setStep("completing")}
            >
              Complete
            </button>
            {request.kind === "DELETION" && (!report || held) ? (
              <button
                ref={eraseButton}
                type="button"
                className="btn btn-sm btn-outline-danger"
                aria-describedby={`${id}-heading`}
                onClick={() => {
                  erase.reset();
                  setStep("erasing");
                }}
              >
                Erase the member's data
              </button>
            ) : null}
          </div>
        ) : null}
        {open && step === "completing" ? (
          <CompleteForm request={request} onCancel={() => closeStep("complete")} onCompleted={onCompleted} />
        ) : null}
        {open && step === "erasing" ? (
          <ErasureConfirmation
            request={request}
            erasing={erase.isPending}
            onConfirm={() =>
              erase.mutate(request.requestId, {
                onSuccess: () => {
                  setStep("none");
                  setFocusAfter("report");
                },
              })
            }
            onCancel={() => closeStep("erase")}
          />
        ) : null}
        <SuccessStatus>
          {erase.isSuccess && !held ? `${name}'s data is erased. The report is above.` : null}
        </SuccessStatus>
        <ErrorMessage>
          {erase.isSuccess && held
            ? `Nothing of ${name}'s data was erased: it is under a legal hold. The report above says why. Erase again once the hold is released.`
            : erase.error
              ? refusalMessage(erase.error, "The data could not be erased. Please try again.")
              : null}
        </ErrorMessage>
      </div>
    </article>
  );
}

interface ErasureConfirmationProps {
  request: DataRequest;
  erasing: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The step before an erasure: what it removes, and whether a legal hold keeps some of it. Nothing
 * is removed until "Erase the data" is pressed; it takes focus, so a keyboard user hears the
 * question with it.
 */
function ErasureConfirmation({ request, erasing, onConfirm, onCancel }: ErasureConfirmationProps) {
  const id = useId();
  const name = personName(request.member);
  const hold = useLegalHold(request.member.entityNumber);
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmButton.current?.focus(), []);

  return (
    <div className="alert alert-danger mt-3 mb-0">
      <p id={`${id}-question`} className="fw-semibold">
        {`Erase ${name}'s data?`}
      </p>
      <p id={`${id}-what`}>
        This removes their queries and the replies to them, the files attached to queries, and the documents
        they sent, except what is under a legal hold. It cannot be undone.
      </p>
      <p id={`${id}-hold`} role="status" aria-live="polite">
        {hold.isPending ? "Checking for a legal hold..." : null}
        {hold.isError
          ? "Whether a legal hold is in place could not be checked; the server keeps what it covers."
          : null}
        {hold.data === null ? `There is no legal hold on ${name}'s data.` : null}
        {hold.data
          ? `${name}'s data is under a legal hold (${hold.data.reason}): what it covers is kept.`
          : null}
      </p>
      <div className="d-flex flex-wrap gap-2">
        <button
          ref={confirmButton}
          type="button"
          className="btn btn-sm btn-danger"
          aria-describedby={`${id}-question ${id}-what ${id}-hold`}
          disabled={erasing}
          onClick={onConfirm}
        >
          Erase the data
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={erasing}
          onClick={onCancel}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}

interface CompleteFormProps {
  request: DataRequest;
  onCancel: () => void;
  onCompleted: (request: DataRequest) => void;
}

/** How the request was answered, then "Complete request"; checked with the contract's schema. */
function CompleteForm({ request, onCancel, onCompleted }: CompleteFormProps) {
  const id = useId();
  const complete = useCompleteDataRequest();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm({ resolver: zodResolver(completeDataRequestSchema), defaultValues: { outcome: "" } });
  const { errorId, controlProps } = errorAttributes(`${id}-outcome`, errors.outcome);
  useEffect(() => setFocus("outcome"), [setFocus]);

  const submit = handleSubmit(({ outcome }) =>
    complete.mutate({ requestId: request.requestId, outcome }, { onSuccess: onCompleted }),
  );

  return (
    <form
      noValidate
      onSubmit={submit}
      className="mt-3"
      aria-label={`Complete the request of ${personName(request.member)}`}
    >
      <label htmlFor={`${id}-outcome`} className="form-label">
        Outcome
      </label>
      <textarea
        id={`${id}-outcome`}
        rows={3}
        className={`form-control${errors.outcome ? " is-invalid" : ""}`}
        aria-required="true"
        {...controlProps}
        {...register("outcome")}
      />
      <FieldErrorText id={errorId} error={errors.outcome} />
      <div className="d-flex flex-wrap gap-2 mt-2">
        <button type="submit" className="btn btn-sm btn-primary" disabled={complete.isPending}>
          Complete request
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <ErrorMessage>
        {complete.error
          ? refusalMessage(complete.error, "The request could not be completed. Please try again.")
          : null}
      </ErrorMessage>
    </form>
  );
}
