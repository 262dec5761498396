interface UploadProgressProps {
  loaded: number;
  total: number;
  label?: string;
}

/** How much of an upload has been sent; a Bootstrap progress bar screen readers can read. */
export function UploadProgress({ loaded, total, label = "Upload progress" }: UploadProgressProps) {
  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
  return (
    <div
      className="progress my-2"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}% sent`}
    >
      <div className="progress-bar" style={{ width: `${percent}%` }}>
        {percent}%
      </div>
    </div>
  );
}
