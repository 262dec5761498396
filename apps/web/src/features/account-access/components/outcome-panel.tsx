import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";

interface OutcomePanelProps {
  /** A success is said politely (status); a dead link is a problem (alert). */
  tone: "success" | "problem";
  message: string;
  /** Where to go next: log in, or ask for a new link. */
  next: { to: string; label: ReactNode };
}

/**
 * What a page says once its form is done with (or, for a dead link, instead of it). It takes
 * focus when shown: the form the keyboard was in has gone, and a screen reader should start here.
 */
export function OutcomePanel({ tone, message, next }: OutcomePanelProps) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);
  return (
    <div
      ref={panel}
      tabIndex={-1}
      role={tone === "success" ? "status" : "alert"}
      className={`alert ${tone === "success" ? "alert-success" : "alert-warning"}`}
    >
      <p>{message}</p>
      <p className="mb-0">
        <Link to={next.to} className="alert-link">
          {next.label}
        </Link>
      </p>
    </div>
  );
}
