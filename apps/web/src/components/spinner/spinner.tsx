interface SpinnerProps {
  /** Read by screen readers only; the spinner itself is decorative. */
  label?: string;
  size?: "sm" | "md";
  className?: string;
}

/** Bootstrap border spinner with visually hidden text. */
export function Spinner({ label = "Loading...", size = "md", className = "" }: SpinnerProps) {
  const sizeClass = size === "sm" ? " spinner-border-sm" : "";
  return (
    <>
      <span className={`spinner-border${sizeClass} ${className}`.trim()} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </>
  );
}

/** A spinner announced as a polite status, for a region or page that is loading. */
export function LoadingStatus({ label = "Loading..." }: { label?: string }) {
  return (
    <div className="d-flex justify-content-center my-4" role="status" aria-live="polite">
      <Spinner label={label} />
    </div>
  );
}
