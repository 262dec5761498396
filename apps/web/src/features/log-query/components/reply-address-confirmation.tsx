import { type RefObject, useId } from "react";
import { errorAttributes, FieldErrorText } from "../../../components/form-fields/field-error";
import { useTranslate } from "../../../i18n/translate";
import { logQueryFormMessages as messages } from "../log-query-form.messages";

export interface ReplyAddressConfirmationProps {
  /** The live region's id; the e-mail field is described by it while it says something. */
  noticeId: string;
  checkboxRef: RefObject<HTMLInputElement | null>;
  /** The typed address is none of the member's: the notice and the box show. */
  asked: boolean;
  address: string;
  confirmed: boolean;
  showError: boolean;
  onConfirmedChange: (confirmed: boolean) => void;
}

/**
 * Placed right after the e-mail field: a notice in a polite live region (present, empty, from the
 * start, so screen readers announce it when it fills) and a required box naming the address.
 */
export function ReplyAddressConfirmation({
  noticeId,
  checkboxRef,
  asked,
  address,
  confirmed,
  showError,
  onConfirmedChange,
}: ReplyAddressConfirmationProps) {
  const id = useId();
  const { t } = useTranslate();
  const error = showError ? { type: "required", message: t(messages.replyAddressNotConfirmed) } : undefined;
  const { errorId, controlProps } = errorAttributes(id, error);
  return (
    <>
      <div
        id={noticeId}
        aria-live="polite"
        data-reply-address-notice=""
        className={asked ? "alert alert-warning py-2 mb-2" : undefined}
      >
        {asked ? t(messages.replyAddressNotice) : null}
      </div>
      {asked ? (
        <div className="form-check mb-3">
          <input
            ref={checkboxRef}
            id={id}
            type="checkbox"
            className={`form-check-input${showError ? " is-invalid" : ""}`}
            checked={confirmed}
            onChange={(event) => onConfirmedChange(event.target.checked)}
            aria-required="true"
            {...controlProps}
          />
          <label htmlFor={id} className="form-check-label text-break">
            {t(messages.replyAddressConfirm, { address })}
          </label>
          <FieldErrorText id={errorId} error={error} />
        </div>
      ) : null}
    </>
  );
}
