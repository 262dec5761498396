import { zodResolver } from "@hookform/resolvers/zod";
import {
  DATA_REQUEST_KINDS,
  DATA_RIGHTS_LIMITS,
  type DataRequestKind,
  recordDataRequestSchema,
} from "@portal/domain";
import { useId, useState } from "react";
import { type FieldError, useForm } from "react-hook-form";
import { ErrorMessage, SuccessStatus } from "../../../components/console/status-message";
import { errorAttributes, FieldErrorText } from "../../../components/form-fields/field-error";
import { refusalMessage } from "../../../lib/console/error-message";
import { dueDateText, personName } from "../../../lib/console/labels";
import { DATE_INPUT_PROPS } from "../../../lib/date-input";
import { useRecordDataRequest } from "../api/record-data-request";
import { DATA_REQUEST_KIND_LABELS, schemeToday } from "../utils/labels";

/** The contract's checks in the console's words (the schema has none of its own for these). */
const RECORD_PROBLEMS: Readonly<Record<string, string>> = {
  entityNumber: "Enter the member's entity number: digits only.",
  kind: "Choose what the member asks for.",
  receivedOn: "Enter the day the request was received.",
  notes: `Keep the notes to ${DATA_RIGHTS_LIMITS.requestNotesMaxLength} characters.`,
};
const recordParseOptions = {
  error: (issue: { path?: PropertyKey[] | undefined }) => RECORD_PROBLEMS[String(issue.path?.[0])],
};

/**
 * Records a member's request about their data (access, correction or deletion) received by mail,
 * phone or at the counter. The statutory clock runs from the day it was received, not the day it
 * is recorded; the server answers with the day it is due.
 */
export function RecordDataRequestForm() {
  const id = useId();
  const record = useRecordDataRequest();
  const [done, setDone] = useState("");
  const today = schemeToday();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(recordDataRequestSchema, recordParseOptions),
    // No kind chosen: the select shows its "Choose" option until one is.
    defaultValues: { entityNumber: "", kind: "" as DataRequestKind, receivedOn: today, notes: "" },
  });
  // The contract coerces the number (its input is unknown), so the form types its error loosely.
  const entityNumberError = errors.entityNumber as FieldError | undefined;
  const field = (name: "entityNumber" | "kind" | "receivedOn" | "notes", hint = false) =>
    errorAttributes(
      `${id}-${name}`,
      name === "entityNumber" ? entityNumberError : errors[name],
      hint ? [`${id}-${name}-hint`] : [],
    );
  const entityNumber = field("entityNumber", true);
  const kind = field("kind");
  const receivedOn = field("receivedOn", true);
  const notes = field("notes", true);

  const submit = handleSubmit((values) => {
    setDone("");
    record.mutate(values, {
      onSuccess: (request) => {
        setDone(
          `Request recorded for ${personName(request.member)}: ${DATA_REQUEST_KIND_LABELS[request.kind].toLowerCase()}, due by ${dueDateText(request.dueOn)}.`,
        );
        reset();
      },
    });
  });

  return (
    <section aria-labelledby={`${id}-heading`} className="card mb-4">
      <div className="card-body">
        <h2 id={`${id}-heading`} className="h4">
          Record a request
        </h2>
        <form noValidate onSubmit={submit} aria-labelledby={`${id}-heading`}>
          <div className="row g-3">
            <div className="col-sm-6 col-lg-4">
              <label htmlFor={`${id}-entityNumber`} className="form-label">
                Member's entity number
              </label>
              <input
                id={`${id}-entityNumber`}
                inputMode="numeric"
                autoComplete="off"
                className={`form-control${entityNumberError ? " is-invalid" : ""}`}
                aria-required="true"
                {...entityNumber.controlProps}
                {...register("entityNumber")}
              />
              <div id={`${id}-entityNumber-hint`} className="form-text">
                The member the request is from.
              </div>
              <FieldErrorText id={entityNumber.errorId} error={entityNumberError} />
            </div>
            <div className="col-sm-6 col-lg-4">
              <label htmlFor={`${id}-kind`} className="form-label">
                The member asks for
              </label>
              <select
                id={`${id}-kind`}
                className={`form-select${errors.kind ? " is-invalid" : ""}`}
                aria-required="true"
                {...kind.controlProps}
                {...register("kind")}
              >
                <option value="">Choose</option>
                {DATA_REQUEST_KINDS.map((value) => (
                  <option key={value} value={value}>
                    {DATA_REQUEST_KIND_LABELS[value]}
                  </option>
                ))}
              </select>
              <FieldErrorText id={kind.errorId} error={errors.kind} />
            </div>
            <div className="col-sm-6 col-lg-4">
              <label htmlFor={`${id}-receivedOn`} className="form-label">
                Received on
              </label>
              <input
                id={`${id}-receivedOn`}
                {...DATE_INPUT_PROPS}
                required
                className={`form-control${errors.receivedOn ? " is-invalid" : ""}`}
                {...receivedOn.controlProps}
                {...register("receivedOn")}
              />
              <div id={`${id}-receivedOn-hint`} className="form-text">
                The time to answer runs from this day.
              </div>
              <FieldErrorText id={receivedOn.errorId} error={errors.receivedOn} />
            </div>
          </div>
          <div className="mt-3">
            <label htmlFor={`${id}-notes`} className="form-label">
              Notes
            </label>
            <textarea
              id={`${id}-notes`}
              rows={3}
              className={`form-control${errors.notes ? " is-invalid" : ""}`}
              {...notes.controlProps}
              {...register("notes")}
            />
            <div id={`${id}-notes-hint`} className="form-text">
              Optional: how it was received, what exactly the member asks.
            </div>
            <FieldErrorText id={notes.errorId} error={errors.notes} />
          </div>
          <button type="submit" className="btn btn-primary mt-3" disabled={record.isPending}>
            Record request
          </button>
          <SuccessStatus>{done}</SuccessStatus>
          <ErrorMessage>
            {record.error
              ? refusalMessage(record.error, "The request could not be recorded. Please try again.")
              : null}
          </ErrorMessage>
        </form>
      </div>
    </section>
  );
}
