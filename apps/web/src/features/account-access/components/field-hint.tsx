import type { ReactNode } from "react";

/** A short help text under a field's label; the field names it in aria-describedby. */
export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div id={id} className="form-text mt-0 mb-2">
      {children}
    </div>
  );
}
