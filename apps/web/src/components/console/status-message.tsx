import type { ReactNode } from "react";
import { ErrorAlert } from "../alert/alert";

/**
 * A live region that is always there, so what appears in it is announced: a success said politely
 * (role="status"). Errors use ErrorAlert (role="alert"), announced at once.
 */
export function SuccessStatus({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={className}>
      {children ? <div className="alert alert-success mb-0 mt-2">{children}</div> : null}
    </div>
  );
}

export function ErrorMessage({ children }: { children: ReactNode }) {
  if (!children) return null;
  return <ErrorAlert className="mt-2 mb-0">{children}</ErrorAlert>;
}
