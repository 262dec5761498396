import { useTranslate } from "../../i18n/translate";
import type { UploadProgress as Progress } from "../../lib/upload-with-progress";
import { Spinner } from "../spinner/spinner";
import { spinnerMessages } from "../spinner/spinner.messages";
import { UploadProgress } from "../upload-progress/upload-progress";

interface SendButtonProps {
  /** The button's words: "Send Query", "Send Update". */
  label: string;
  /** The progress bar's accessible name: "Sending your query". */
  progressLabel: string;
  sending: boolean;
  /** The upload's progress once the browser reports it. */
  progress: Progress | null;
}

/** A form's send button, with a spinner inside while sending and the upload's progress bar under it. */
export function SendButton({ label, progressLabel, sending, progress }: SendButtonProps) {
  const { t } = useTranslate();
  return (
    <div>
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? <Spinner size="sm" label={t(spinnerMessages.sending)} className="me-2" /> : null}
        {label}
      </button>
      {sending ? (
        <UploadProgress loaded={progress?.loaded ?? 0} total={progress?.total ?? 0} label={progressLabel} />
      ) : null}
    </div>
  );
}
