import {
  type CurrentExportResponse,
  DATA_RIGHTS_LIMITS,
  type DataExport,
  formatFileSize,
} from "@portal/domain";
import { type FormEvent, useId, useRef, useState } from "react";
import { ErrorAlert } from "../../../components/alert/alert";
import { PageSection } from "../../../components/page-section/page-section";
import { LoadingStatus, Spinner } from "../../../components/spinner/spinner";
import { type translate, useTranslate } from "../../../i18n/translate";
import { exportDownloadUrl } from "../api/download-export";
import { isBeingPrepared, useCurrentExport } from "../api/get-current-export";
import { useRequestExport } from "../api/request-export";
import { usePassed } from "../hooks/use-passed";
import { myDataMessages } from "../my-data.messages";
import { exportPasswordMessage, exportRequestMessage } from "../utils/export-request-message";
import { formatSchemeDateTime } from "../utils/format";
import { ExportProgress } from "./export-progress";

/**
 * "Download all my data": what the archive holds, the newest archive's state (its progress while
 * it is prepared, polled; its link once ready), and "Prepare my download".
 */
export function DataExportSection() {
  const current = useCurrentExport();
  const { t } = useTranslate();
  return (
    <PageSection title={t(myDataMessages.exportTitle)}>
      <p>{t(myDataMessages.exportIntro)}</p>
      <ul>
        <li>{t(myDataMessages.exportHoldsPage)}</li>
        <li>{t(myDataMessages.exportHoldsJson)}</li>
        <li>{t(myDataMessages.exportHoldsFiles)}</li>
      </ul>
      <p>{t(myDataMessages.exportBackground, { days: DATA_RIGHTS_LIMITS.exportAvailableDays })}</p>
      {current.isPending ? <LoadingStatus label={t(myDataMessages.exportChecking)} /> : null}
      {current.isError && current.data === undefined ? (
        <ErrorAlert>{t(myDataMessages.exportLoad)}</ErrorAlert>
      ) : null}
      {current.isPending ? null : <ExportPanel current={current.data} />}
    </PageSection>
  );
}

/** The newest archive and the button; `current` is undefined when it could not be loaded. */
function ExportPanel({ current }: { current: CurrentExportResponse | undefined }) {
  const { t } = useTranslate();
  const archive = current?.export ?? null;
  const expired = usePassed(archive?.status === "READY" ? archive.expiresAt : null);
  // A ready archive past its time is gone, whether or not the server has said so yet.
  const status =
    archive?.status === "READY" && archive.expiresAt !== null && expired ? "EXPIRED" : archive?.status;
  return (
    <>
      {/* Always there, so each change of state (queued, being prepared, ready) is announced. */}
      <p role="status" aria-live="polite" className={status === undefined ? "mb-0" : undefined}>
        {statusSentence(status, t)}
      </p>
      {archive && isBeingPrepared(status) ? <ExportProgress progress={archive.progress} /> : null}
      {archive && status === "READY" ? <ReadyDownload archive={archive} /> : null}
      <PrepareButton current={current} preparing={isBeingPrepared(status)} secondary={status === "READY"} />
    </>
  );
}

function statusSentence(status: DataExport["status"] | undefined, t: typeof translate): string {
  switch (status) {
    case "QUEUED":
      return t(myDataMessages.exportQueued);
    case "RUNNING":
      return t(myDataMessages.exportRunning);
    case "READY":
      return t(myDataMessages.exportReady);
    case "FAILED":
      return t(myDataMessages.exportFailed);
    case "EXPIRED":
      return t(myDataMessages.exportExpired, { days: DATA_RIGHTS_LIMITS.exportAvailableDays });
    default:
      return "";
  }
}

/** The zip, fetched by the browser itself from a plain link (the session cookie goes with it). */
function ReadyDownload({ archive }: { archive: DataExport }) {
  const { t } = useTranslate();
  return (
    <div className="mb-3">
      <a className="btn btn-primary" href={exportDownloadUrl(archive.exportId)} download>
        {archive.sizeBytes === null
          ? t(myDataMessages.download)
          : t(myDataMessages.downloadWithSize, { size: formatFileSize(archive.sizeBytes) })}
      </a>
      {archive.expiresAt === null ? null : (
        <p className="mt-2 mb-0">
          {t(myDataMessages.availableUntil, { dateTime: formatSchemeDateTime(archive.expiresAt) })}
        </p>
      )}
    </div>
  );
}

interface PrepareButtonProps {
  current: CurrentExportResponse | undefined;
  preparing: boolean;
  /** Beside a ready download, which is then the page's main action. */
  secondary: boolean;
}

/**
 * The password, asked again (the download is all the member's data: a session alone may not take
 * it away), and "Prepare my download". The button is unavailable with its reason while an archive
 * is being prepared or until the daily limit allows another, and the field is then not shown.
 * aria-disabled rather than disabled: the button keeps focus when it is pressed and becomes
 * unavailable, and the reason stays reachable as its description.
 */
function PrepareButton({ current, preparing, secondary }: PrepareButtonProps) {
  const request = useRequestExport();
  const { t } = useTranslate();
  const reasonId = useId();
  const fieldId = useId();
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const passwordRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  // Each refusal a new element, so the same sentence twice in a row is announced twice.
  const [attempt, setAttempt] = useState(0);
  const nextAllowedAt = current?.nextAllowedAt ?? null;
  const allowedNow = usePassed(nextAllowedAt);
  let reason: string | null = null;
  if (preparing) reason = t(myDataMessages.preparingReason);
  else if (!allowedNow && nextAllowedAt !== null)
    reason = t(myDataMessages.notBefore, { dateTime: formatSchemeDateTime(nextAllowedAt) });
  const unavailable = reason !== null || request.isPending;
  // A refused password is the field's error; any other refusal the alert's.
  const otherRefusal = request.isError && exportPasswordMessage(request.error, t) === null;

  const refusePassword = (message: string) => {
    setPasswordError(message);
    setAttempt((count) => count + 1);
    const field = passwordRef.current;
    if (field) {
      field.value = "";
      field.focus();
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (unavailable) return;
    const password = passwordRef.current?.value ?? "";
    if (password === "") {
      request.reset();
      refusePassword(t(myDataMessages.passwordMissing));
      return;
    }
    setPasswordError(null);
    request.mutate(password, {
      onSuccess: () => {
        // The field goes while the archive is prepared: focus stays on the form's button.
        if (passwordRef.current) passwordRef.current.value = "";
        if (document.activeElement === passwordRef.current) buttonRef.current?.focus();
      },
      onError: (error) => {
        const message = exportPasswordMessage(error, t);
        if (message !== null) refusePassword(message);
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label={t(myDataMessages.prepare)}>
      {reason === null ? (
        <div className="mb-3">
          <label htmlFor={fieldId} className="form-label">
            {t(myDataMessages.password)}
          </label>
          <input
            ref={passwordRef}
            id={fieldId}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            className={`form-control password-again-field${passwordError ? " is-invalid" : ""}`}
            required
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? `${hintId} ${errorId}` : hintId}
          />
          <div id={hintId} className="form-text">
            {t(myDataMessages.passwordHint)}
          </div>
          {passwordError ? (
            <div key={attempt} id={errorId} className="invalid-feedback d-block" role="alert">
              {passwordError}
            </div>
          ) : null}
        </div>
      ) : null}
      <button
        ref={buttonRef}
        type="submit"
        className={`btn ${secondary ? "btn-outline-primary" : "btn-primary"}${unavailable ? " disabled" : ""}`}
        aria-disabled={unavailable}
        aria-describedby={reason === null ? undefined : reasonId}
      >
        {request.isPending ? <Spinner size="sm" label={t(myDataMessages.asking)} className="me-2" /> : null}
        {t(myDataMessages.prepare)}
      </button>
      {reason === null ? null : (
        <p id={reasonId} className="small text-body-secondary mt-2 mb-0">
          {reason}
        </p>
      )}
      {otherRefusal ? (
        <ErrorAlert className="mt-3 mb-0">{exportRequestMessage(request.error, t)}</ErrorAlert>
      ) : null}
    </form>
  );
}
