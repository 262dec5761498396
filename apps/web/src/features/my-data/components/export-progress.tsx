import type { DataExport } from "@portal/domain";
import { useTranslate } from "../../../i18n/translate";
import { myDataMessages } from "../my-data.messages";

/**
 * How far the archive has got: records and files written of all there are. A native <progress>
 * rather than Bootstrap's bar, whose width would need an inline style the CSP forbids. Until the
 * worker has counted what there is (total 0), the bar is indeterminate. The values are stated in
 * ARIA too, and in words, so every screen reader reads the same "3 of 10".
 */
export function ExportProgress({ progress }: { progress: DataExport["progress"] }) {
  const { t } = useTranslate();
  const counted = progress.total > 0;
  const done = Math.min(progress.done, progress.total);
  const words = counted
    ? t(myDataMessages.progressWords, { done, total: progress.total })
    : t(myDataMessages.progressWaiting);
  return (
    <div className="d-flex align-items-center gap-2 my-2">
      <progress
        className="flex-grow-1"
        aria-label={t(myDataMessages.progressName)}
        max={counted ? progress.total : undefined}
        value={counted ? done : undefined}
        aria-valuemin={counted ? 0 : undefined}
        aria-valuemax={counted ? progress.total : undefined}
        aria-valuenow={counted ? done : undefined}
        aria-valuetext={words}
      />
      <span className="small text-body-secondary" aria-hidden="true">
        {counted ? t(myDataMessages.progressShort, { done, total: progress.total }) : words}
      </span>
    </div>
  );
}
