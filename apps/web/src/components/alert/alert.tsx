import type { ReactNode } from "react";

interface AlertProps {
  children: ReactNode;
  className?: string;
}

/** The red error alert of requirements §8; role="alert" makes screen readers announce it at once. */
export function ErrorAlert({ children, className = "" }: AlertProps) {
  return (
    <div className={`alert alert-danger ${className}`.trim()} role="alert">
      {children}
    </div>
  );
}
