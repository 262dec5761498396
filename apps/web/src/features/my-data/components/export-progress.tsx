import type { DataExport } from "@portal/domain";

/**
 * How far the archive has got: records and files written of all there are. A native <progress>
 * rather than Bootstrap's bar, whose width would need an inline style the CSP forbids. Until the
 * worker has counted what there is (total 0), the bar is indeterminate. The values are stated in
 * ARIA too, and in words, so every screen reader reads the same "3 of 10".
 */
export function ExportProgress({ progress }: { progress: DataExport["progress"] }) {
  const counted = progress.total > 0;
  const done = Math.min(progress.done, progress.total);
  const words = counted ? `${done} of ${progress.total} records and files written` : "Waiting to start";
  return (
    <div className="d-flex align-items-center gap-2 my-2">
      <progress
        className="flex-grow-1"
        aria-label="Progress of your data download"
        max={counted ? progress.total : undefined}
        value={counted ? done : undefined}
        aria-valuemin={counted ? 0 : undefined}
        aria-valuemax={counted ? progress.total : undefined}
        aria-valuenow={counted ? done : undefined}
        aria-valuetext={words}
      />
      <span className="small text-body-secondary" aria-hidden="true">
        {counted ? `${done} of ${progress.total}` : words}
      </span>
    </div>
  );
}
