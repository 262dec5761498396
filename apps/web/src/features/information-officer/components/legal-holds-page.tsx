import { zodResolver } from "@hookform/resolvers/zod";
import { DATA_RIGHTS_LIMITS, memberParamsSchema, setLegalHoldSchema } from "@portal/domain";
import { useEffect, useId, useRef, useState } from "react";
import { type FieldError, useForm } from "react-hook-form";
import { ErrorAlert } from "../../../components/alert/alert";
import { LoadMore } from "../../../components/console/load-more";
import { PageHeading } from "../../../components/console/page-heading";
import { ErrorMessage, SuccessStatus } from "../../../components/console/status-message";
import { errorAttributes, FieldErrorText } from "../../../components/form-fields/field-error";
import { LoadingStatus } from "../../../components/spinner/spinner";
import { isForbidden, refusalMessage } from "../../../lib/console/error-message";
import { formatDateTime, personName } from "../../../lib/console/labels";
import { type LegalHold, useLegalHolds } from "../api/get-legal-holds";
import { useReleaseLegalHold } from "../api/release-legal-hold";
import { useSetLegalHold } from "../api/set-legal-hold";
import { auditPersonName } from "../utils/labels";

/** The member's number (the path of the call) and the reason (its body), as the server checks them. */
const holdFormSchema = memberParamsSchema.extend(setLegalHoldSchema.shape);
const HOLD_PROBLEMS: Readonly<Record<string, string>> = {
  entityNumber: "Enter the member's entity number: digits only.",
  reason: `Keep the reason to ${DATA_RIGHTS_LIMITS.holdReasonMaxLength} characters.`,
};
// The reason's "Give the reason for the hold." is the contract's own and wins over these.
const holdParseOptions = {
  error: (issue: { path?: PropertyKey[] | undefined }) => HOLD_PROBLEMS[String(issue.path?.[0])],
};

/**
 * #/console/legal-holds (information officer): members whose data is kept from erasure and from the retention purge while a
 * claim, dispute or investigation needs it; a hold is set with its reason and released (after a
 * confirmation) when it is no longer needed.
 */
export function LegalHoldsPage() {
  const id = useId();
  const holds = useLegalHolds();
  const release = useReleaseLegalHold();
  const [done, setDone] = useState("");
  const [confirming, setConfirming] = useState<number | null>(null);
  const [focusAfter, setFocusAfter] = useState<number | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const rows = holds.data?.pages.flatMap((page) => page.holds) ?? [];

  // Back to the row's Release button once a confirmation closes without releasing.
  useEffect(() => {
    if (focusAfter === null || confirming !== null) return;
    document.getElementById(releaseButtonId(focusAfter))?.focus();
    setFocusAfter(null);
  }, [focusAfter, confirming]);

  const confirmRelease = (hold: LegalHold) => {
    setDone("");
    release.mutate(hold.member.entityNumber, {
      onSuccess: () => {
        setDone(`The hold on ${personName(hold.member)}'s data is released.`);
        setConfirming(null);
        // The row is gone: focus goes to the list's heading rather than to nowhere.
        listHeading.current?.focus();
      },
    });
  };

  return (
    <section>
      <PageHeading>Legal holds</PageHeading>
      <SetHoldForm onSet={() => release.reset()} />
      <section aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`} ref={listHeading} tabIndex={-1} className="h4 console-page-heading">
          Holds in place
        </h2>
        {holds.isPending ? <LoadingStatus label="Loading the legal holds..." /> : null}
        {holds.isError ? (
          <ErrorAlert>
            {isForbidden(holds.error)
              ? "Only the information officer can see the legal holds."
              : refusalMessage(holds.error, "The legal holds could not be loaded. Please try again.")}
          </ErrorAlert>
        ) : null}
        <SuccessStatus className="mb-3">{done}</SuccessStatus>
        <ErrorMessage>
          {release.error
            ? refusalMessage(release.error, "The hold could not be released. Please try again.")
            : null}
        </ErrorMessage>
        {holds.isSuccess && rows.length === 0 ? (
          <p className="text-body-secondary">No member's data is on hold.</p>
        ) : null}
        {rows.length > 0 ? (
          <div className="table-responsive">
            <table className="table align-middle caption-top">
              <caption>Members whose data is kept from removal</caption>
              <thead>
                <tr>
                  <th scope="col">Member</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Set</th>
                  <th scope="col">Set by</th>
                  <th scope="col">
                    <span className="visually-hidden">Action</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((hold) => (
                  <HoldRow
                    key={hold.member.entityNumber}
                    hold={hold}
                    busy={release.isPending}
                    confirming={confirming === hold.member.entityNumber}
                    onRelease={() => {
                      setDone("");
                      release.reset();
                      setConfirming(hold.member.entityNumber);
                    }}
                    onConfirm={() => confirmRelease(hold)}
                    onCancel={() => {
                      setConfirming(null);
                      setFocusAfter(hold.member.entityNumber);
                    }}
                  />
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <LoadMore query={holds} what="legal holds" />
      </section>
    </section>
  );
}

const releaseButtonId = (entityNumber: number) => `hold-release-${entityNumber}`;

interface HoldRowProps {
  hold: LegalHold;
  busy: boolean;
  confirming: boolean;
  onRelease: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}

function HoldRow({ hold, busy, confirming, onRelease, onConfirm, onCancel }: HoldRowProps) {
  const name = personName(hold.member);
  const questionId = useId();
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  return (
    <tr>
      <th scope="row">
        {name}
        <div className="small fw-normal text-body-secondary">Entity {hold.member.entityNumber}</div>
      </th>
      <td className="console-text">{hold.reason}</td>
      <td className="text-nowrap">{formatDateTime(hold.setAt)}</td>
      <td>{auditPersonName(hold.setBy)}</td>
      <td>
        {confirming ? (
          <div className="d-flex flex-column gap-2">
            <p id={questionId} className="mb-0">
              {`Release the hold on ${name}'s data? It can then be erased when the member asks.`}
            </p>
            <div className="d-flex gap-2">
              <button
                ref={confirmButton}
                type="button"
                className="btn btn-sm btn-danger"
                aria-describedby={questionId}
                disabled={busy}
                onClick={onConfirm}
              >
                Release hold
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                disabled={busy}
                onClick={onCancel}
              >
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <button
            id={releaseButtonId(hold.member.entityNumber)}
            type="button"
            className="btn btn-sm btn-outline-danger"
            aria-label={`Release the hold on ${name}'s data`}
            disabled={busy}
            onClick={onRelease}
          >
            Release
          </button>
        )}
      </td>
    </tr>
  );
}

/** Sets a hold on a member's data, or gives a held member's hold a new reason. */
function SetHoldForm({ onSet }: { onSet: () => void }) {
  const id = useId();
  const setHold = useSetLegalHold();
  const [done, setDone] = useState("");
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(holdFormSchema, holdParseOptions),
    defaultValues: { entityNumber: "", reason: "" },
  });
  // The contract coerces the number (its input is unknown), so the form types its error loosely.
  const memberError = errors.entityNumber as FieldError | undefined;
  const member = errorAttributes(`${id}-member`, memberError);
  const reason = errorAttributes(`${id}-reason`, errors.reason, [`${id}-reason-hint`]);

  const submit = handleSubmit(({ entityNumber, reason: why }) => {
    setDone("");
    onSet();
    setHold.mutate(
      { entityNumber, reason: why },
      {
        onSuccess: (hold) => {
          setDone(
            `${personName(hold.member)}'s data is on hold: it is kept from erasure and from the retention purge until the hold is released.`,
          );
          reset();
        },
      },
    );
  });

  return (
    <section aria-labelledby={`${id}-heading`} className="card mb-4">
      <div className="card-body">
        <h2 id={`${id}-heading`} className="h4">
          Set a hold
        </h2>
        <form noValidate onSubmit={submit} aria-labelledby={`${id}-heading`}>
          <div className="mb-3">
            <label htmlFor={`${id}-member`} className="form-label">
              Member's entity number
            </label>
            <input
              id={`${id}-member`}
              inputMode="numeric"
              autoComplete="off"
              className={`form-control w-auto${memberError ? " is-invalid" : ""}`}
              aria-required="true"
              {...member.controlProps}
              {...register("entityNumber")}
            />
            <FieldErrorText id={member.errorId} error={memberError} />
          </div>
          <div className="mb-3">
            <label htmlFor={`${id}-reason`} className="form-label">
              Reason
            </label>
            <textarea
              id={`${id}-reason`}
              rows={2}
              className={`form-control${errors.reason ? " is-invalid" : ""}`}
              aria-required="true"
              {...reason.controlProps}
              {...register("reason")}
            />
            <div id={`${id}-reason-hint`} className="form-text">
              The claim, dispute or investigation the data is kept for. A member already on hold gets this
              reason instead of the old one.
            </div>
            <FieldErrorText id={reason.errorId} error={errors.reason} />
          </div>
          <button type="submit" className="btn btn-primary" disabled={setHold.isPending}>
            Set the hold
          </button>
          <SuccessStatus>{done}</SuccessStatus>
          <ErrorMessage>
            {setHold.error
              ? refusalMessage(setHold.error, "The hold could not be set. Please try again.")
              : null}
          </ErrorMessage>
        </form>
      </div>
    </section>
  );
}
