import { useTranslate } from "../../i18n/translate";
import { spinnerMessages } from "./spinner.messages";

interface SpinnerProps {
  /** Read by screen readers only; the spinner itself is decorative. */
  label?: string;
  size?: "sm" | "md";
  className?: string;
}

/** Bootstrap border spinner with visually hidden text. */
export function Spinner({ label, size = "md", className = "" }: SpinnerProps) {
  const { t } = useTranslate();
  const sizeClass = size === "sm" ? " spinner-border-sm" : "";
  return (
    <>
      <span className={`spinner-border${sizeClass} ${className}`.trim()} aria-hidden="true" />
      <span className="visually-hidden">{label ?? t(spinnerMessages.loading)}</span>
    </>
  );
}

/**
 * A spinner announced as a polite status, for a region or page that is loading. `page`: the whole
 * page is loading (the session check, the page's chunk), so it stands as tall as the window and
 * keeps the footer out of sight: shown and then pushed down by the page, the footer would jump.
 */
export function LoadingStatus({ label, page = false }: { label?: string; page?: boolean }) {
  return (
    <div
      className={`d-flex justify-content-center my-4${page ? " page-loading" : ""}`}
      role="status"
      aria-live="polite"
    >
      <Spinner label={label} />
    </div>
  );
}
