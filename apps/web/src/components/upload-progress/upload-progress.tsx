import { useTranslate } from "../../i18n/translate";
import { spinnerMessages } from "../spinner/spinner.messages";

interface UploadProgressProps {
  loaded: number;
  total: number;
  label?: string;
}

/**
 * How much of an upload has been sent. A native <progress> (role progressbar, read by screen
 * readers) rather than Bootstrap's bar, whose width would need an inline style the CSP forbids.
 */
export function UploadProgress({ loaded, total, label }: UploadProgressProps) {
  const { t } = useTranslate();
  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
  return (
    <div className="d-flex align-items-center gap-2 my-2">
      <progress
        className="flex-grow-1"
        aria-label={label ?? t(spinnerMessages.uploadProgress)}
        max={100}
        value={percent}
      >
        {percent}%
      </progress>
      <span className="small text-body-secondary" aria-hidden="true">
        {percent}%
      </span>
    </div>
  );
}
