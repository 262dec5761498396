import { MAX_QUERY_DETAIL_LENGTH } from "@portal/domain";
import { useId } from "react";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { translate, useTranslate } from "../../i18n/translate";
import { errorAttributes, FieldErrorText } from "./field-error";
import { queryDetailsMessages } from "./query-details.messages";

interface QueryDetailsFieldProps {
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
  /** Characters typed so far, for the visible count. */
  length: number;
  label?: string;
}

/** Ours, beside the spec's sentence (which asks for the details whether they are missing or too long). */
export function tooLongSentence(excess: number): string {
  return translate(queryDetailsMessages.tooLong, { max: MAX_QUERY_DETAIL_LENGTH, excess });
}

/**
 * Query details with a count towards the 20000-character limit. No maxLength: a long paste would be
 * cut silently, whereas the count and the message let the member shorten it themselves.
 */
export function QueryDetailsField({ registration, error, length, label }: QueryDetailsFieldProps) {
  const { t } = useTranslate();
  const id = useId();
  const countId = `${id}-count`;
  const limitId = `${id}-limit`;
  const tooLong = length > MAX_QUERY_DETAIL_LENGTH;
  // The spec's sentence alone ("Please enter your query detail") would puzzle someone who did.
  const saysLimit = error !== undefined && tooLong;
  const { errorId, controlProps } = errorAttributes(id, error, saysLimit ? [countId, limitId] : [countId]);
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label ?? t(queryDetailsMessages.label)}
      </label>
      <textarea
        id={id}
        rows={6}
        className={`form-control${error ? " is-invalid" : ""}`}
        aria-required="true"
        {...controlProps}
        {...registration}
      />
      <div id={countId} className={`form-text text-end${tooLong ? " text-danger" : ""}`}>
        {t(queryDetailsMessages.count, { length, max: MAX_QUERY_DETAIL_LENGTH })}
      </div>
      <FieldErrorText id={errorId} error={error} />
      {saysLimit ? (
        <div id={limitId} className="invalid-feedback d-block">
          {tooLongSentence(length - MAX_QUERY_DETAIL_LENGTH)}
        </div>
      ) : null}
    </div>
  );
}
