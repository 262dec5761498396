import { useEffect, useRef, useState } from "react";
import { ErrorAlert } from "../../../components/alert/alert";
import { Spinner } from "../../../components/spinner/spinner";
import { useTranslate } from "../../../i18n/translate";
import { useRemoveProfilePicture } from "../api/remove-profile-picture";
import { myMembershipMessages as messages } from "../my-membership.messages";

/**
 * "Remove picture", then a confirm step on the page itself (not window.confirm, which screen
 * readers and tests handle poorly). Focus moves into the step and back, so keyboard users follow.
 */
export function RemoveProfilePicture({ hasPicture }: { hasPicture: boolean }) {
  const removal = useRemoveProfilePicture();
  const { t } = useTranslate();
  const [confirming, setConfirming] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const focusRemoveButton = useRef(false);

  const outcome = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (confirming) {
      cancelButton.current?.focus();
    } else if (focusRemoveButton.current) {
      focusRemoveButton.current = false;
      removeButton.current?.focus();
    }
  }, [confirming]);
  // The focused "Yes, remove it" is gone once the removal settles: focus goes to what it said.
  useEffect(() => {
    if (removal.isSuccess || removal.isError) outcome.current?.focus();
  }, [removal.isSuccess, removal.isError]);

  const cancel = () => {
    focusRemoveButton.current = true;
    setConfirming(false);
  };
  const remove = () => removal.mutate(undefined, { onSettled: () => setConfirming(false) });

  return (
    <div className="mb-3">
      {hasPicture && !confirming ? (
        <button
          ref={removeButton}
          type="button"
          className="btn btn-outline-danger"
          onClick={() => {
            removal.reset();
            setConfirming(true);
          }}
        >
          {t(messages.removePicture)}
        </button>
      ) : null}
      {hasPicture && confirming ? (
        <fieldset className="border rounded p-3">
          <legend className="fs-6">{t(messages.removeConfirm)}</legend>
          <div className="d-flex flex-wrap gap-2">
            <button type="button" className="btn btn-danger" onClick={remove} disabled={removal.isPending}>
              {removal.isPending ? <Spinner size="sm" label={t(messages.removing)} className="me-2" /> : null}
              {t(messages.confirmRemove)}
            </button>
            <button
              ref={cancelButton}
              type="button"
              className="btn btn-outline-secondary"
              onClick={cancel}
              disabled={removal.isPending}
            >
              {t(messages.cancel)}
            </button>
          </div>
        </fieldset>
      ) : null}
      {removal.isError ? (
        <div ref={outcome} tabIndex={-1}>
          <ErrorAlert className="mt-2 mb-0">{t(messages.pictureRemove)}</ErrorAlert>
        </div>
      ) : null}
      {removal.isSuccess ? (
        <div ref={outcome} tabIndex={-1} className="alert alert-success mt-2 mb-0" role="status">
          {t(messages.pictureRemoved)}
        </div>
      ) : null}
    </div>
  );
}
